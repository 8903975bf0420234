import Foundation
import InsetControl
import InsetCore
import InsetTestSupport
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Issue 42 item 15: a 4 MB title tag reaches the window's title, the bar, MPRIS and mpv's
/// `media-title` and `metadata` cut to `TitleCut`'s length (the bytes the terminal gets are
/// LongTitleEndToEndTests').
@Suite("Director: a 4 MB title tag is cut wherever it is shown (issue 42 item 15)", .serialized)
struct DirectorLongTitleTests {
    /// A title as cut: within the bounds, "…" at its end.
    static func isCut(_ text: String?, _ what: String) {
        guard let text else { Issue.record("\(what): none"); return }
        #expect(text.utf8.count <= TitleCut.bytes + 64, "\(what): \(text.utf8.count) bytes")
        #expect(text.contains("Endless") && text.contains(TitleCut.ellipsis), "\(what): \(text.prefix(40))")
    }

    @Test("the window's title, the bar's name, the library's, MPRIS's and mpv's are each at most about a kilobyte")
    func titlesAreCut() throws {
        let dir = try makeTemporaryDirectory("long-title")
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try LongTitleClip.make(in: dir)
        // Timed: the sound-only file plays through a (dummy) sound device.
        let app = try DirectorHarness(paths: [file], timed: true)
        #expect(app.waitUntil(timeout: 8) { app.director.focusedVideo != nil })
        let video = try #require(app.director.focusedVideo)
        Self.isCut(video.name, "the bar's and window's name")
        Self.isCut(app.director.windowTitle, "the window's title")
        var title = WindowTitle()
        let written = title.update(to: app.director.windowTitleSubject)
        let escape = try #require(written)
        #expect(escape.count <= TitleCut.bytes + 64, "OSC 2 of \(escape.count) bytes")
        let status = try #require(app.director.controlledVideoStatus(at: app.now))
        Self.isCut(status.tags?.title, "MPRIS's xesam:title")
        Self.isCut(status.title, "MPRIS's title")
        let state = app.director.mpvState(at: app.now)
        guard case .success(.string(let mediaTitle)) = MpvIPC.value(of: "media-title", in: state) else {
            Issue.record("no media-title"); return
        }
        Self.isCut(mediaTitle, "mpv's media-title")
        guard case .success(let metadata) = MpvIPC.value(of: "metadata", in: state) else { Issue.record("no metadata"); return }
        #expect(metadata.line.utf8.count < 2 * TitleCut.bytes, "mpv's metadata: \(metadata.line.utf8.count) bytes")
        #expect(metadata["artist"] == .string("Someone"), "short tags are whole")
    }
}
