import Testing
@testable import InsetCore

/// mpv's `--sub-color` and `--sub-pos` as the plain caption in cells takes them.
@Suite("Subtitle caption: sub-color and sub-pos")
struct SubtitleCaptionTests {
    @Test("mpv's colour texts, alpha dropped; what SettingType.color refuses is nil", arguments: [
        ("#FFFF00", RGB(255, 255, 0)), ("#80FF0000", RGB(255, 0, 0)), ("1/0.5/0", RGB(255, 128, 0)), ("0/0/1/0.5", RGB(0, 0, 255)),
    ])
    func colours(text: String, colour: RGB) {
        #expect(SubtitleCaption.colour(fromMpv: text) == colour)
    }

    @Test("not colours", arguments: ["#FFF", "yellow", "2/0/0", "1/1"])
    func notColours(text: String) {
        #expect(SubtitleCaption.colour(fromMpv: text) == nil)
    }

    @Test("sub-pos: the rows left under the caption, 100 and past it at the bottom", arguments: [
        (100, 0), (150, 0), (50, 12), (0, 24), (90, 2),
    ])
    func position(percent: Int, below: Int) {
        #expect(SubtitleCaption(position: percent).rowsBelow(in: 24) == below)
    }
}
