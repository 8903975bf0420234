import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetMedia

@Suite("Picture presenter")
struct PicturePresenterTests {
    static func image(_ size: PixelSize, shade: UInt8) -> RGBImage {
        let image = RGBImage(size: size)
        for y in 0..<size.height { for x in 0..<size.width { image.setPixel(x: x, y: y, RGB(UInt8(x * 8), shade, UInt8(y * 8))) } }
        return image
    }

    static func picture(_ image: RGBImage, time: Int, at cell: CellPoint = CellPoint(column: 2, row: 1)) -> PicturePresenter.Picture {
        .init(image: image, region: PixelRect(x: 0, y: 0, width: image.width, height: image.height),
              cells: CellRect(origin: cell, size: CellSize(columns: 4, rows: 2)), frame: (0, MediaTime(seconds: Double(time))))
    }

    /// What the presenter writes once its thread has encoded (empty if nothing in 2 s).
    static func written(_ presenter: PicturePresenter, waiting: Double = 2) -> [UInt8] {
        let deadline = Date().addingTimeInterval(waiting)
        var bytes: [UInt8] = []
        while bytes.isEmpty && Date() < deadline {
            presenter.writeReady { bytes += $0 }
            if bytes.isEmpty { usleep(5_000) }
        }
        return bytes
    }

    static func now(_ presenter: PicturePresenter, _ picture: PicturePresenter.Picture?, redrawn: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = []
        presenter.show(picture, redrawn: redrawn) { bytes += $0 }
        return bytes
    }

    @Test("a new frame is encoded and written at its cell; an unchanged one is not sent again, except after a redraw")
    func unchangedFrames() throws {
        let presenter = PicturePresenter(output: .sixel, waker: LoopWaker())
        defer { presenter.stop() }
        let image = Self.image(PixelSize(width: 24, height: 26), shade: 10)
        #expect(Self.now(presenter, Self.picture(image, time: 1)).isEmpty, "encoding happens off this thread")
        let first = Self.written(presenter)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[?2026h\u{1B}[2;3H\u{1B}P0;1;0q\"1;1;24;26"), "\(text.prefix(40).debugDescription)")
        #expect(text.hasSuffix("\u{1B}\\\u{1B}[?2026l"))

        // The same frame at the same place: nothing, now or later.
        #expect(Self.now(presenter, Self.picture(image, time: 1)).isEmpty)
        #expect(Self.written(presenter, waiting: 0.2).isEmpty)
        // A full redraw wiped it: the same bytes again, at once.
        #expect(Self.now(presenter, Self.picture(image, time: 1), redrawn: true) == first)

        // The next frame in the same (recycled) image, and the same frame moved: both sent.
        #expect(Self.now(presenter, Self.picture(image, time: 2)).isEmpty)
        #expect(!Self.written(presenter).isEmpty)
        // Moved where some of its old cells are still holes (nothing was drawn over them):
        // its pixels there would stay, so the screen must be drawn again first.
        let moved = Self.picture(image, time: 2, at: CellPoint(column: 0, row: 0))
        var wrote: [UInt8] = []
        #expect(presenter.show([moved], redrawn: false) { wrote += $0 })
        #expect(wrote.isEmpty && Self.written(presenter, waiting: 0.2).isEmpty)
        // Where the cells it left were drawn over, it is simply sent at its new place.
        #expect(!presenter.show([moved], redrawn: false, isHole: { _ in false }) { wrote += $0 })
        #expect(String(decoding: Self.written(presenter), as: UTF8.self).hasPrefix("\u{1B}[?2026h\u{1B}[H\u{1B}P"))
        // Gone: sixel needs no bytes (the cells paint over it).
        #expect(Self.now(presenter, nil).isEmpty)
    }

