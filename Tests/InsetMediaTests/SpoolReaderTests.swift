import CFFmpeg
import Foundation
@testable import InsetMedia
import Testing

/// The spool (`spool_reader.h`) over an input in memory that cannot seek: an MP4 with its
/// media before its index is kept and seekable, within its bound; anything else is passed
/// on as it comes, nothing kept.
@Suite("Spool reader")
struct SpoolReaderTests {
    /// An input of `bytes` that cannot seek, read through a spool keeping at most `limit`;
    /// `body` gets the spool's context.
    static func spooled<T>(_ bytes: [UInt8], limit: Int64, _ body: (UnsafeMutablePointer<AVIOContext>) -> T) -> T {
        let input = CountedReaderTests.MemoryInput(bytes)
        let opaque = Unmanaged.passUnretained(input).toOpaque()
        let readPacket: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = { opaque, buffer, size in
            let input = Unmanaged<CountedReaderTests.MemoryInput>.fromOpaque(opaque!).takeUnretainedValue()
            let count = min(Int(size), input.bytes.count - input.position, 5000)
            guard count > 0 else { return cffmpeg_averror_eof() }
            input.bytes.withUnsafeBufferPointer { _ = memcpy(buffer!, $0.baseAddress! + input.position, count) }
            input.position += count
            return Int32(count)
        }
        var inner = avio_alloc_context(av_malloc(4096).assumingMemoryBound(to: UInt8.self), 4096, 0, opaque, readPacket, nil, nil)
        defer {
            av_freep(&inner!.pointee.buffer)
            avio_context_free(&inner)
        }
        let spool = cffmpeg_spool_wrap(inner, limit, nil, 0)!
        defer { cffmpeg_spool_free(spool) }
        return withExtendedLifetime(input) { body(spool) }
    }

    /// A box: its size, its type, then `payload` bytes counting up.
    static func box(_ type: String, payload: Int) -> [UInt8] {
        let size = UInt32(8 + payload)
        return withUnsafeBytes(of: size.bigEndian, Array.init) + Array(type.utf8) + (0..<payload).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    }

    static func read(_ pb: UnsafeMutablePointer<AVIOContext>, at offset: Int64, count: Int) -> [UInt8]? {
        guard avio_seek(pb, offset, SEEK_SET) == offset else { return nil }
        var out = [UInt8](repeating: 0, count: count)
        return avio_read(pb, &out, Int32(count)) == Int32(count) ? out : nil
    }

    @Test("media before the index: seekable, a seek forward reads on to it and keeps what it passed, a seek back is served from memory")
    func keepsMediaFirst() {
        let bytes = Self.box("ftyp", payload: 24) + Self.box("mdat", payload: 900_000) + Self.box("moov", payload: 1000)
        Self.spooled(bytes, limit: 2 << 20) { spool in
            #expect(cffmpeg_spool_keeping(spool) == 1 && spool.pointee.seekable == 1)
            let end = Int64(bytes.count - 1000)
            #expect(Self.read(spool, at: end, count: 1000) == Array(bytes[Int(end)...]))
            #expect(cffmpeg_spool_kept(spool) == Int64(bytes.count))
            #expect(avio_size(spool) < 0, "a pipe's size is not known before its end")
            var past: UInt8 = 0
            #expect(avio_read(spool, &past, 1) == cffmpeg_averror_eof())
            #expect(avio_size(spool) == Int64(bytes.count), "the size, once the input has ended")
            #expect(Self.read(spool, at: 40, count: 70_000) == Array(bytes[40..<70_040]))
        }
    }

    @Test("the bound: a seek or read past it fails with EFBIG and says so for good")
    func bound() {
        let bytes = Self.box("ftyp", payload: 24) + Self.box("mdat", payload: 900_000) + Self.box("moov", payload: 1000)
        Self.spooled(bytes, limit: 300_000) { spool in
            #expect(Self.read(spool, at: 200_000, count: 10) == Array(bytes[200_000..<200_010]))
            #expect(avio_seek(spool, 800_000, SEEK_SET) < 0)
            #expect(cffmpeg_spool_over(spool) == 1)
            #expect(Self.read(spool, at: 10, count: 10) == nil)
        }
    }

    @Test("the index first, or no MP4 at all: a pass-through that cannot seek and lets go of the bytes its walk read", arguments: [
        ("fast start", SpoolReaderTests.box("ftyp", payload: 24) + SpoolReaderTests.box("moov", payload: 1000) + SpoolReaderTests.box("mdat", payload: 600_000)),
        ("MPEG-TS", [UInt8](repeating: 0x47, count: 600_000)),
    ])
    func passesOn(_ row: (String, [UInt8])) {
        let bytes = row.1
        Self.spooled(bytes, limit: 64 << 10) { spool in
            #expect(cffmpeg_spool_keeping(spool) == 0 && spool.pointee.seekable == 0, "\(row.0)")
            var out: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 8192)
            while true {
                let got = avio_read(spool, &chunk, Int32(chunk.count))
                if got <= 0 { break }
                out += chunk[0..<Int(got)]
            }
            #expect(out == bytes, "\(row.0)")
            #expect(cffmpeg_spool_kept(spool) == 0 && cffmpeg_spool_over(spool) == 0, "\(row.0)")
        }
    }
}
