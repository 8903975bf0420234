import Testing
import InsetCore

@Suite("Subtitle text")
struct SubtitleTextTests {
    @Test("the Text field of an ASS event, override blocks removed, \\N and \\n break lines", arguments: [
        // libavcodec's decoded form: ReadOrder,Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text
        ("0,0,Default,,0,0,0,,Hello, world", "Hello, world"),
        ("3,0,Default,,0,0,0,,{\\i1}Italic{\\i0} words", "Italic words"),
        ("1,0,Default,Bob,0,0,0,,{\\pos(10,20)\\c&H00FFFF&}Two\\Nlines", "Two\nlines"),
        ("1,0,Default,,0,0,0,,soft\\nbreak and\\hhard space", "soft\nbreak and hard space"),
        // An .ass file's own line: Dialogue: Layer,Start,End,Style,Name,MarginL,MarginR,MarginV,Effect,Text
        ("Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\an8}Top, with a comma", "Top, with a comma"),
        ("2,0,Default,,0,0,0,,<font color=\"red\">Red</font> text", "Red text"),
        ("2,0,Default,,0,0,0,,{\\b1}{\\b0}", ""),
        ("2,0,Default,,0,0,0,,  spaced  \\N\\N  out ", "spaced\nout"),
    ])
    func ass(event: String, expected: String) {
        #expect(SubtitleText.plain(fromASS: event) == expected)
    }

    @Test("SubRip and WebVTT markup: tags removed, entities decoded, CRLF lines")
    func markup() {
        #expect(SubtitleText.plain(fromMarkup: "<i>One</i>\r\n<b>two</b> &amp; <c.yellow>three</c>") == "One\ntwo & three")
        #expect(SubtitleText.plain(fromMarkup: "a &lt; b") == "a < b")
    }
}

@Suite("Subtitle cue timing")
struct SubtitleCueTests {
    static func list(_ cues: [(Double, Double?, String)]) -> SubtitleCueList {
        var list = SubtitleCueList()
        for (start, end, text) in cues { list.insert(SubtitleCue(start: .seconds(start), end: end.map(MediaTime.seconds), text: text)) }
        return list
    }

    static let sample = list([(0, 2, "First line"), (3, 5, "Second line"), (6, 8, "Third line")])

    @Test("a cue shows from its start (inclusive) to its end (exclusive)", arguments: [
        (0.0, ["First line"]), (1.999999, ["First line"]), (2.0, []), (2.5, []), (3.0, ["Second line"]),
        (4.9, ["Second line"]), (5.0, []), (6.0, ["Third line"]), (8.0, []), (100.0, []), (-1.0, []),
    ])
    func lookup(time: Double, expected: [String]) {
        #expect(Self.sample.active(at: .seconds(time)).compactMap(\.text) == expected)
    }

    @Test("overlapping cues show together, earliest first; cues added out of order are sorted")
    func overlapping() {
        let list = Self.list([(5, 9, "late"), (1, 10, "long"), (4, 6, "middle")])
        #expect(list.active(at: .seconds(5)).compactMap(\.text) == ["long", "middle", "late"])
        #expect(list.active(at: .seconds(2)).compactMap(\.text) == ["long"])
        #expect(list.cues.map(\.start) == [.seconds(1), .seconds(4), .seconds(5)])
    }

    @Test("a cue read again after a seek is not added twice")
    func duplicates() {
        var list = Self.sample
        let again = list.insert(SubtitleCue(start: .seconds(3), end: .seconds(5), text: "Second line"))
        #expect(!again)
        #expect(list.count == 3)
        let other = list.insert(SubtitleCue(start: .seconds(3), end: .seconds(5), text: "Other words at the same time"))
        #expect(other)
        #expect(list.count == 4)
    }