    @Test("sixel: the next frame sends only the cells that changed; after a redraw the whole picture again")
    func sixelChangedCells() throws {
        let presenter = PicturePresenter(output: .sixel, waker: LoopWaker())
        defer { presenter.stop() }
        let perCell = PixelSize(width: 6, height: 13)
        var picture = Self.picture(Self.image(PixelSize(width: 24, height: 26), shade: 10), time: 1)
        picture.pixelsPerCell = perCell
        _ = Self.now(presenter, picture)
        #expect(String(decoding: Self.written(presenter), as: UTF8.self).hasPrefix("\u{1B}[?2026h\u{1B}[2;3H\u{1B}P0;1;0q\"1;1;24;26"))

        // Four pixels of the picture's last cell (column 3, row 1) take a colour from its
        // first: only that cell goes, at its place on the screen (column 2+3, row 1+1).
        let next = Self.image(PixelSize(width: 24, height: 26), shade: 10)
        for (x, y) in [(20, 20), (21, 20), (20, 21), (21, 21)] { next.setPixel(x: x, y: y, next.pixel(x: 0, y: 0)) }
        picture = Self.picture(next, time: 2)
        picture.pixelsPerCell = perCell
        _ = Self.now(presenter, picture)
        let text = String(decoding: Self.written(presenter), as: UTF8.self)
        #expect(text.hasPrefix("\u{1B}[?2026h\u{1B}[3;6H\u{1B}P0;1;0q\"1;1;6;13"), "\(text.prefix(40).debugDescription)")

        // A full redraw wiped the screen: the same frame again, encoded whole.
        #expect(Self.now(presenter, picture, redrawn: true).isEmpty)
        #expect(String(decoding: Self.written(presenter), as: UTF8.self).hasPrefix("\u{1B}[?2026h\u{1B}[2;3H\u{1B}P0;1;0q\"1;1;24;26"))
    }

