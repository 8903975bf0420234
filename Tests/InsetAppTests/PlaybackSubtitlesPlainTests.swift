import InsetCore
import InsetMedia
import InsetTestSupport
import Testing
@testable import InsetPlayback

/// What libass is given by a playback's subtitles in the pixel modes: `--sub-ass-override=strip`
/// draws an ASS track's words without their tags, in the plain style; `--secondary-sid`'s
/// words go to the top of the picture (`PlaybackSubtitles.burnStyled`, `burnSecondary`).
@Suite("Playback subtitles: stripped and second tracks through libass")
struct PlaybackSubtitlesPlainTests {
    static let grey = RGB(60, 60, 60)
    static let header = AssScript.text(styles: [
        "Default,DejaVu Sans,40,&H00FFFFFF,&H000000FF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,0,0,2,20,20,20,1",
    ])

    /// An ASS first track with a line whose first word is red, and an SRT second track.
    static func subtitles() -> PlaybackSubtitles {
        let store = SubtitleStore()
        store.setStyleHeader(header, track: 1)
        store.add(wholeFile: [SubtitleCue(start: .seconds(1), end: .seconds(5), text: "Red word",
                                          assEvents: ["0,Default,,0,0,0,,{\\c&H0000FF&}Red{\\c} word"])], track: 1)
        store.add(wholeFile: [SubtitleCue(start: .seconds(1), end: .seconds(5), text: "Top words")], track: 2)
        let selection = SubtitleSelection(tracks: [SubtitleTrack(id: 1, codec: "ass"), SubtitleTrack(id: 2, codec: "subrip")])
        let subtitles = PlaybackSubtitles(selection: selection, store: store)
        subtitles.drawsTextIntoPicture = true
        return subtitles
    }

    static func image() -> RGBImage {
        let image = RGBImage(size: PixelSize(width: 640, height: 360))
        for y in 0..<360 { for x in 0..<640 { image.setPixel(x: x, y: y, grey) } }
        return image
    }

    static func count(_ image: RGBImage, rows: Range<Int>, _ matches: (RGB) -> Bool) -> Int {
        rows.reduce(0) { sum, y in sum + (0..<image.width).filter { matches(image.pixel(x: $0, y: y)) }.count }
    }

    static func red(_ c: RGB) -> Bool { c.r > 200 && c.g < 80 && c.b < 80 }
    static func white(_ c: RGB) -> Bool { c.r > 220 && c.g > 220 && c.b > 220 }

    @Test("strip draws the words without the red tag, in the plain style; yes keeps the tag")
    func strip() throws {
        let subtitles = Self.subtitles()
        let track = try #require(subtitles.selection.current)
        let kept = Self.image()
        subtitles.burnStyled(track, into: kept, at: .seconds(2))
        #expect(Self.count(kept, rows: 0..<360, Self.red) > 50)
        subtitles.textStyle = SubtitleTextStyle(override: .strip)
        let stripped = Self.image()
        subtitles.burnStyled(track, into: stripped, at: .seconds(2))
        #expect(Self.count(stripped, rows: 0..<360, Self.red) == 0)
        #expect(Self.count(stripped, rows: 180..<360, Self.white) > 50)
    }

    @Test("the second track's words land in the top rows only, and not while cells draw them")
    func secondaryOnTop() {
        let subtitles = Self.subtitles()
        subtitles.secondary = 1
        let image = Self.image()
        subtitles.burnSecondary(into: image, at: .seconds(2))
        #expect(Self.count(image, rows: 0..<90, Self.white) > 50)
        #expect(Self.count(image, rows: 90..<360) { $0 != Self.grey } == 0)
        #expect(subtitles.secondaryText(at: .seconds(2)) == nil, "in pixels no cell row shows it")
        subtitles.drawsTextIntoPicture = false
        #expect(subtitles.secondaryText(at: .seconds(2)) == "Top words")
    }
}
