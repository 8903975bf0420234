import CFFmpeg
import Foundation
@testable import InsetMedia
import Testing

/// The counted reader every input is read through (`counted_reader.h`), over an input in
/// memory that can be cut short: documents bounded and handed on in whole lines, media
/// let through, the first bytes deciding which is which (issue 28, high 1).
@Suite("Counted reader")
struct CountedReaderTests {
    /// Bytes in memory read through an AVIOContext, a few hundred at a time (as a network
    /// gives them), failing with `failure` once `failAt` bytes have gone.
    final class MemoryInput {
        let bytes: [UInt8]
        var position = 0
        let failAt: Int?
        let failure: Int32
        /// The most one read gives: nil for a few hundred bytes, as a slow network does.
        let chunk: Int?
        init(_ bytes: [UInt8], failAt: Int? = nil, failure: Int32 = cffmpeg_averror(EIO), chunk: Int? = nil) {
            self.bytes = bytes; self.failAt = failAt; self.failure = failure; self.chunk = chunk
        }
    }

    /// What reading `input` through a counted reader with `bounds` gives: the bytes handed
    /// on, and the error that ended them.
    static func read(_ input: MemoryInput, bounds: inout cffmpeg_document_bounds, nested: Bool = false) -> (bytes: [UInt8], end: Int32) {
        let opaque = Unmanaged.passUnretained(input).toOpaque()
        let readPacket: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UInt8>?, Int32) -> Int32 = { opaque, buffer, size in
            let input = Unmanaged<MemoryInput>.fromOpaque(opaque!).takeUnretainedValue()
            if let failAt = input.failAt, input.position >= failAt { return input.failure }
            var count = min(Int(size), input.bytes.count - input.position, input.chunk ?? 700 + input.position % 300)
            if let failAt = input.failAt { count = min(count, failAt - input.position) }
            guard count > 0 else { return cffmpeg_averror_eof() }
            input.bytes.withUnsafeBufferPointer { _ = memcpy(buffer!, $0.baseAddress! + input.position, count) }
            input.position += count
            return Int32(count)
        }
        let inner = avio_alloc_context(av_malloc(4096).assumingMemoryBound(to: UInt8.self), 4096, 0, opaque, readPacket, nil, nil)!
        defer {
            var context: UnsafeMutablePointer<AVIOContext>? = inner
            av_freep(&context!.pointee.buffer)
            avio_context_free(&context)
        }
        return withUnsafeMutablePointer(to: &bounds) { bounds in
            let reader = cffmpeg_counted_reader_wrap(inner, bounds, nested ? 1 : 0)!
            defer { cffmpeg_counted_reader_free(reader) }
            var out: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 8192)
            while true {
                let got = avio_read(reader, &chunk, Int32(chunk.count))
                if got <= 0 { return (out, got == 0 ? cffmpeg_averror_eof() : got) }
                out += chunk[0..<Int(got)]
            }
        }
    }

    static func bounds(bytes: Int64 = 4 << 20, names: Int32 = 100) -> cffmpeg_document_bounds {
        cffmpeg_document_bounds(max_bytes: bytes, max_names: names, names: 0, refusals: 0, why: 0, stops: nil)
    }

    /// A media playlist of `segments` segments, endless in spirit.
    static func playlist(segments: Int) -> [UInt8] {
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n"
        for n in 0..<segments { text += "#EXTINF:2.0,\nseg/\(n).ts\n" }
        return Array(text.utf8)
    }

    @Test("a playlist past the bound hands on its first whole lines only (what came before the hold), and the refusal is counted once")
    func boundedPlaylist() {
        var bounds = Self.bounds()
        let text = Self.playlist(segments: 300_000)
        let (bytes, end) = Self.read(MemoryInput(text), bounds: &bounds)
        // Issue 42 item 19: what came past the first 256 KiB was held, and dropped with the refusal.
        let handOn = Int(CFFMPEG_COUNTED_HAND_ON)
        #expect(bytes.count >= handOn && bytes.count < handOn + Int(CFFMPEG_COUNTED_STAGE), "\(bytes.count)")
        #expect(bytes == Array(text[..<bytes.count]))
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(end == cffmpeg_averror(EFBIG))
        #expect(bounds.refusals == 1 && bounds.why == Int32(CFFMPEG_DOCUMENT_BYTES))
    }

    @Test("issue 42 item 19: read in large pieces, a refused playlist still leaves only whole lines (the hold starts at a line's end)",
          arguments: [1 << 20, 40_000, 50_001, 65_536, 70_003, 100_000])
    func refusedInLargePieces(chunk: Int) {
        var bounds = Self.bounds()
        let text = Self.playlist(segments: 300_000)
        let (bytes, end) = Self.read(MemoryInput(text, chunk: chunk), bounds: &bounds)
        #expect(bytes.count >= Int(CFFMPEG_COUNTED_HAND_ON) && bytes.count < 1 << 20, "\(bytes.count)")
        #expect(bytes == Array(text[..<bytes.count]))
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(end == cffmpeg_averror(EFBIG))
    }

    @Test("issue 42 item 19: a playlist under the bound but past what is handed on at once is held to its end, then handed on whole")
    func heldThenWhole() {
        var bounds = Self.bounds()
        let text = Self.playlist(segments: 140_000)
        #expect(text.count > 3 << 20 && text.count < 4 << 20)
        let (bytes, end) = Self.read(MemoryInput(text), bounds: &bounds)
        #expect(bytes == text)
        #expect(end == cffmpeg_averror_eof())
        #expect(bounds.refusals == 0)
    }

    @Test("a playlist cut by the network mid-line is handed on in whole lines only")
    func cutPlaylist() {
        var bounds = Self.bounds()
        let text = Self.playlist(segments: 1000)
        // Cut inside a segment's name.
        let cut = text[10_000...].firstIndex(of: UInt8(ascii: "/"))! + 2
        let (bytes, end) = Self.read(MemoryInput(text, failAt: cut), bounds: &bounds)
        #expect(end == cffmpeg_averror(EIO))
        #expect(bytes.last == UInt8(ascii: "\n"))
        #expect(bytes == Array(text[..<bytes.count]))
        #expect(bytes.count < cut && bytes.count > cut - 40)
        #expect(bounds.refusals == 0)
    }

    @Test("a document's last line without a newline is handed on at its clean end")
    func lastLineAtTheEnd() {
        var bounds = Self.bounds()
        let text = Array("#EXTM3U\n#EXTINF:2,\nlast.ts".utf8)
        let (bytes, end) = Self.read(MemoryInput(text), bounds: &bounds)
        #expect(bytes == text && end == cffmpeg_averror_eof())
    }

    @Test("media is let through whole, however long, and never refused")
    func mediaPasses() {
        var bounds = Self.bounds(bytes: 1 << 20)
        var media = [UInt8](repeating: 0x47, count: 10 << 20)
        media[5] = 0
        let (bytes, end) = Self.read(MemoryInput(media), bounds: &bounds)
        #expect(bytes.count == media.count && bytes == media)
        #expect(end == cffmpeg_averror_eof() && bounds.refusals == 0)
    }

    @Test("variants past the bound are refused, across the input's documents")
    func tooManyVariants() {
        var bounds = Self.bounds(names: 100)
        var master = "#EXTM3U\n"
        for n in 0..<60 { master += "#EXT-X-STREAM-INF:BANDWIDTH=\(n + 1)\nv\(n).m3u8\n" }
        _ = Self.read(MemoryInput(Array(master.utf8)), bounds: &bounds)
        #expect(bounds.refusals == 0 && bounds.names == 60)
        let (_, end) = Self.read(MemoryInput(Array(master.utf8)), bounds: &bounds)
        #expect(end == cffmpeg_averror(EFBIG) && bounds.why == Int32(CFFMPEG_DOCUMENT_NAMES))
        var dash = Self.bounds(names: 100)
        let manifest = "<?xml version=\"1.0\"?><MPD><Period><AdaptationSet>"
            + String(repeating: "<Representation id=\"x\" bandwidth=\"1\"/>", count: 200) + "</AdaptationSet></Period></MPD>"
        _ = Self.read(MemoryInput(Array(manifest.utf8)), bounds: &dash)
        #expect(dash.why == Int32(CFFMPEG_DOCUMENT_NAMES))
    }

    @Test("a playlist the input names may not name variants itself (a master naming itself, or a cycle)")
    func nestedMaster() {
        var bounds = Self.bounds()
        let master = Array("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nself.m3u8\n".utf8)
        _ = Self.read(MemoryInput(master), bounds: &bounds, nested: true)
        #expect(bounds.why == Int32(CFFMPEG_DOCUMENT_NESTED_MASTER))
    }

    @Test("the first bytes decide what an input is", arguments: [
        ("#EXTM3U\n", true), ("\u{FEFF}#EXTM3U\n", true), ("  \n<MPD xmlns=''>", true), ("<?xml version='1.0'?>", true),
        ("WEBVTT\n\n", true), ("[Script Info]\n", true), (String(repeating: " ", count: 100) + "x", true),
        ("\u{0}\u{0}\u{0}\u{18}ftypmp42", false), ("GIF89a", false), ("#EXTINF:2,\nx.ts\n", false), ("RIFF....WAVE", false),
    ])
    func firstBytes(_ row: (String, Bool)) {
        let bytes = Array(row.0.utf8)
        let kind = bytes.withUnsafeBufferPointer { buffer -> Int32 in
            var blanks: Int32 = 0
            var start = 0
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3; blanks = 3 }
            while start < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\n")].contains(bytes[start]) { start += 1; blanks += 1 }
            return cffmpeg_classify_head(buffer.baseAddress! + start, Int32(min(16, bytes.count - start)), blanks, 1)
        }
        #expect(kind == Int32(row.1 ? CFFMPEG_READ_DOCUMENT : CFFMPEG_READ_MEDIA), "\(row.0)")
    }

    @Test("a local playlist larger than the bound is refused when it opens, whatever its name")
    func localEndlessPlaylist() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-counted-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var text = "#EXTM3U\n#EXT-X-TARGETDURATION:2\n"
        for n in 0..<100_000 { text += "#EXTINF:2.0,\n\(sample("hls/v0/seg0\(n % 4).ts"))\n" }
        let path = dir.appendingPathComponent("big.m3u8").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        do {
            _ = try MediaSource(path: path)
            Issue.record("a \(text.utf8.count >> 20) MB playlist opened")
        } catch let error as MediaError {
            #expect(error.reason.contains("larger than 4 MiB"), "\(error)")
        }
    }
}
