import InsetCore

/// A growable byte buffer for terminal output, reused from frame to frame.
///
/// One frame's escapes go into one buffer so the writer can hand them to the terminal in
/// a single `write`. Memory is a raw `UnsafeMutablePointer<UInt8>` that grows by doubling
/// and never shrinks; `removeAll()` keeps it. Numbers are written through a digit table,
/// never through `String` formatting, which sat at the top of the profiles of every
/// terminal renderer that tried it.
///
/// Ownership: one owner (the render thread). It is a class so the bytes have one home and
/// are freed once; it is not Sendable, and the pointer from `withUnsafeBytes` is valid
/// only inside the closure.
public final class OutputBuffer {
    public private(set) var bytes: UnsafeMutablePointer<UInt8>
    public internal(set) var count: Int = 0
    public private(set) var capacity: Int

    public init(capacity: Int = 64 * 1024) {
        self.capacity = max(64, capacity)
        bytes = .allocate(capacity: self.capacity)
    }

    deinit { bytes.deallocate() }

    public var isEmpty: Bool { count == 0 }

    /// Forgets the contents, keeping the memory.
    public func removeAll() { count = 0 }

    /// Makes room for at least `extra` more bytes past `count`.
    @inline(__always)
    public func reserveAdditional(_ extra: Int) {
        if count + extra > capacity { grow(to: count + extra) }
    }

    @inline(never)
    private func grow(to needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBytes.update(from: bytes, count: count)
        bytes.deallocate()
        bytes = newBytes
        capacity = newCapacity
    }

    public func append(_ byte: UInt8) {
        reserveAdditional(1)
        bytes[count] = byte
        count += 1
    }

    public func append(_ raw: UnsafeRawBufferPointer) {
        guard raw.count > 0 else { return }
        reserveAdditional(raw.count)
        UnsafeMutableRawPointer(bytes + count).copyMemory(from: raw.baseAddress!, byteCount: raw.count)
        count += raw.count
    }

    /// Appends the UTF-8 of a literal; escapes written once per frame come this way.
    public func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends a String's UTF-8. Not for the per-cell path.
    public func append(_ text: String) {
        var text = text
        text.withUTF8 { append(UnsafeRawBufferPointer($0)) }
    }

    /// Appends `n` in decimal (a minus sign for negatives), from the digit table.
    public func appendDecimal(_ n: Int) {
        reserveAdditional(ByteWriter.maxDecimalBytes)
        var writer = ByteWriter(at: bytes + count)
        writer.putDecimal(n)
        count = writer.position - bytes
    }

    /// Appends one Unicode scalar as UTF-8 (a space for invalid values).
    public func appendUTF8(_ scalar: UInt32) {
        reserveAdditional(4)
        var writer = ByteWriter(at: bytes + count)
        writer.putUTF8(Unicode.Scalar(scalar) == nil ? 0x20 : scalar)
        count = writer.position - bytes
    }

    /// Appends the cursor move to a zero-based cell, in the rasterizer's own shortest CUP.
    public func appendMove(to cell: CellPoint) {
        withWriter(reserving: 2 * ByteWriter.maxDecimalBytes + 4) { w in
            var state = TerminalState()
            state.moveTo(row: cell.row, column: cell.column, into: &w)
        }
    }

    /// The contents, valid for the length of `body`.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    /// A copy of the contents; allocates, for tests and diagnostics.
    public var array: [UInt8] { Array(UnsafeBufferPointer(start: bytes, count: count)) }

    /// Appends through an unchecked writer: `body` may write at most `maxBytes` bytes. The
    /// rasterizer writes each cell row this way, so per-byte capacity checks and class
    /// property accesses stay out of its inner loop.
    @inline(__always)
    func withWriter<R>(reserving maxBytes: Int, _ body: (inout ByteWriter) throws -> R) rethrows -> R {
        reserveAdditional(maxBytes)
        var writer = ByteWriter(at: bytes + count)
        defer {
            count = writer.position - bytes
            assert(count <= capacity, "ByteWriter overran its reservation")
        }
        return try body(&writer)
    }
}
