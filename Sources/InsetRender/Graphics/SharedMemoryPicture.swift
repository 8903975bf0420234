#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import InsetCore

/// A failed system call, with the name of the C function and its errno.
public struct GraphicsSystemError: Error, Hashable, Sendable, CustomStringConvertible {
    public var call: String
    public var code: Int32
    public var description: String { "\(call): \(String(cString: strerror(code)))" }
}

/// Publishes pictures as POSIX shared memory objects for kitty's `t=s` transmission: the
/// terminal maps the object, reads the pixels, and unlinks it. For a terminal on the same
/// machine this replaces a megabyte of base64 per frame with a name of 30 bytes.
///
/// Names are `/inset-<pid>-<publisher>-<n>` in hex, n counting up, so each frame's object
/// is new: the terminal may still be reading the previous one when the next is written.
/// The publisher part (this object's address) keeps two pictures' names apart. The name is
/// built in a fixed buffer, not a `String`, as it is made for every frame.
///
/// The object's pages are allocated before they are written (`posix_fallocate`): a sparse
/// object in a full /dev/shm, which any local user can fill, made the copy die of SIGBUS.
///
/// Ownership: one owner (the encoder). The objects belong to the terminal once named in an
/// escape; one whose escape is never written is unlinked here. Each is noted in `ledger`
/// until the terminal has read it (`SharedMemoryObjects`).
final class SharedMemoryPicture {
    let ledger: SharedMemoryObjects

    /// The NUL-terminated name of the last object published.
    let name: UnsafeMutablePointer<CChar>
    private(set) var nameLength = 0
    private var counter: UInt64 = 0
    private let processID = UInt64(getpid())
    private var publisherID: UInt64 { UInt64(UInt(bitPattern: ObjectIdentifier(self).hashValue)) }

    init(ledger: SharedMemoryObjects = .shared) {
        self.ledger = ledger
        name = .allocate(capacity: 64)  // 7 + 3 × 16 hex digits + 2 dashes + NUL
    }
    deinit { name.deallocate() }

    /// Writes `image`'s packed RGB rows to a new object and returns the size in bytes.
    /// `shm_open(O_CREAT | O_EXCL)`, `ftruncate`, `mmap`, copy, `munmap`, `close`; on
    /// failure the object is unlinked and the error thrown names the call.
    func publish(_ image: RGBImage) throws(GraphicsSystemError) -> Int {
        let rowBytes = image.width * RGBImage.bytesPerPixel
        let size = rowBytes * image.height
        var descriptor: Int32 = -1
        for _ in 0..<8 {  // EEXIST: a stale object of an earlier process with our pid
            counter += 1
            makeName()
            descriptor = shm_open(name, O_CREAT | O_EXCL | O_RDWR, 0o600)
            if descriptor >= 0 || errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw GraphicsSystemError(call: "shm_open", code: errno) }
        defer { close(descriptor) }
        func fail(_ call: String) -> GraphicsSystemError {
            let error = GraphicsSystemError(call: call, code: errno)
            shm_unlink(name)
            return error
        }
        guard ftruncate(descriptor, off_t(size)) == 0 else { throw fail("ftruncate") }
        guard size > 0 else { shm_unlink(name); return 0 }
        #if os(Linux)
        let allocated = posix_fallocate(descriptor, 0, off_t(size))
        if allocated != 0 {
            errno = allocated
            throw fail("posix_fallocate")
        }
        #endif
        let mapped = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, descriptor, 0)
        guard let mapped, mapped != UnsafeMutableRawPointer(bitPattern: -1) else { throw fail("mmap") }
        image.copyPacked(into: mapped.assumingMemoryBound(to: UInt8.self))
        munmap(mapped, size)
        ledger.published(String(cString: name))
        return size
    }

    /// "/inset-<pid hex>-<publisher hex>-<counter hex>" into `name`.
    private func makeName() {
        var length = 0
        func put(_ c: UInt8) { name[length] = CChar(bitPattern: c); length += 1 }
        func putHex(_ v: UInt64) {
            var digits = 1, rest = v >> 4
            while rest > 0 { digits += 1; rest >>= 4 }
            for i in stride(from: digits - 1, through: 0, by: -1) {
                let d = UInt8((v >> (4 * UInt64(i))) & 15)
                put(d < 10 ? 0x30 + d : 0x61 + d - 10)
            }
        }
        for c in "/inset-".utf8 { put(c) }
        putHex(processID)
        put(UInt8(ascii: "-"))
        putHex(publisherID)
        put(UInt8(ascii: "-"))
        putHex(counter)
        name[length] = 0
        nameLength = length
    }
}
