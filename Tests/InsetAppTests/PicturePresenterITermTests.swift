import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// `--graphics iterm` in the presenter: each frame a JPEG in OSC 1337 at its cell, sized in
/// its cells; no ids and no delete, so a moved picture whose old cells are still holes asks
/// for the screen to be drawn again first (as sixel does), and nothing is written when it goes.
@Suite("Picture presenter: iTerm2 inline images")
struct PicturePresenterITermTests {
    typealias Base = PicturePresenterTests

    @Test("a frame goes as OSC 1337 File= at its cell, sized in cells, a JPEG; moved over holes, the screen is drawn first; gone, nothing")
    func framesMovesAndGoing() throws {
        let presenter = PicturePresenter(output: .iterm(passthrough: false), waker: LoopWaker())
        defer { presenter.stop() }
        let image = Base.image(PixelSize(width: 24, height: 26), shade: 10)
        #expect(Base.now(presenter, Base.picture(image, time: 1)).isEmpty, "encoding happens off this thread")
        let text = String(decoding: Base.written(presenter), as: UTF8.self)
        let head = "\u{1B}[?2026h\u{1B}[2;3H\u{1B}]1337;File=inline=1;size="
        #expect(text.hasPrefix(head), "\(text.prefix(60).debugDescription)")
        #expect(text.contains(";width=4;height=2;preserveAspectRatio=0;doNotMoveCursor=1:"))
        #expect(text.hasSuffix("\u{07}\u{1B}[?2026l"))
        let base64 = text.split(separator: ":").last.map { String($0.dropLast("\u{07}\u{1B}[?2026l".count)) } ?? ""
        let jpeg = try #require(Data(base64Encoded: base64))
        #expect(Array(jpeg.prefix(3)) == [0xFF, 0xD8, 0xFF], "a JPEG")
        #expect(text.contains("size=\(jpeg.count);"))

        // A redraw wiped it: the same bytes again, at once.
        let again = Base.now(presenter, Base.picture(image, time: 1), redrawn: true)
        #expect(String(decoding: again, as: UTF8.self) == text)
        // Moved where some of its old cells are still holes: drawn again first, nothing sent.
        let moved = Base.picture(image, time: 1, at: CellPoint(column: 0, row: 0))
        var wrote: [UInt8] = []
        #expect(presenter.show([moved], redrawn: false) { wrote += $0 })
        #expect(wrote.isEmpty)
        // Where the cells it left were drawn over, it goes to its new place.
        #expect(!presenter.show([moved], redrawn: false, isHole: { _ in false }) { wrote += $0 })
        #expect(String(decoding: Base.written(presenter), as: UTF8.self).hasPrefix("\u{1B}[?2026h\u{1B}[H\u{1B}]1337;File="))
        // Gone: no delete to send (the cells paint over it), and none at exit.
        #expect(!presenter.show([], redrawn: false, isHole: { _ in false }) { wrote += $0 })
        #expect(wrote.isEmpty)
        presenter.farewell { wrote += $0 }
        #expect(wrote.isEmpty)
    }

