import InsetCore
import Testing
import InsetTestSupport
@testable import InsetMedia

/// mpv's subtitle options given to libass (`SubtitleRenderer.look`, `cass_configure`): each
/// measured on what libass drew into a grey picture, against the same events drawn with the
/// defaults, so no size or place is a constant of the test.
@Suite("Subtitle renderer: scale, size, colour, position, override")
struct SubtitleRendererLookTests {
    static let header = SubtitleRendererTests.header
    static let grey = RGB(60, 60, 60)
    /// A dialogue line of the script's Default style (white, 40 of 360 rows, bottom-centred).
    static let dialogue = SubtitleCue(start: .seconds(1), end: .seconds(5), text: "Hello",
                                      assEvents: ["0,Default,,0,0,0,,Hello"])
    /// The same words as a converted track draws them (SRT through libavcodec, the second track).
    static let plain = PlainAssScript.cue(SubtitleCue(start: .seconds(1), end: .seconds(5), text: "Hello"), top: false)

    /// The rows and columns libass touched: the bounding box of every pixel no longer grey.
    struct Extent: Equatable {
        var top = Int.max, bottom = -1, left = Int.max, right = -1
        var height: Int { bottom - top + 1 }
        var isEmpty: Bool { bottom < 0 }
    }

    static func extent(of image: RGBImage) -> Extent {
        var box = Extent()
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y) != grey {
                box.top = min(box.top, y); box.bottom = max(box.bottom, y)
                box.left = min(box.left, x); box.right = max(box.right, x)
            }
        }
        return box
    }

    /// `cue` drawn with `look` into a fresh grey 640x360 picture.
    static func drawn(_ cue: SubtitleCue, header: String = header, converted: Bool = false,
                      _ look: SubtitleTextStyle = SubtitleTextStyle()) throws -> RGBImage {
        let renderer = try #require(SubtitleRenderer())
        renderer.look = look
        let image = RGBImage(size: PixelSize(width: 640, height: 360))
        for y in 0..<360 { for x in 0..<640 { image.setPixel(x: x, y: y, grey) } }
        renderer.draw([cue], header: header, converted: converted, at: .seconds(2), into: image)
        return image
    }

    @Test("--sub-scale=2 makes an ASS line's glyph box about twice as tall; --sub-ass-override=no keeps the script's size")
    func scale() throws {
        let normal = Self.extent(of: try Self.drawn(Self.dialogue))
        let double = Self.extent(of: try Self.drawn(Self.dialogue, SubtitleTextStyle(scale: 2)))
        #expect(!normal.isEmpty)
        let ratio = Double(double.height) / Double(normal.height)
        #expect(ratio > 1.7 && ratio < 2.3, "\(normal) -> \(double)")
        let untouched = Self.extent(of: try Self.drawn(Self.dialogue, SubtitleTextStyle(scale: 2, override: .no)))
        #expect(untouched == normal)
    }

    @Test("--sub-font-size sizes a converted track's line (110 about twice 55); an ASS script keeps its own size")
    func fontSize() throws {
        let normal = Self.extent(of: try Self.drawn(Self.plain, header: PlainAssScript.header, converted: true))
        let large = Self.extent(of: try Self.drawn(Self.plain, header: PlainAssScript.header, converted: true,
                                                   SubtitleTextStyle(fontSize: 110)))
        let ratio = Double(large.height) / Double(normal.height)
        #expect(ratio > 1.7 && ratio < 2.3, "\(normal) -> \(large)")
        #expect(Self.extent(of: try Self.drawn(Self.dialogue, SubtitleTextStyle(fontSize: 110)))
                == Self.extent(of: try Self.drawn(Self.dialogue)))
    }

    @Test("--sub-pos=50 ends a converted line near the picture's middle; 100 at its bottom")
    func position() throws {
        let bottom = Self.extent(of: try Self.drawn(Self.plain, header: PlainAssScript.header, converted: true))
        let middle = Self.extent(of: try Self.drawn(Self.plain, header: PlainAssScript.header, converted: true,
                                                    SubtitleTextStyle(position: 50)))
        #expect(bottom.bottom > 300, "\(bottom)")
        #expect(abs(middle.bottom - 180) < 30, "\(middle)")
    }

    @Test("--sub-color colours a converted line; an ASS style keeps its colour unless --sub-ass-override=force")
    func colourAndForce() throws {
        let yellow: (RGB) -> Bool = { $0.r > 200 && $0.g > 200 && $0.b < 80 }
        let cyan = try #require(SubtitleTextStyle.libassColour(fromMpv: "#00FFFF"))
        let cyanish: (RGB) -> Bool = { $0.r < 80 && $0.g > 200 && $0.b > 200 }
        let plain = try Self.drawn(Self.plain, header: PlainAssScript.header, converted: true, SubtitleTextStyle(colour: cyan))
        #expect(SubtitleRendererTests.count(plain, rows: 0..<360, cyanish) > 50)
        // The sign's style is yellow: kept with yes, replaced by the plain colour with force.
        let sign = SubtitleCue(start: .seconds(1), end: .seconds(5), text: "Sign", assEvents: ["0,Sign,,0,0,0,,Sign"])
        let kept = try Self.drawn(sign, SubtitleTextStyle(colour: cyan))
        #expect(SubtitleRendererTests.count(kept, rows: 0..<360, yellow) > 50)
        #expect(SubtitleRendererTests.count(kept, rows: 0..<360, cyanish) == 0)
        let forced = try Self.drawn(sign, SubtitleTextStyle(colour: cyan, override: .force))
        #expect(SubtitleRendererTests.count(forced, rows: 0..<360, yellow) == 0)
        #expect(SubtitleRendererTests.count(forced, rows: 0..<360, cyanish) > 50)
        // Force keeps the script's places: the sign stays at the top.
        #expect(Self.extent(of: forced).bottom < 120, "\(Self.extent(of: forced))")
    }

    @Test("a change of look lays the still line out again; the same look does not")
    func changeRendersAgain() throws {
        let renderer = try #require(SubtitleRenderer())
        let image = RGBImage(size: PixelSize(width: 640, height: 360))
        renderer.draw([Self.dialogue], header: Self.header, at: .seconds(2), into: image)
        renderer.draw([Self.dialogue], header: Self.header, at: .seconds(2.04), into: image)
        #expect(renderer.changes == 1)
        renderer.look = SubtitleTextStyle(scale: 1.5)
        renderer.draw([Self.dialogue], header: Self.header, at: .seconds(2.08), into: image)
        #expect(renderer.changes == 2)
    }
}
