import Foundation
import Testing
import InsetTestSupport

/// A huge still picture given alone is opened by the player only: the library's catalog
/// used to probe the same file at the same moment, and for a PNG FFmpeg decodes the whole
/// picture to learn its pixel format, so two full-size pictures were in memory at once
/// (16000x16000: 1.56 GB instead of 0.8 GB).
@Suite("A huge still picture", .serialized, .tags(.waits))
struct StillMemoryTests {
    @Test("the player's peak memory holds one decoded picture, not two")
    func onePictureInMemory() throws {
        let side = 9_000
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-still-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let picture = dir.appendingPathComponent("huge.png").path
        // One colour compresses to a few hundred KB; decoded it is RGB, 3 bytes a pixel.
        _ = try runCommand(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "color=red:s=\(side)x\(side)",
                            "-frames:v", "1", picture])
        #expect(FileManager.default.fileExists(atPath: picture))
        let decodedKB = side * side * 3 / 1024

        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) \(picture)")
        try tmux.waitFor(timeout: 30, "the picture") { $0.videoRows.count > 10 }
        let pid = try #require(try tmux.childPID())
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        let peakKB = try #require(Int(line.split(whereSeparator: \.isWhitespace)[1]))
        // The player without a picture peaks near 50 MB; two pictures at once (the old way)
        // came to 50 MB + 2 x 237 MB, one to 50 MB + 237 MB.
        let boundKB = 100 * 1024 + decodedKB * 3 / 2
        #expect(peakKB < boundKB, "peak \(peakKB / 1024) MB, one decoded picture \(decodedKB / 1024) MB")
        try tmux.keys("q")
    }
}
