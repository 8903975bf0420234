import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback
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
        var bytes: [UInt8] = []
        poll(for: waiting, until: { !bytes.isEmpty }) { presenter.writeReady { bytes += $0 } }
        return bytes
    }

    /// Runs `step` every 5 ms until `done` or `seconds` have passed: the encoding thread
    /// takes its time.
    static func poll(for seconds: Double = 2, until done: () -> Bool, _ step: () -> Void) {
        let deadline = Date().addingTimeInterval(seconds)
        while !done() && Date() < deadline {
            step()
            if !done() { usleep(5_000) }
        }
    }

    /// A 24x26 sixel picture of one shade (or `image`) on cells of 6x13 pixels.
    static func sixelPicture(_ image: RGBImage = image(PixelSize(width: 24, height: 26), shade: 10), time: Int,
                             at cell: CellPoint = CellPoint(column: 2, row: 1)) -> PicturePresenter.Picture {
        var picture = picture(image, time: time, at: cell)
        picture.pixelsPerCell = PixelSize(width: 6, height: 13)
        return picture
    }

    static func now(_ presenter: PicturePresenter, _ picture: PicturePresenter.Picture?, redrawn: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = []
        presenter.show(picture.map { [$0] } ?? [], redrawn: redrawn) { bytes += $0 }
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
        var picture = Self.sixelPicture(time: 1)
        _ = Self.now(presenter, picture)
        #expect(String(decoding: Self.written(presenter), as: UTF8.self).hasPrefix("\u{1B}[?2026h\u{1B}[2;3H\u{1B}P0;1;0q\"1;1;24;26"))

        // Four pixels of the picture's last cell (column 3, row 1) take a colour from its
        // first: only that cell goes, at its place on the screen (column 2+3, row 1+1).
        let next = Self.image(PixelSize(width: 24, height: 26), shade: 10)
        for (x, y) in [(20, 20), (21, 20), (20, 21), (21, 21)] { next.setPixel(x: x, y: y, next.pixel(x: 0, y: 0)) }
        picture = Self.sixelPicture(next, time: 2)
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
}
