import Foundation
import Testing
import InsetTestSupport

/// `s` saves the frame on screen as a PNG at the video's own size, compared with FFmpeg's
/// own decode of that frame.
@Suite("Screenshot end to end", .serialized, .tags(.waits))
struct ScreenshotEndToEndTests {
    @Test("s saves the paused frame at the video's 640x360, within 45 dB of ffmpeg's frame; a second s writes a second file, nothing overwritten")
    func screenshotMatchesFFmpeg() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-shots-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let clip = samplePath("clock_16x9_aac.mp4")
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --no-config --screenshot-dir \(dir.path) \(clip)")
        try tmux.waitFor(timeout: 10, "1 s in") { ($0.shownTime?.position ?? 0) >= 1 }
        try tmux.keys("Space")
        try tmux.keys("s")
        try tmux.waitFor(timeout: 10, "saved") { $0.text.contains("saved ") }
        try tmux.keys("s")
        try tmux.waitFor(timeout: 10, "saved again") { $0.text.contains("-2.png") }
        try tmux.keys("q")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(files.count == 2, "\(files)")
        let first = try #require(files.first { !$0.contains("-2.png") })
        #expect(files.contains(first.replacingOccurrences(of: ".png", with: "-2.png")))
        // clock_16x9_aac_0-01.88.png: the frame's time, so its number at 25 fps.
        let clock = first.dropFirst("clock_16x9_aac_".count).dropLast(".png".count)
        let parts = clock.split(separator: "-")
        let seconds = try #require(Double(parts[1])) + 60 * (try #require(Double(parts[0])))
        let index = Int((seconds * 25).rounded())
        let shot = dir.appendingPathComponent(first).path
        let size = try runCommand(["ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of", "csv=p=0", shot])
        #expect(size.trimmingCharacters(in: .whitespacesAndNewlines) == "640,360")
        let reference = dir.appendingPathComponent("ref.png").path
        _ = try runCommand(["ffmpeg", "-v", "error", "-i", clip, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1", "-y", reference])
        let report = try runCommand(["sh", "-c", "ffmpeg -hide_banner -i '\(shot)' -i '\(reference)' -lavfi psnr -f null - 2>&1"])
        let average = report.range(of: #"average:[0-9.inf]+"#, options: .regularExpression).map { String(report[$0].dropFirst(8)) }
        let psnr = try #require(average.flatMap { $0 == "inf" ? Double.infinity : Double($0) }, "\(report)")
        print("screenshot PSNR against ffmpeg's frame \(index): \(psnr) dB")
        #expect(psnr >= 45, "\(report)")
    }
}
