import CFFmpeg
import Foundation
import InsetCore
@testable import InsetMedia
import Testing

/// A PNG's size and pixel format are read from its header so that opening it does not
/// decode it (avformat_find_stream_info would): checked against ffprobe, which decodes, for
/// every colour type and depth, and through a real decode of the picture.
@Suite("Stills described from their header")
struct StillHeaderTests {
    static let formats = ["rgb24", "rgba", "gray", "gray16be", "rgb48be", "rgba64be", "pal8", "ya8", "ya16be", "monob"]

    static func png(_ pixelFormat: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-png-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("\(pixelFormat).png").path
        _ = try run(["ffmpeg", "-v", "error", "-f", "lavfi", "-i", "testsrc2=s=96x64", "-frames:v", "1",
                     "-pix_fmt", pixelFormat, path])
        return path
    }

    @Test("size and pixel format agree with ffprobe's, and the picture decodes", arguments: formats)
    func agreesWithFFprobe(_ pixelFormat: String) throws {
        let path = try Self.png(pixelFormat)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let probed = try run(["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries",
                              "stream=width,height,pix_fmt", "-of", "csv=p=0", path]).trimmingCharacters(in: .whitespacesAndNewlines)
        let header = try #require(PNGHeader(FileNameBytes.cString(path)), "\(pixelFormat): header not taken")
        let name = String(cString: av_get_pix_fmt_name(header.pixelFormat))
        #expect("\(header.width),\(header.height),\(name)" == probed)
        let source = try MediaSource(path: path)
        #expect(source.info.video?.pixelFormat == name)
        let pipeline = try VideoPipeline(source: source, options: .init(threads: 1, viewport: Viewport(cells: CellSize(columns: 48, rows: 16))))
        pipeline.start()
        defer { pipeline.stop() }
        let frames = drain(pipeline, timeout: 10)
        #expect(frames.count == 1)
        let image = try #require(frames.first?.image, "\(pixelFormat): no picture")
        #expect(image.size.width > 0 && image.size.height > 0)
    }

    @Test("a PNG with a tRNS chunk is left to FFmpeg, whose decoder adds alpha for it")
    func transparencyIsLeftAlone() throws {
        let path = try Self.png("rgb24")
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        // A tRNS chunk right after IHDR (its CRC is not checked by the header reader).
        let trns: [UInt8] = [0, 0, 0, 6] + Array("tRNS".utf8) + [0, 0, 0, 0, 0, 0] + [0, 0, 0, 0]
        bytes.insert(contentsOf: trns, at: 33)
        #expect(PNGHeader(bytes: bytes[...]) == nil)
    }
}