    @Test("an open cue (PGS) ends at the next cue's start or at a clear event, else after the limit")
    func openCues() {
        var list = SubtitleCueList()
        list.insert(SubtitleCue(start: .seconds(1), end: nil, text: "open"))
        #expect(list.active(at: .seconds(5)).count == 1)
        #expect(list.active(at: .seconds(1) + SubtitleCue.openLimit).isEmpty)
        list.insert(SubtitleCue(start: .seconds(3), end: nil, text: "next"))
        #expect(list.active(at: .seconds(3)).compactMap(\.text) == ["next"])
        #expect(list.active(at: .seconds(2)).compactMap(\.text) == ["open"])
        let closed = list.close(at: .seconds(4))
        #expect(closed)
        #expect(list.active(at: .seconds(4)).isEmpty)
        #expect(list.active(at: .seconds(3.5)).compactMap(\.text) == ["next"])
    }

    @Test("a long cue stays on screen over a shorter one inside it, early in a file of a thousand cues")
    func overlapEarlyInALongFile() {
        var list = SubtitleCueList()
        list.insert(SubtitleCue(start: .seconds(10), end: .seconds(16), text: "sign"))
        list.insert(SubtitleCue(start: .seconds(11), end: .seconds(12.5), text: "line"))
        for k in 0..<1000 { list.insert(SubtitleCue(start: .seconds(20 + Double(k)), end: .seconds(20.5 + Double(k)), text: "cue \(k)")) }
        #expect(list.active(at: .seconds(12)).compactMap(\.text) == ["sign", "line"])
        #expect(list.active(at: .seconds(13)).compactMap(\.text) == ["sign"])
        #expect(list.active(at: .seconds(17)).isEmpty)
    }

    @Test("the list is bounded: past its capacity the cue farthest from the new one goes")
    func bounded() {
        var list = SubtitleCueList(capacity: 3)
        for second in [10.0, 11, 12] { list.insert(SubtitleCue(start: .seconds(second), end: .seconds(second + 0.5), text: "\(second)")) }
        list.insert(SubtitleCue(start: .seconds(13), end: .seconds(13.5), text: "13"))
        #expect(list.cues.map(\.start) == [.seconds(11), .seconds(12), .seconds(13)])
        list.insert(SubtitleCue(start: .seconds(1), end: .seconds(1.5), text: "1"))
        #expect(list.cues.map(\.start) == [.seconds(1), .seconds(11), .seconds(12)])
    }

    /// Inserts `count` cues in time order, as a file or a demuxer brings them, into a list
    /// holding half of them; the fastest of three runs, in seconds.
    static func secondsToFill(count: Int) -> Double {
        let cues = (0..<count).map { SubtitleCue(start: .milliseconds(Int64($0) * 100), end: .milliseconds(Int64($0) * 100 + 90), text: "x") }
        var fastest = Double.infinity
        for _ in 0..<3 {
            var list = SubtitleCueList(capacity: count / 2)
            let clock = ContinuousClock()
            let took = clock.measure { for cue in cues { list.insert(cue) } }
            #expect(list.count == count / 2 && list.cues.first == cues[count / 2])
            fastest = min(fastest, Double(took.components.seconds) + Double(took.components.attoseconds) * 1e-18)
        }
        return fastest
    }
}

@Suite("Subtitle layout")
struct SubtitleLayoutTests {
    @Test("wrapping at spaces to the width; a word wider than the line is cut", arguments: [
        ("short", 20, ["short"]),
        ("A much longer fourth line that wraps", 12, ["A much", "longer", "fourth line", "that wraps"]),
        ("two\nlines", 20, ["two", "lines"]),
        ("abcdefghij", 4, ["abcd", "efgh", "ij"]),
        ("exactly ten", 11, ["exactly ten"]),
        ("anything", 0, []),
    ])
    func wrap(text: String, width: Int, expected: [String]) {
        #expect(WordWrap.lines(of: text, width: width) == expected)
    }

