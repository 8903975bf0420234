import Testing
import InsetTestSupport
@testable import InsetCore

/// The styles and override tags of ASS events that cells keep (issue 45, item 2): the
/// header's styles and resolution, each event's place and its runs' colours and emphasis.
@Suite("ASS events for cells: styles and override tags")
struct AssCellEventTests {
    /// The header `scripts/sub-pictures` and the tmux test use: a yellow bold `\an8` sign style.
    static let header = AssScript.header(styles: [
        "Default,DejaVu Sans,28,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,2,1,2,20,20,20,1",
        "Sign,DejaVu Sans,32,&H0000FFFF,&H000000FF,&H00000000,&H00000000,-1,0,1,0,100,100,0,0,1,0,0,8,30,40,24,1",
        "Boxed,DejaVu Sans,32,&H00FFFFFF,&H000000FF,&H00402010,&H00000000,0,1,0,0,100,100,0,0,3,0,0,1,10,10,10,1",
    ])
    static let sheet = AssStyleSheet(header: header)
    static let yellow = RGB(255, 255, 0), red = RGB(255, 0, 0)

    @Test("the header gives the resolution and each style's colour, emphasis, alignment, margins and outline")
    func styles() {
        let sheet = Self.sheet
        #expect(sheet.playResX == 640 && sheet.playResY == 360)
        let sign = sheet.style(named: "Sign")
        #expect(sign.colour == Self.yellow && sign.bold && !sign.italic && sign.underline)
        #expect(sign.alignment == 8 && sign.marginLeft == 30 && sign.marginRight == 40 && sign.marginVertical == 24)
        #expect(!sign.outlined, "no outline, no shadow")
        #expect(sheet.style(named: "Default").outlined && sheet.style(named: "Default").alignment == 2)
        #expect(sheet.style(named: "Boxed").box == RGB(0x10, 0x20, 0x40) && sheet.style(named: "Boxed").italic)
        #expect(sheet.style(named: "Nowhere") == sheet.style(named: "Default"), "an unknown style is Default")
        #expect(sheet.style(named: "*Sign") == sign)
    }

    @Test("a header without PlayRes is libass's 384x288; one side alone gives the other at 4:3", arguments: [
        ("", 384, 288), ("PlayResY: 720", 960, 720), ("PlayResX: 1280", 1280, 1024), ("PlayResY: 1024", 1280, 1024),
    ])
    func resolution(line: String, x: Int, y: Int) {
        let sheet = AssStyleSheet(header: "[Script Info]\n\(line)\n")
        #expect(sheet.playResX == x && sheet.playResY == y)
    }

    @Test("SSA's legacy alignment becomes the numpad's", arguments: [(1, 1), (2, 2), (3, 3), (5, 7), (6, 8), (7, 9), (9, 4), (10, 5), (11, 6)])
    func legacyAlignment(legacy: Int, numpad: Int) {
        #expect(AssStyleSheet.numpad(fromLegacy: legacy) == numpad)
    }

    @Test("colours are &HAABBGGRR, &HBBGGRR& or decimal", arguments: [
        ("&H0000FFFF", RGB(255, 255, 0)), ("&H0000FF&", RGB(255, 0, 0)), ("&HFF8000", RGB(0, 0x80, 0xFF)), ("255", RGB(255, 0, 0)),
    ])
    func colours(text: String, colour: RGB) {
        #expect(AssStyleSheet.colour(fromASS: text) == colour)
    }

    @Test("the dialogue's first word is red, the rest in the style's white; the sign yellow and bold at the top")
    func runs() throws {
        let dialogue = try #require(AssCellEvent(event: #"0,Default,,0,0,0,,{\c&H0000FF&}Red{\c} word then white"#, sheet: Self.sheet))
        #expect(dialogue.lines.count == 1 && dialogue.alignment == 2 && dialogue.marginVertical == 20)
        #expect(dialogue.lines[0].map(\.text) == ["Red", " word then white"])
        #expect(dialogue.lines[0].map(\.colour) == [Self.red, .white])
        let sign = try #require(AssCellEvent(event: #"0,Sign,,0,0,0,,{\an8}Yellow Sign"#, sheet: Self.sheet))
        #expect(sign.alignment == 8 && sign.lines[0] == [AssCellEvent.Run(text: "Yellow Sign", colour: Self.yellow, bold: true, italic: false, underline: true)])
    }

    @Test("\\pos and \\move's start place the event; the first \\an wins; margins of 0 are the style's")
    func places() throws {
        let placed = try #require(AssCellEvent(event: #"0,Default,,0,55,0,,{\an7\pos(100.5,50)\an3}Here"#, sheet: Self.sheet))
        #expect(placed.position == AssCellEvent.Point(x: 100.5, y: 50) && placed.alignment == 7)
        #expect(placed.marginLeft == 20 && placed.marginRight == 55)
        let moving = try #require(AssCellEvent(event: #"0,Default,,0,0,0,,{\move(10,20,300,200)}Go"#, sheet: Self.sheet))
        #expect(moving.position == AssCellEvent.Point(x: 10, y: 20))
    }

    @Test("\\b \\i \\u \\r and \\N: emphasis on and off, reset to the style or another, lines broken")
    func emphasis() throws {
        let event = try #require(AssCellEvent(event: #"0,Default,,0,0,0,,{\b1}Bold{\b0} {\i1\u1}both{\rSign}sign\Nnext{\r}plain"#, sheet: Self.sheet))
        #expect(event.lines.count == 2)
        let first = event.lines[0]
        #expect(first.map(\.text) == ["Bold", " ", "both", "sign"])
        #expect(first[0].bold && !first[1].bold && first[2].italic && first[2].underline)
        #expect(first[3].colour == Self.yellow && first[3].bold && !first[3].italic)
        #expect(event.lines[1].map(\.text) == ["next", "plain"] && event.lines[1][1].colour == .white)
        #expect(event.plainText == "Bold bothsign\nnextplain")
    }

    @Test("tags cells cannot show are skipped whole: \\t(…) animates nothing at once, \\fs, \\3c, \\blur, \\bord, \\fad")
    func skipped() throws {
        let event = try #require(AssCellEvent(event: #"0,Default,,0,0,0,,{\fs40\3c&H0000FF&\blur2\bord3\be1\fad(200,200)\t(0,500,\c&H00FF00&)}Same"#, sheet: Self.sheet))
        #expect(event.lines == [[AssCellEvent.Run(text: "Same", colour: .white, bold: false, italic: false, underline: false)]])
    }

    @Test("a drawing (\\p1) shows nothing; an event of only tags and spaces is none")
    func drawings() {
        #expect(AssCellEvent(event: #"0,Default,,0,0,0,,{\p1}m 0 0 l 100 0 100 100{\p0}"#, sheet: Self.sheet) == nil)
        #expect(AssCellEvent(event: #"0,Default,,0,0,0,,{\an8}  "#, sheet: Self.sheet) == nil)
        #expect(AssCellEvent(event: #"0,Default,,0,0,0,,{\p1}m 0 0 l 1 1{\p0}Words"#, sheet: Self.sheet)?.plainText == "Words")
    }

    @Test("a Dialogue: line with its times reads as the same event")
    func dialogueLine() throws {
        let event = try #require(AssCellEvent(event: #"Dialogue: 0,0:00:00.00,0:00:12.00,Sign,,0,0,0,,Yellow, Sign"#, sheet: Self.sheet))
        #expect(event.alignment == 8 && event.plainText == "Yellow, Sign")
    }
}
