import Foundation
import InsetCore
@testable import InsetMedia
import Testing

/// A screenshot's size (issue 28, medium 5): a file may claim any pixel aspect, and the
/// picture a screenshot makes is stretched by it.
@Suite("Screenshot size")
struct FrameGrabBoundsTests {
    @Test("ordinary aspects stretch the frame; extreme ones are refused with the reason", arguments: [
        (1920, 1080, 1, 1, PixelSize(width: 1920, height: 1080) as PixelSize?),
        (720, 576, 16, 11, PixelSize(width: 1047, height: 576)),
        (1440, 1080, 4, 3, PixelSize(width: 1920, height: 1080)),
        (1920, 1080, 0, 1, PixelSize(width: 1920, height: 1080)),
        (1920, 1080, 32767, 1, nil), (1920, 1080, 1, 32767, nil), (320, 180, 5, 1, nil), (16000, 16000, 1, 1, nil),
    ])
    func sizes(_ row: (Int, Int, Int, Int, PixelSize?)) {
        let size = try? FrameGrab.displaySize(width: row.0, height: row.1, aspect: (row.2, row.3))
        #expect(size == row.4, "\(row)")
    }

    @Test("a 1080p file whose pixel aspect is 32767:1 gives a refusal, not a 204 GB allocation")
    func extremeAspectFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-sar-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("wide.mkv").path
        _ = try run(["ffmpeg", "-v", "error", "-nostdin", "-y", "-f", "lavfi", "-i", "testsrc2=size=1920x1080:rate=5", "-frames:v", "1",
                     "-vf", "setsar=sar=32767/1:max=32767", "-c:v", "libx264", "-preset", "ultrafast", path])
        do {
            _ = try FrameGrab.picture(path: path, at: .zero)
            Issue.record("a 32767:1 screenshot was made")
        } catch let error as FrameGrab.TooLarge {
            #expect(error.description.contains("pixel aspect 32767:1"), "\(error)")
        }
    }
}