    @Test("wide characters count two columns")
    func wide() {
        let columns: (Substring) -> Int = { $0.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x3000 ? 2 : 1) } }
        #expect(WordWrap.lines(of: "日本語の字幕", width: 6, columns: columns) == ["日本語", "の字幕"])
    }

    @Test("lines are bottom-centred in the picture, padded by a space, above the bottom margin")
    func placement() {
        let area = CellRect(column: 10, row: 5, columns: 20, rows: 10)
        let lines = SubtitleLayout.lines("Hello there friend", in: area, bottomMargin: 2)
        // Width 18 for the text: one line of 18, 20 with its padding, so at column 10.
        #expect(lines == [SubtitleLayout.Line(text: " Hello there friend ", origin: CellPoint(column: 10, row: 12), columns: 20)])
        let two = SubtitleLayout.lines("First\nSecond line", in: area)
        #expect(two.map(\.origin) == [CellPoint(column: 16, row: 13), CellPoint(column: 13, row: 14)])
        #expect(two.map(\.text) == [" First ", " Second line "])
    }

    @Test("a picture too short keeps the last rows it can; at most four lines")
    func clipped() {
        let area = CellRect(column: 0, row: 0, columns: 30, rows: 2)
        #expect(SubtitleLayout.lines("a\nb\nc", in: area).map(\.text) == [" b ", " c "])
        let tall = CellRect(column: 0, row: 0, columns: 30, rows: 20)
        #expect(SubtitleLayout.lines("1\n2\n3\n4\n5\n6", in: tall).map(\.text) == [" 1 ", " 2 ", " 3 ", " 4 "])
    }

    @Test("the PiP window shows subtitles from 40 columns of video", arguments: [(20, false), (39, false), (40, true), (80, true)])
    func windowThreshold(columns: Int, shows: Bool) {
        #expect(SubtitleLayout.showsSubtitles(inWindowOf: columns) == shows)
    }
}

@Suite("Subtitle tracks")
struct SubtitleTrackTests {
    static let english = SubtitleTrack(id: 2, language: "eng", codec: "subrip")
    static let french = SubtitleTrack(id: 3, language: "fre", codec: "mov_text")

    @Test("c cycles track 1 → track 2 → off → track 1, and the message says which")
    func cycling() {
        var selection = SubtitleSelection(tracks: [Self.english, Self.french])
        #expect(selection.current == Self.english)
        #expect(selection.message == "subtitles: English (srt)")
        selection.cycle()
        #expect(selection.current == Self.french)
        #expect(selection.message == "subtitles: French (mov_text)")
        selection.cycle()
        #expect(selection.current == nil)
        #expect(selection.message == "subtitles off")
        selection.cycle()
        #expect(selection.current == Self.english)
    }

    @Test("--sub-lang picks the first track in that language, whichever ISO 639 form; default the first; none without tracks")
    func language() {
        #expect(SubtitleSelection(tracks: [Self.english, Self.french], preferredLanguage: "fr").current == Self.french)
        #expect(SubtitleSelection(tracks: [Self.english, Self.french], preferredLanguage: "fra").current == Self.french)
        #expect(SubtitleSelection(tracks: [Self.french, Self.english], preferredLanguage: "en").current == Self.english)
        #expect(SubtitleSelection(tracks: [Self.english, Self.french], preferredLanguage: "jpn").current == Self.english)
        var none = SubtitleSelection(tracks: [])
        #expect(none.current == nil)
        none.cycle()
        #expect(none.current == nil && none.message == "no subtitles")
    }

    @Test("labels: the language's name, else the title or file, and a short codec name")
    func labels() {
        #expect(SubtitleTrack(id: 4, codec: "hdmv_pgs_subtitle").label == "track 4 (pgs)")
        #expect(SubtitleTrack(id: -1, codec: "webvtt", file: "/tmp/x/movie.vtt").label == "movie.vtt (vtt)")
        #expect(SubtitleTrack(id: 1, language: "xyz", codec: "ass", title: "Signs").label == "Signs (ass)")
    }

