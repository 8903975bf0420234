import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Issue 48 item 5: a screenshot folder that is not there yet (config.md's `~/Pictures`
/// on a fresh account) is made on the first `s`; before, the first `s` failed with
/// "cannot write …: No such file or directory".
@Suite("Director: a missing screenshot folder is made (issue 48 item 5)", .serialized)
struct DirectorScreenshotFolderTests {
    @Test("issue 48 item 5: `s` with a missing folder makes it, with its parents, and saves there")
    func missingFolderIsMade() throws {
        let base = NSTemporaryDirectory() + "inset-shots-\(getpid())-\(UInt32.random(in: 0 ... .max))"
        defer { try? FileManager.default.removeItem(atPath: base) }
        let folder = base + "/Pictures/inset"
        let app = try DirectorHarness(paths: [sample("long_gop.mp4")]) { $0.screenshotDirectory = folder }
        #expect(app.waitForPlayer())
        app.key("Space")
        app.key("s")
        #expect(app.waitUntil(timeout: 10) { app.message?.hasPrefix("saved ") == true || app.message?.hasPrefix("screenshot: ") == true })
        #expect(app.message?.hasPrefix("saved ") == true, "\(app.message ?? "")")
        let saved = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(saved.count == 1 && saved.first?.hasSuffix(".png") == true, "\(saved)")
    }
}
