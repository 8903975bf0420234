#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The shared memory objects this process has published for kitty and the terminal has not
/// yet read (kitty unlinks an object once it has read it), and whether shared memory is
/// still the way pictures go.
///
/// A terminal that says it is kitty may not be able to read our objects (a container, a
/// kitty on another machine, `sudo -i`): every frame then stayed in /dev/shm (50 objects
/// left behind; a 64 MB /dev/shm was full after 2 s). So each publication is noted here,
/// and when objects stay unread (`mostUnread`, or one for `readWithin`), or one cannot be
/// made (a full /dev/shm), shared memory is given up for the rest of the run: every object
/// still here is unlinked, the encoders send pixels in the escapes, and one notice says
/// why. At exit, `removeAll` unlinks what is left; at start, `removeLeftovers` unlinks the
/// objects of players that died without doing so (a crash, SIGKILL).
///
/// Any thread: one lock guards it.
public final class SharedMemoryObjects: @unchecked Sendable {
    public static let shared = SharedMemoryObjects()

    /// How long a terminal may take to read an object (kitty reads one as it parses the
    /// escape, within milliseconds), and how many may wait unread at once.
    public static let readWithin: Double = 2
    public static let mostUnread = 8

    private let lock = NSLock()
    private var unread: [(name: String, published: Double)] = []
    private var givenUp: String?
    private var notice: String?

    init() {}

    /// Whether pictures may still go through shared memory.
    public var isUsable: Bool { lock.withLock { givenUp == nil } }

    /// Notes an object just published (its name, as shm_open takes it).
    func published(_ name: String) {
        lock.withLock { unread.append((name, Self.now())) }
    }

    /// Forgets the objects the terminal has read, and gives shared memory up when too many
    /// stay unread or one has for too long. Returns whether it may still be used.
    func checkRead() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard givenUp == nil else { return false }
        unread.removeAll { !Self.exists($0.name) }
        let now = Self.now()
        if unread.count > Self.mostUnread || unread.contains(where: { now - $0.published > Self.readWithin }) {
            giveUpLocked("the terminal did not read the pictures from shared memory")
            return false
        }
        return true
    }

    /// Gives shared memory up for the rest of the run, for `reason` (a failed system call,
    /// pictures left unread), unlinking every object still here.
    func giveUp(_ reason: String) {
        lock.withLock { giveUpLocked(reason) }
    }

    private func giveUpLocked(_ reason: String) {
        guard givenUp == nil else { return }
        givenUp = reason
        notice = "kitty: \(reason); sending them in the escapes instead"
        unlinkLocked()
    }

    /// The notice that shared memory was given up, once.
    public func takeNotice() -> String? {
        lock.withLock {
            defer { notice = nil }
            return notice
        }
    }

    /// Unlinks every object this process published that is still there (at exit).
    public func removeAll() {
        lock.withLock { unlinkLocked() }
    }

    private func unlinkLocked() {
        for object in unread { shm_unlink(object.name) }
        unread.removeAll()
    }

    /// Unlinks the objects of players that are gone (`/inset-<pid hex>-…` whose process no
    /// longer runs): a crash or SIGKILL left them. Linux lists them in /dev/shm; elsewhere
    /// there is no list and nothing is done.
    public static func removeLeftovers(directory: String = "/dev/shm") {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix("inset-") {
            let fields = name.split(separator: "-")
            guard fields.count == 4, let pid = Int32(fields[1], radix: 16), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { shm_unlink("/" + name) }
        }
    }

    private static func exists(_ name: String) -> Bool {
        let descriptor = shm_open(name, O_RDONLY, 0)
        if descriptor >= 0 { close(descriptor); return true }
        return errno != ENOENT
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