    @Test("files beside the video, found by name", arguments: [
        ("movie.mp4", "movie.srt", true, nil as String?),
        ("movie.mp4", "movie.en.srt", true, "en"),
        ("movie.mp4", "movie.eng.forced.vtt", true, "eng"),
        ("movie.mp4", "movie.ass", true, nil),
        ("movie.mp4", "movie.txt", false, nil),
        ("movie.mp4", "movies.srt", false, nil),
        ("movie.mp4", "movie.mp4", false, nil),
        ("my.movie.mkv", "my.movie.de.srt", true, "de"),
    ])
    func fileMatch(video: String, candidate: String, matches: Bool, language: String?) {
        let match = SubtitleFileMatch.match(video: video, candidate: candidate)
        #expect((match != nil) == matches)
        #expect(match?.language == language)
    }

    @Test("the plain name first, then the others by name")
    func fileOrder() {
        #expect(SubtitleFileMatch.sorted(["movie.fr.srt", "movie.txt", "movie.en.srt", "movie.srt"], video: "movie.mp4")
                == ["movie.srt", "movie.en.srt", "movie.fr.srt"])
    }
}

@Suite("Subtitle pictures")
struct SubtitleBitmapTests {
    @Test("a bitmap is scaled from its frame to the image and alpha-blended; transparent pixels leave the picture alone")
    func blend() {
        let image = RGBImage(size: PixelSize(width: 20, height: 10))
        image.fill(RGB(0, 0, 200))
        // A 2x1 bitmap at (10, 8) of a 40x20 frame: opaque white, then half-transparent red.
        var rgba: [UInt8] = [255, 255, 255, 255, 255, 0, 0, 128]
        var bitmap = SubtitleBitmap(x: 10, y: 8, width: 2, height: 1, frameSize: PixelSize(width: 40, height: 20), rgba: rgba)
        image.blend(bitmap)
        // Half scale: x 10..<12 of the frame is x 5..<6 of the image, y 8 is y 4.
        #expect(image.pixel(x: 5, y: 4) == .white)
        #expect(image.pixel(x: 4, y: 4) == RGB(0, 0, 200))
        #expect(image.pixel(x: 5, y: 5) == RGB(0, 0, 200))
        // Double the size: both bitmap pixels land, the red one blended half over the blue.
        let big = RGBImage(size: PixelSize(width: 80, height: 40))
        big.fill(RGB(0, 0, 200))
        big.blend(bitmap)
        #expect(big.pixel(x: 20, y: 16) == .white && big.pixel(x: 21, y: 17) == .white)
        #expect(big.pixel(x: 22, y: 16) == RGB(128, 0, 100))
        #expect(big.pixel(x: 24, y: 16) == RGB(0, 0, 200))
        rgba = [0, 0, 0, 0, 0, 0, 0, 0]
        bitmap.rgba = rgba
        let untouched = RGBImage(size: PixelSize(width: 40, height: 20))
        untouched.fill(RGB(1, 2, 3))
        untouched.blend(bitmap)
        #expect(untouched.pixel(x: 10, y: 8) == RGB(1, 2, 3))
    }
}

@Suite("ASS events")
struct AssEventTests {
    @Test("the ReadOrder goes; the rest of the line stays whole, commas in the text too")
    func withoutReadOrder() {
        #expect(AssEvent.withoutReadOrder("12,0,Default,,0,0,0,,Hello, world") == "0,Default,,0,0,0,,Hello, world")
        #expect(AssEvent.withoutReadOrder("Layer0,Default") == "Layer0,Default")
        #expect(AssEvent.withoutReadOrder("") == "")
    }

    @Test("two layers of one sign with the same words are both kept; the same event read again is not")
    func layersKept() {
        var list = SubtitleCueList()
        let low = SubtitleCue(start: .seconds(1), end: .seconds(2), text: "Sign", assEvents: ["0,Sign,,0,0,0,,{\\bord8}Sign"])
        let high = SubtitleCue(start: .seconds(1), end: .seconds(2), text: "Sign", assEvents: ["1,Sign,,0,0,0,,Sign"])
        let first = list.insert(low), second = list.insert(high), again = list.insert(low)
        #expect(first && second && !again)
        #expect(list.count == 2)
    }
}