    @Test("inside tmux: the multipart form, each part in passthrough")
    func multipartInTmux() throws {
        let presenter = PicturePresenter(output: .iterm(passthrough: true), waker: LoopWaker())
        defer { presenter.stop() }
        _ = Base.now(presenter, Base.picture(Base.image(PixelSize(width: 24, height: 26), shade: 90), time: 1))
        let text = String(decoding: Base.written(presenter), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[?2026h\u{1B}[2;3H\u{1B}Ptmux;\u{1B}\u{1B}]1337;MultipartFile=inline=1;size="))
        #expect(text.contains("\u{07}\u{1B}\\\u{1B}Ptmux;\u{1B}\u{1B}]1337;FilePart="))
        #expect(text.hasSuffix("\u{1B}Ptmux;\u{1B}\u{1B}]1337;FileEnd\u{07}\u{1B}\\\u{1B}[?2026l"))
    }

    @Test("inside a tmux pane at 50,3 of the terminal, the picture at cell 2,1 goes to 52,4 outside")
    func paneOrigin() {
        let presenter = PicturePresenter(output: .iterm(passthrough: true), waker: LoopWaker())
        defer { presenter.stop() }
        presenter.condition.withLock { presenter.shared.paneOrigin = CellPoint(column: 50, row: 3) }
        _ = Base.now(presenter, Base.picture(Base.image(PixelSize(width: 24, height: 26), shade: 90), time: 1))
        let text = String(decoding: Base.written(presenter), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[?2026h\u{1B}[2;3H\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[5;53H\u{1B}\u{1B}]1337;MultipartFile="))
        #expect(text.hasSuffix("\u{1B}\u{1B}[5;53H\u{1B}\u{1B}]1337;FileEnd\u{07}\u{1B}\u{1B}8\u{1B}\\\u{1B}[?2026l"))
        #expect(TmuxPane.parse("50 3\n") == CellPoint(column: 50, row: 3))
        #expect(TmuxPane.parse("") == nil && TmuxPane.parse("a b") == nil && TmuxPane.parse("-1 2") == nil)
    }

    /// The pane moved after start (`TmuxPaneWatch`): the redraw that follows does not send the
    /// last bytes again (they name the old place outside) but the picture encoded anew, at
    /// the new place; an unmoved pane's redraw sends the same bytes.
    @Test("inside tmux, the pane moved from 50,3 to 0,3: after the redraw the picture goes to 2,4 outside")
    func paneMoved() {
        let presenter = PicturePresenter(output: .iterm(passthrough: true), waker: LoopWaker())
        defer { presenter.stop() }
        presenter.condition.withLock { presenter.shared.paneOrigin = CellPoint(column: 50, row: 3) }
        let picture = Base.picture(Base.image(PixelSize(width: 24, height: 26), shade: 90), time: 1)
        _ = Base.now(presenter, picture)
        let first = String(decoding: Base.written(presenter), as: UTF8.self)
        #expect(first.contains("\u{1B}\u{1B}[5;53H"))
        #expect(String(decoding: Base.now(presenter, picture, redrawn: true), as: UTF8.self) == first)
        presenter.paneMoved(to: CellPoint(column: 0, row: 3))
        #expect(Base.now(presenter, picture, redrawn: true).isEmpty, "encoded anew, off this thread")
        let moved = String(decoding: Base.written(presenter), as: UTF8.self)
        #expect(moved.contains("\u{1B}\u{1B}[5;3H") && !moved.contains("[5;53H"), "\(moved.prefix(40).debugDescription)")
    }

    /// Konsole keeps an OSC 1337 picture under cells written over it: a move asks for the
    /// screen to be cleared and drawn again even where the cells it left were drawn over.
    @Test("where text keeps the pixels (Konsole), a move over drawn cells draws the screen again first")
    func textKeepsPixels() {
        let presenter = PicturePresenter(output: .iterm(passthrough: false), waker: LoopWaker())
        defer { presenter.stop() }
        presenter.textKeepsPixels = true
        let image = Base.image(PixelSize(width: 24, height: 26), shade: 10)
        _ = Base.now(presenter, Base.picture(image, time: 1))
        _ = Base.written(presenter)
        let moved = Base.picture(image, time: 1, at: CellPoint(column: 0, row: 0))
        var wrote: [UInt8] = []
        #expect(presenter.show([moved], redrawn: false, isHole: { _ in false }) { wrote += $0 })
        #expect(presenter.show([], redrawn: false, isHole: { _ in false }) { wrote += $0 }, "gone: cleared too")
        #expect(wrote.isEmpty)
        var konsole = TerminalCapabilities(environment: ["KONSOLE_VERSION": "221203"])
        #expect(konsole.keepsITermImagesUnderText)
        konsole = TerminalCapabilities(environment: ["TERM_PROGRAM": "WezTerm"])
        #expect(!konsole.keepsITermImagesUnderText)
    }
}