    @Test("kitty: the picture goes as one placement under text, and is deleted when it goes and at exit")
    func kittyDeletes() throws {
        let presenter = PicturePresenter(output: .kitty(.direct, passthrough: false), waker: LoopWaker())
        defer { presenter.stop() }
        let image = Self.image(PixelSize(width: 16, height: 8), shade: 200)
        _ = Self.now(presenter, Self.picture(image, time: 1))
        let text = String(decoding: Self.written(presenter), as: UTF8.self)
        #expect(text.contains("\u{1B}_Ga=T,f=100,i=\(PicturePresenter.imageID),p=1,c=4,r=2,z=-1,q=2,C=1,m=0;"),
                "sent near-lossless as a PNG: \(text.prefix(60).debugDescription)")
        // Its data goes too: a picture's parts come and go with what covers it, and the
        // terminal should keep no image that nothing shows.
        #expect(String(decoding: Self.now(presenter, nil), as: UTF8.self)
                == "\u{1B}_Ga=d,d=I,i=\(PicturePresenter.imageID),q=2\u{1B}\\")
        #expect(Self.now(presenter, nil).isEmpty, "deleted once")
        _ = Self.now(presenter, Self.picture(image, time: 2))
        var farewell: [UInt8] = []
        presenter.farewell { farewell += $0 }
        #expect(String(decoding: farewell, as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=\(PicturePresenter.imageID),q=2\u{1B}\\")
    }

    @Test("inside tmux: each frame goes as a virtual placement under the layer's id, wrapped; a move sends nothing; deleted with its data")
    func kittyPlaceholders() throws {
        let presenter = PicturePresenter(output: .kittyPlaceholders(passthrough: true), waker: LoopWaker())
        defer { presenter.stop() }
        let player = PicturePresenter.PlaceholderImage.player, window = PicturePresenter.PlaceholderImage.window
        func picture(_ image: RGBImage, time: Int, at cell: CellPoint = CellPoint(column: 2, row: 1),
                     id: UInt32 = player) -> PicturePresenter.Picture {
            var picture = Self.picture(image, time: time, at: cell)
            picture.imageID = id
            return picture
        }
        let wrapped = { (keys: String) in "\u{1B}Ptmux;\u{1B}\u{1B}_G" + keys }
        let image = Self.image(PixelSize(width: 16, height: 8), shade: 90)
        #expect(Self.now(presenter, picture(image, time: 1)).isEmpty)
        let first = String(decoding: Self.written(presenter), as: UTF8.self)
        #expect(first.hasPrefix("\u{1B}[?2026h" + wrapped("a=T,f=100,i=\(player),c=4,r=2,U=1,q=2,m=0;")),
                "no cursor move: the placeholder cells say where; \(first.prefix(60).debugDescription)")
        #expect(first.hasSuffix("\u{1B}\u{1B}\\\u{1B}\\\u{1B}[?2026l"))

        // The window moved (the same frame at another cell): the cells moved, nothing is sent.
        #expect(Self.now(presenter, picture(image, time: 1, at: CellPoint(column: 9, row: 4))).isEmpty)
        #expect(Self.written(presenter, waiting: 0.2).isEmpty)
        // The next frame: the same id again, so the cells show it.
        _ = Self.now(presenter, picture(image, time: 2, at: CellPoint(column: 9, row: 4)))
        #expect(String(decoding: Self.written(presenter), as: UTF8.self).contains(wrapped("a=T,f=100,i=\(player),")))

        // Into the window: the player's image goes at once, data and all, then the window's comes.
        let moved = String(decoding: Self.now(presenter, picture(image, time: 2, id: window)), as: UTF8.self)
        #expect(moved == wrapped("a=d,d=I,i=\(player),q=2") + "\u{1B}\u{1B}\\\u{1B}\\")
        // A redraw before the window's picture is encoded does not bring the player's back.
        #expect(!String(decoding: Self.now(presenter, picture(image, time: 2, id: window), redrawn: true), as: UTF8.self)
                    .contains("i=\(player)"))
        #expect(String(decoding: Self.written(presenter), as: UTF8.self).contains(wrapped("a=T,f=100,i=\(window),")))

        #expect(String(decoding: Self.now(presenter, nil), as: UTF8.self)
                == wrapped("a=d,d=I,i=\(window),q=2") + "\u{1B}\u{1B}\\\u{1B}\\")
        _ = Self.now(presenter, picture(image, time: 3, id: window))
        var farewell: [UInt8] = []
        presenter.farewell { farewell += $0 }
        #expect(String(decoding: farewell, as: UTF8.self) == wrapped("a=d,d=I,i=\(window),q=2") + "\u{1B}\u{1B}\\\u{1B}\\")
    }

    @Test("a video layer with a placeholder id numbers the picture's cells from its top-left; the bars stay bars")
    func placeholderLayer() throws {
        let raster = CellRaster(cellPixels: PixelSize(width: 4, height: 8))
        let viewport = Viewport(cells: CellSize(columns: 10, rows: 4), raster: raster)
        // A 40x16 picture centred in 40x32 pixels: rows 1 and 2 of the four.
        let image = RGBImage(size: PixelSize(width: 40, height: 16))
        let frame = VideoFrame(time: .zero, duration: .zero, serial: 0, image: image,
                               placement: PixelRect(x: 0, y: 8, width: 40, height: 16), viewport: viewport, isCorrupt: false)
        var layer = VideoLayer()
        let id = PicturePresenter.PlaceholderImage.preview
        layer.placeholderImageID = id
        layer.show(frame)
        let picture = try #require(layer.picture)
        #expect(picture.cells == CellRect(column: 0, row: 1, columns: 10, rows: 2))
        for row in 0..<4 {
            for column in 0..<10 {
                let cell = layer.plane.grid[column, row]
                if row == 0 || row == 3 {
                    #expect(cell == VideoLayer.bar)
                } else {
                    #expect(cell == .kittyPlaceholder(imageID: id, row: row - 1, column: column))
                }
            }
        }
        layer.placeholderImageID = nil
        layer.show(frame)
        #expect(layer.plane.grid[3, 1] == VideoLayer.pictureHole)
    }

    @Test("a region of the frame is what is sent")
    func region() throws {
        let source = Self.image(PixelSize(width: 30, height: 20), shade: 50)
        let copy = RGBImage(size: PixelSize(width: 10, height: 5))
        copy.copyPixels(of: PixelRect(x: 7, y: 3, width: 10, height: 5), from: source)
        for y in 0..<5 { for x in 0..<10 { #expect(copy.pixel(x: x, y: y) == source.pixel(x: x + 7, y: y + 3)) } }
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
        let deadline = Date().addingTimeInterval(2)
        while !(text.contains("i=\(player),") && text.contains("i=\(window),")) && Date() < deadline {
            presenter.writeReady { text += String(decoding: $0, as: UTF8.self) }
            usleep(5_000)
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
            let deadline = Date().addingTimeInterval(2)
            while text.components(separatedBy: "\u{1B}P0;1;0q").count - 1 < count && Date() < deadline {
                presenter.writeReady { text += String(decoding: $0, as: UTF8.self) }
                usleep(5_000)
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
        let deadline = Date().addingTimeInterval(2)
        while presenter.counts.written == 0 && Date() < deadline {
            presenter.writeReady { _ in usleep(400_000) }
            usleep(5_000)
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
        usleep(UInt32(max(0, Double(due.nanoseconds) - Double(HostTime.now().nanoseconds)) / 1000) + 1_000)
        _ = Self.now(presenter, Self.picture(image, time: 2))
        // Due again only as a still: a second without frames, and it goes whole.
        #expect(try #require(presenter.retryAt) > due.advanced(by: .milliseconds(900)))
        let text = String(decoding: Self.written(presenter), as: UTF8.self)
        #expect(text.contains("a=T,f=100,i=\(PicturePresenter.imageID),p=1,c=4,r=2"), "\(text.prefix(80).debugDescription)")
        #expect(kittyPictureSize(in: text) == PixelSize(width: 6, height: 3))
        // No new frame for a second: the still goes again, whole.
        let still = try #require(presenter.retryAt)
        usleep(UInt32(max(0, Double(still.nanoseconds) - Double(HostTime.now().nanoseconds)) / 1000) + 1_000)
        _ = Self.now(presenter, Self.picture(image, time: 2))
        #expect(presenter.pacer.scale == 1)
        #expect(kittyPictureSize(in: String(decoding: Self.written(presenter), as: UTF8.self)) == PixelSize(width: 16, height: 8))
        #expect(presenter.summary.contains("3 written"), "\(presenter.summary)")
    }

    @Test("sixel: a redraw while the next frame is being encoded as changes: not the older picture again, but the new frame whole")
    func redrawDuringChanges() throws {
        let presenter = PicturePresenter(output: .sixel, waker: LoopWaker())
        defer { presenter.stop() }
        var first = Self.picture(Self.image(PixelSize(width: 24, height: 26), shade: 10), time: 1)
        first.pixelsPerCell = PixelSize(width: 6, height: 13)
        _ = Self.now(presenter, first)
        #expect(!Self.written(presenter).isEmpty)
        let next = Self.image(PixelSize(width: 24, height: 26), shade: 10)
        for (x, y) in [(20, 20), (21, 20)] { next.setPixel(x: x, y: y, next.pixel(x: 0, y: 0)) }
        var second = Self.picture(next, time: 2)
        second.pixelsPerCell = first.pixelsPerCell
        _ = Self.now(presenter, second)
        // The screen is cleared before the changes were written: the old bytes would show
        // the old frame, and the changes alone would land on black.
        #expect(Self.now(presenter, second, redrawn: true).isEmpty)
        var text = ""
        let deadline = Date().addingTimeInterval(2)
        while !text.contains("\"1;1;24;26") && Date() < deadline {
            if let due = presenter.retryAt, due <= .now() { _ = Self.now(presenter, second) }
            presenter.writeReady { text += String(decoding: $0, as: UTF8.self) }
            usleep(5_000)
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
        var picture = Self.picture(Self.image(PixelSize(width: 24, height: 26), shade: 10), time: 1)
        picture.pixelsPerCell = PixelSize(width: 6, height: 13)
        _ = Self.now(presenter, picture)
        var attempts = 0
        let deadline = Date().addingTimeInterval(2)
        while presenter.counts.abandoned == 0 && Date() < deadline {
            presenter.writeReady { (_: UnsafeRawBufferPointer) -> Bool in attempts += 1; return false }
            usleep(5_000)
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
}
