import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback
@testable import InsetMedia

/// The presenter with several pictures, a slow terminal, redraws and keys: the helpers are
/// `PicturePresenterTests`'.
@Suite("Picture presenter: slots, pacing, redraws")
struct PicturePresenterSlotTests {
    static func image(_ size: PixelSize, shade: UInt8) -> RGBImage { PicturePresenterTests.image(size, shade: shade) }
    static func picture(_ image: RGBImage, time: Int, at cell: CellPoint = CellPoint(column: 2, row: 1)) -> PicturePresenter.Picture {
        PicturePresenterTests.picture(image, time: time, at: cell)
    }
    static func written(_ presenter: PicturePresenter, waiting: Double = 2) -> [UInt8] {
        PicturePresenterTests.written(presenter, waiting: waiting)
    }
    static func now(_ presenter: PicturePresenter, _ picture: PicturePresenter.Picture?, redrawn: Bool = false) -> [UInt8] {
        PicturePresenterTests.now(presenter, picture, redrawn: redrawn)
    }
    /// Until a millisecond past `time`.
    static func sleep(until time: HostTime) {
        usleep(UInt32(max(0, Double(time.nanoseconds) - Double(HostTime.now().nanoseconds)) / 1000) + 1_000)
    }

    @Test("the image ids are this process's own: every layer's parts inside its run, the placeholders its three")
    func idsOfThisProcess() {
        let ids = KittyImageIDs(process: getpid())
        let layers = [PicturePresenter.LayerImages.player, PicturePresenter.LayerImages.window, PicturePresenter.LayerImages.preview]
        let cellPlaced = ids.cellPlacedBase..<ids.cellPlacedBase + UInt32(KittyImageIDs.cellPlacedPerProcess)
        for base in layers {
            #expect(cellPlaced.contains(base) && cellPlaced.contains(base + UInt32(PicturePresenter.LayerImages.partsPerLayer - 1)))
        }
        #expect([PicturePresenter.PlaceholderImage.player, PicturePresenter.PlaceholderImage.window, PicturePresenter.PlaceholderImage.preview]
                == (0..<3).map { ids.placeholder($0) })
    }

    @Test("two pictures at once (the full-screen video and the window's): each its own image, written together, and a slot that goes is deleted alone")
    func twoKittyPictures() throws {
        let presenter = PicturePresenter(output: .kitty(.direct, passthrough: false), waker: LoopWaker())
        defer { presenter.stop() }
        let player = PicturePresenter.LayerImages.player, window = PicturePresenter.LayerImages.window
        var full = Self.picture(Self.image(PixelSize(width: 16, height: 8), shade: 20), time: 1, at: CellPoint(column: 0, row: 0))
        full.imageID = player
        var small = Self.picture(Self.image(PixelSize(width: 16, height: 8), shade: 220), time: 1, at: CellPoint(column: 10, row: 5))
        small.imageID = window
        var now: [UInt8] = []
        presenter.show([full, small], redrawn: false) { now += $0 }
        #expect(now.isEmpty)
        var text = ""
        PicturePresenterTests.poll(until: { text.contains("i=\(player),") && text.contains("i=\(window),") }) {
            presenter.writeReady { text += String(decoding: $0, as: UTF8.self) }
        }
        #expect(text.contains("\u{1B}[H\u{1B}_Ga=T,f=100,i=\(player),p=1,c=4,r=2,z=-1"))
        #expect(text.contains("\u{1B}[6;11H\u{1B}_Ga=T,f=100,i=\(window),p=1,c=4,r=2,z=-1"))

        // The next frame of the window only: the full-screen picture is not sent again.
        small.frame = (0, MediaTime(seconds: 2))
        presenter.show([full, small], redrawn: false) { now += $0 }
        let next = String(decoding: Self.written(presenter), as: UTF8.self)
        #expect(next.contains("i=\(window),") && !next.contains("i=\(player),"))

        // The window closes: its image goes, data and all; the full-screen one stays.
        var closed = ""
        presenter.show([full], redrawn: false) { closed += String(decoding: $0, as: UTF8.self) }
        #expect(closed == "\u{1B}_Ga=d,d=I,i=\(window),q=2\u{1B}\\")
        var farewell = ""
        presenter.farewell { farewell += String(decoding: $0, as: UTF8.self) }
        #expect(farewell == "\u{1B}_Ga=d,d=I,i=\(player),q=2\u{1B}\\")
    }

    @Test("sixel, two pictures: each slot sends only its own changed cells, and a redraw sends both whole")
    func twoSixelPictures() throws {
        let presenter = PicturePresenter(output: .sixel, waker: LoopWaker())
        defer { presenter.stop() }
        let perCell = PixelSize(width: 6, height: 13)
        func picture(_ image: RGBImage, time: Int, at cell: CellPoint, id: UInt32) -> PicturePresenter.Picture {
            var picture = Self.picture(image, time: time, at: cell)
            picture.imageID = id
            picture.pixelsPerCell = perCell
            return picture
        }
        let a = Self.image(PixelSize(width: 24, height: 26), shade: 10), b = Self.image(PixelSize(width: 24, height: 26), shade: 240)
        func writeAll(_ pictures: [PicturePresenter.Picture], redrawn: Bool = false, expecting count: Int) -> String {
            var text = ""
            presenter.show(pictures, redrawn: redrawn) { text += String(decoding: $0, as: UTF8.self) }
            PicturePresenterTests.poll(until: { text.components(separatedBy: "\u{1B}P0;1;0q").count - 1 >= count }) {
                presenter.writeReady { text += String(decoding: $0, as: UTF8.self) }
            }
            return text
        }
        let first = writeAll([picture(a, time: 1, at: CellPoint(column: 0, row: 0), id: 1),
                              picture(b, time: 1, at: CellPoint(column: 10, row: 4), id: 2)], expecting: 2)
        #expect(first.contains("\u{1B}[H\u{1B}P0;1;0q\"1;1;24;26"))
        #expect(first.contains("\u{1B}[5;11H\u{1B}P0;1;0q\"1;1;24;26"))

        // One cell of the second changes: only that cell, at its place (column 10+3, row 4+1).
        let b2 = Self.image(PixelSize(width: 24, height: 26), shade: 240)
        for (x, y) in [(20, 20), (21, 20), (20, 21), (21, 21)] { b2.setPixel(x: x, y: y, b2.pixel(x: 0, y: 0)) }
        let second = writeAll([picture(a, time: 1, at: CellPoint(column: 0, row: 0), id: 1),
                               picture(b2, time: 2, at: CellPoint(column: 10, row: 4), id: 2)], expecting: 1)
        #expect(second.hasPrefix("\u{1B}[?2026h\u{1B}[6;14H\u{1B}P0;1;0q\"1;1;6;13"), "\(second.prefix(40).debugDescription)")
        #expect(second.components(separatedBy: "\u{1B}P").count == 2, "one picture only")

        // A redraw: the first is sent again as it was (whole), the second encoded whole again.
        let redrawn = writeAll([picture(a, time: 1, at: CellPoint(column: 0, row: 0), id: 1),
                                picture(b2, time: 2, at: CellPoint(column: 10, row: 4), id: 2)], redrawn: true, expecting: 2)
        #expect(redrawn.contains("\u{1B}[H\u{1B}P0;1;0q\"1;1;24;26"))
        #expect(redrawn.contains("\u{1B}[5;11H\u{1B}P0;1;0q\"1;1;24;26"))
    }

    @Test("a terminal that takes a picture slowly: the next frame is skipped unencoded and due again later, then pictures go smaller to the same cells")
    func pacedToTheTerminal() throws {
        let presenter = PicturePresenter(output: .kitty(.direct, passthrough: false), waker: LoopWaker())
        defer { presenter.stop() }
        let image = Self.image(PixelSize(width: 16, height: 8), shade: 200)
        _ = Self.now(presenter, Self.picture(image, time: 1))
        // The terminal holds the write for 400 ms: longer than a key should wait, and more
        // than the link can give pictures (3/4 of the time, and 50 ms in hand).
        // The app's meter takes each write's drain, as `App.measureLink` does.
        PicturePresenterTests.poll(until: { presenter.counts.written > 0 }) {
            presenter.writeReady { (bytes: UnsafeRawBufferPointer) -> Void in
                let start = HostTime.now()
                usleep(400_000)
                let waited = HostTime.now().elapsed(since: start)
                presenter.link.wrote(bytes: bytes.count, blocked: waited, at: start, drainedBytes: bytes.count, drainTime: waited)
            }
        }
        #expect(presenter.counts.written == 1)
        // 400 ms for one picture: at once to 3/8 of the size, whose 9/64 of the bytes take
        // about 56 ms (3/4 would still take 225).
        #expect(presenter.pacer.scale == 0.375)
        // The next frame comes at once: the link is owed time, so it is not encoded.
        #expect(Self.now(presenter, Self.picture(image, time: 2)).isEmpty)
        #expect(presenter.counts.paced == 1)
        let due = try #require(presenter.retryAt)
        #expect(due > HostTime.now())
        #expect(Self.written(presenter, waiting: 0.1).isEmpty)
        // Once due, the same frame goes, at 3/8 of its width and height, to the same cells.
        Self.sleep(until: due)
        _ = Self.now(presenter, Self.picture(image, time: 2))
        // Due again only as a still: a second without frames, and it goes whole.
        #expect(try #require(presenter.retryAt) > due.advanced(by: .milliseconds(900)))
        let text = String(decoding: Self.written(presenter), as: UTF8.self)
        #expect(text.contains("a=T,f=100,i=\(PicturePresenter.imageID),p=1,c=4,r=2"), "\(text.prefix(80).debugDescription)")
        #expect(kittyPictureSize(in: text) == PixelSize(width: 6, height: 3))
        // No new frame for a second: the still goes again, whole.
        let still = try #require(presenter.retryAt)
        Self.sleep(until: still)
        _ = Self.now(presenter, Self.picture(image, time: 2))
        #expect(presenter.pacer.scale == 1)
        #expect(kittyPictureSize(in: String(decoding: Self.written(presenter), as: UTF8.self)) == PixelSize(width: 16, height: 8))
        #expect(presenter.summary.contains("3 written"), "\(presenter.summary)")
    }

    @Test("sixel: a redraw while the next frame is being encoded as changes: not the older picture again, but the new frame whole")
    func redrawDuringChanges() throws {
        let presenter = PicturePresenter(output: .sixel, waker: LoopWaker())
        defer { presenter.stop() }
        let first = PicturePresenterTests.sixelPicture(time: 1)
        _ = Self.now(presenter, first)
        #expect(!Self.written(presenter).isEmpty)
        let next = Self.image(PixelSize(width: 24, height: 26), shade: 10)
        for (x, y) in [(20, 20), (21, 20)] { next.setPixel(x: x, y: y, next.pixel(x: 0, y: 0)) }
        let second = PicturePresenterTests.sixelPicture(next, time: 2)
        _ = Self.now(presenter, second)
        // The screen is cleared before the changes were written: the old bytes would show
        // the old frame, and the changes alone would land on black.
        #expect(Self.now(presenter, second, redrawn: true).isEmpty)
        var text = ""
        PicturePresenterTests.poll(until: { text.contains("\"1;1;24;26") }) {
            if let due = presenter.retryAt, due <= .now() { _ = Self.now(presenter, second) }
            presenter.writeReady { text += String(decoding: $0, as: UTF8.self) }
        }
        #expect(text.contains("\u{1B}[2;3H\u{1B}P0;1;0q\"1;1;24;26"), "\(text.prefix(60).debugDescription)")
    }

    @Test("kitty through shared memory: after a redraw the frame is sent anew (the terminal unlinked the object the old bytes name)")
    func sharedMemoryAfterRedraw() throws {
        let presenter = PicturePresenter(output: .kitty(.sharedMemory, passthrough: false), waker: LoopWaker())
        defer { presenter.stop() }
        var names: [String] = []
        /// The objects named, unlinked as the terminal would.
        func take(_ bytes: [UInt8]) -> String {
            let text = String(decoding: bytes, as: UTF8.self)
            for command in text.components(separatedBy: "\u{1B}_G").dropFirst() where command.contains("t=s") {
                let payload = command.split(separator: ";", maxSplits: 1)[1].prefix { $0 != "\u{1B}" }
                if let data = Data(base64Encoded: String(payload)) {
                    let name = String(decoding: data, as: UTF8.self)
                    names.append(name)
                    shm_unlink(name)
                }
            }
            return text
        }
        let image = Self.image(PixelSize(width: 16, height: 8), shade: 120)
        _ = take(Self.now(presenter, Self.picture(image, time: 1)))
        _ = take(Self.written(presenter))
        #expect(names.count == 1)
        #expect(take(Self.now(presenter, Self.picture(image, time: 1), redrawn: true)).isEmpty)
        _ = take(Self.written(presenter))
        #expect(names.count == 2 && names[0] != names[1], "\(names)")
    }

    @Test("a picture cut short for a key is not taken as shown: counted, offered again at once, and encoded whole")
    func cutShortForAKey() throws {
        let presenter = PicturePresenter(output: .sixel, waker: LoopWaker())
        defer { presenter.stop() }
        let picture = PicturePresenterTests.sixelPicture(time: 1)
        _ = Self.now(presenter, picture)
        var attempts = 0
        PicturePresenterTests.poll(until: { presenter.counts.abandoned > 0 }) {
            presenter.writeReady { (_: UnsafeRawBufferPointer) -> Bool in attempts += 1; return false }
        }
        #expect(presenter.counts.abandoned == 1 && presenter.counts.written == 0)
        let due = try #require(presenter.retryAt)
        #expect(due <= .now())
        // The same frame again: encoded anew, whole (the screen holds only part of it).
        _ = Self.now(presenter, picture)
        let text = String(decoding: Self.written(presenter), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[?2026h\u{1B}[2;3H\u{1B}P0;1;0q\"1;1;24;26"), "\(text.prefix(40).debugDescription)")
        #expect(presenter.summary.contains("1 cut short for a key"))
    }

    /// Under load: the picture moved while the link was owed time (not encoded for its new
    /// place yet), and the one encoded for its old place came back after the paint that drew
    /// something else there (the window moved over it). Written, it covered that: sixel and
    /// iTerm2 pixels stayed where no later picture went (24 of an iTerm2 strip's 623 cells in
    /// `scripts/pty-iterm --moves`); kitty's placement sat there until the next picture.
    @Test("a picture encoded for where its slot was, done after the slot moved while the link was owed time: not written there; the new place follows",
          arguments: [ITermPictures(passthrough: false), SixelPictures(), KittyPictures(transmission: .direct, passthrough: false)]
            as [any PictureOutput])
    func encodedForTheOldPlace(output: any PictureOutput) throws {
        let presenter = PicturePresenter(output: output, waker: LoopWaker())
        defer { presenter.stop() }
        let image = Self.image(PixelSize(width: 24, height: 26), shade: 10)
        _ = Self.now(presenter, Self.picture(image, time: 1))
        PicturePresenterTests.poll(until: { presenter.condition.withLock { !presenter.shared.ready.isEmpty } }) {}
        // The last pictures held the writes 100 ms each (not enough to shrink them): the link
        // is owed a third of a second, nothing goes yet.
        for _ in 0..<3 { presenter.pacer.wrote(bytes: 1_000, blocked: .milliseconds(100), at: .now(), scale: 1, link: presenter.link) }
        let moved = Self.picture(image, time: 1, at: CellPoint(column: 10, row: 5))
        #expect(!presenter.show([moved], redrawn: false, isHole: { _ in false }) { _ in })
        #expect(presenter.counts.paced == 1)
        var text = ""
        presenter.writeReady { text += String(decoding: $0, as: UTF8.self) }
        #expect(text.isEmpty, "written at its old place: \(text.prefix(40).debugDescription)")
        // Offered again once the link has time: it goes to its new place.
        var later = ""
        PicturePresenterTests.poll(until: { !later.isEmpty }) {
            if let due = presenter.retryAt, due <= .now() { presenter.show([moved], redrawn: false, isHole: { _ in false }) { _ in } }
            presenter.writeReady { later += String(decoding: $0, as: UTF8.self) }
        }
        #expect(later.hasPrefix("\u{1B}[?2026h\u{1B}[6;11H\u{1B}"), "\(later.prefix(40).debugDescription)")
    }
}
