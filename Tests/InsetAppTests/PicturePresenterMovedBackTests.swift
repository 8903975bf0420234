import Foundation
import InsetCore
import Testing
@testable import InsetApp

/// Sixel's changed cells are only sent over a whole picture the screen still shows. A paint
/// that puts a slot at other cells draws over some of its pixels (the control bar over the
/// video), and one that puts it back writes holes there: whatever the link let through in
/// between, the picture after that goes whole. Under load the link lets nothing through
/// for a while, which is the order this replays.
@Suite("Picture presenter: a slot moved and back")
struct PicturePresenterMovedBackTests {
    static let home = CellPoint(column: 2, row: 1)

    static func picture(_ image: RGBImage, time: Int, at cell: CellPoint = home) -> PicturePresenter.Picture {
        PicturePresenterTests.sixelPicture(image, time: time, at: cell)
    }

    /// Shows `picture` until the link lets it through, then returns what was written.
    static func shownOnceOffered(_ presenter: PicturePresenter, _ picture: PicturePresenter.Picture) -> String {
        var text = ""
        presenter.show([picture], redrawn: false, isHole: { _ in false }) { _ in }
        PicturePresenterTests.poll(until: { !text.isEmpty }) {
            if let due = presenter.retryAt, due <= .now() { presenter.show([picture], redrawn: false, isHole: { _ in false }) { _ in } }
            presenter.writeReady { text += String(decoding: $0, as: UTF8.self) }
        }
        return text
    }

    @Test("a slot drawn elsewhere while the link was owed time, then back at its cells: its next picture goes whole, not as changes")
    func movedAndBackWhileOwed() throws {
        let presenter = PicturePresenter(output: .sixel, waker: LoopWaker())
        defer { presenter.stop() }
        let image = PicturePresenterTests.image(PixelSize(width: 24, height: 26), shade: 10)
        _ = PicturePresenterTests.now(presenter, Self.picture(image, time: 1))
        let first = String(decoding: PicturePresenterTests.written(presenter), as: UTF8.self)
        #expect(first.contains("\"1;1;24;26"), "the first picture whole: \(first.prefix(40).debugDescription)")
        // The link is owed a third of a second: the paint with the slot elsewhere (the bar
        // over it) sends nothing, and neither does the paint that puts it back.
        for _ in 0..<3 { presenter.pacer.wrote(bytes: 1_000, blocked: .milliseconds(100), at: .now(), scale: 1, link: presenter.link) }
        let elsewhere = Self.picture(image, time: 2, at: CellPoint(column: 2, row: 0))
        #expect(!presenter.show([elsewhere], redrawn: false, isHole: { _ in false }) { _ in })
        #expect(presenter.counts.paced == 1)
        // Back home, once the link has time: the holes written there took the pixels, so the
        // frame goes whole at its cell (before: only the cells that changed, none here).
        let back = Self.shownOnceOffered(presenter, Self.picture(image, time: 3))
        #expect(back.hasPrefix("\u{1B}[?2026h\u{1B}[2;3H\u{1B}P0;1;0q\"1;1;24;26"), "\(back.prefix(40).debugDescription)")
    }
}
