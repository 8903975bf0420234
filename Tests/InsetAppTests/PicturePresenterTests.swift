import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp

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
        #expect(Self.now(presenter, Self.picture(image, time: 2, at: CellPoint(column: 0, row: 0))).isEmpty)
        #expect(String(decoding: Self.written(presenter), as: UTF8.self).hasPrefix("\u{1B}[?2026h\u{1B}[H\u{1B}P"))
        // Gone: sixel needs no bytes (the cells paint over it).
        #expect(Self.now(presenter, nil).isEmpty)
    }

    @Test("kitty: the picture goes as one placement under text, and is deleted when it goes and at exit")
    func kittyDeletes() throws {
        let presenter = PicturePresenter(output: .kitty(.direct, passthrough: false), waker: LoopWaker())
        defer { presenter.stop() }
        let image = Self.image(PixelSize(width: 16, height: 8), shade: 200)
        _ = Self.now(presenter, Self.picture(image, time: 1))
        let text = String(decoding: Self.written(presenter), as: UTF8.self)
        #expect(text.contains("\u{1B}_Ga=T,f=24,s=16,v=8,i=\(PicturePresenter.imageID),p=1,c=4,r=2,z=-1,q=2,C=1"))
        #expect(String(decoding: Self.now(presenter, nil), as: UTF8.self)
                == "\u{1B}_Ga=d,d=i,i=\(PicturePresenter.imageID),q=2\u{1B}\\")
        #expect(Self.now(presenter, nil).isEmpty, "deleted once")
        _ = Self.now(presenter, Self.picture(image, time: 2))
        var farewell: [UInt8] = []
        presenter.farewell { farewell += $0 }
        #expect(String(decoding: farewell, as: UTF8.self) == "\u{1B}_Ga=d,d=I,i=\(PicturePresenter.imageID),q=2\u{1B}\\")
    }

    @Test("a region of the frame is what is sent")
    func region() throws {
        let source = Self.image(PixelSize(width: 30, height: 20), shade: 50)
        let copy = RGBImage(size: PixelSize(width: 10, height: 5))
        copy.copyPixels(of: PixelRect(x: 7, y: 3, width: 10, height: 5), from: source)
        for y in 0..<5 { for x in 0..<10 { #expect(copy.pixel(x: x, y: y) == source.pixel(x: x + 7, y: y + 3)) } }
    }
}
