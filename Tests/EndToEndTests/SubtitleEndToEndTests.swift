import Foundation
import Testing
import InsetTestSupport

/// Subtitles in a real terminal: samples/subtitled.mp4 carries two mov_text tracks,
/// English (0–2 s "First line", 3–5 s "Second line", 6–8 s "Third line", 8.5–9.8 s a line
/// long enough to wrap) and French (0.5–2.5 s "Première ligne", 3.5–5.5 s "Deuxième ligne");
/// samples/sidecar.mp4 has none inside and sidecar.en.srt beside it. Each check lands at a
/// time with `--start` and pauses there, so the clock is not raced: a cue is at least a
/// second on either side of where it is looked at. Which track shows, `c` cycling them, a
/// file found beside the video, `--sub` and two videos' subtitles are director tests
/// (InsetAppTests/DirectorSubtitleTests); here, where the words go in cells.
@Suite("Subtitles end to end", .serialized, .tags(.waits))
struct SubtitleEndToEndTests {
    static let english = ["First line", "Second line", "Third line"]

    /// Starts `arguments` at `start`, waits for `line`, pauses, and returns the paused screen.
    func pausedAt(_ tmux: Tmux, _ arguments: String, showing line: String) throws -> Screen {
        try tmux.run("\(try insetBinary()) \(arguments)")
        try tmux.waitFor(timeout: 5, "\(line) on screen") { $0.text.contains(line) }
        try tmux.keys("Space")
        return try tmux.waitFor(timeout: 3, "paused with \(line)") { $0.text.contains("▶") && $0.text.contains(line) }
    }

    @Test("the right line at three times, bottom-centred over the picture", arguments: [
        (1.0, "First line", 0), (4.0, "Second line", 4), (7.0, "Third line", 7),
    ])
    func rightLineAtTime(start: Double, line: String, second: Int) throws {
        let tmux = try Tmux()
        let screen = try pausedAt(tmux, "--start \(start) \(samplePath("subtitled.mp4"))", showing: line)
        #expect(screen.shownTime.map { abs($0.position - second) <= 1 } == true, "time \(String(describing: screen.shownTime))")
        for other in Self.english where other != line { #expect(!screen.text.contains(other), "\(other) shown with \(line)") }
        // On the picture's last rows above the bar, centred in the 120 columns.
        let row = try #require(screen.rows.indices.first { screen.line($0).contains(line) })
        let text = screen.line(row)
        let column = text.distance(from: text.startIndex, to: text.range(of: line)!.lowerBound)
        #expect(abs(column + line.count / 2 - 60) <= 2, "at column \(column)")
        let bar = try #require(screen.rows.indices.last { screen.line($0).contains("/ 0:10") })
        #expect(row < bar - 1 && row >= bar - 4, "row \(row), bar at \(bar)")
        try tmux.keys("q")
        try tmux.waitFor(timeout: 3, "shell back") { _ in (try? tmux.terminalState()) == "0 1" }
    }

    @Test("a line wider than the picture wraps at a space onto two rows, each inside the picture")
    func wraps() throws {
        let tmux = try Tmux(columns: 60, rows: 24)
        let screen = try pausedAt(tmux, "--start 8.6 \(samplePath("subtitled.mp4"))", showing: "A much longer")
        let first = try #require(screen.rows.indices.first { screen.line($0).contains("A much longer") })
        let lines = [caption(screen, row: first), caption(screen, row: first + 1)]
        #expect(lines == ["A much longer fourth line that is long enough to wrap", "across the width of a small picture"])
        // Each within the 60 columns, centred: the caption boxes' middles within a cell of the screen's.
        for row in [first, first + 1] {
            let box = screen.rows[row].indices.filter { Self.isCaption(screen.rows[row][$0]) }
            #expect(abs((box.first! + box.last!) / 2 - 29) <= 1, "row \(row): columns \(box.first!)...\(box.last!)")
        }
        try tmux.keys("q")
    }

    /// Caption cells: the box's near-black background (`SubtitleOverlay.style`).
    static func isCaption(_ cell: Screen.Cell) -> Bool { cell.background == Screen.RGBColor(r: 16, g: 16, b: 16) }

    /// The words of the caption on `row`.
    func caption(_ screen: Screen, row: Int) -> String {
        String(screen.rows[row].filter(Self.isCaption).map(\.character)).trimmingCharacters(in: .whitespaces)
    }

    @Test("a SubRip file in a legacy set: its accents shown, the set guessed and said on the bar, or the one --sub-charset names", arguments: [
        ("", "Café über ¤5", "not UTF-8, read as CP1252"),
        ("--sub-charset ISO-8859-15 ", "Café über €5", nil),
    ])
    func legacyCharset(option: String, line: String, notice: String?) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-latin1-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // "Café über ¤5" in Latin-1: é E9, ü FC, A4 the currency sign (the euro in Latin-9).
        let text: [UInt8] = Array("Caf".utf8) + [0xE9, 0x20, 0xFC] + Array("ber ".utf8) + [0xA4] + Array("5".utf8)
        let file = dir.appendingPathComponent("latin1.srt")
        try Data(Array("1\r\n00:00:00,000 --> 00:00:05,000\r\n".utf8) + text + Array("\r\n\r\n".utf8)).write(to: file)
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) \(option)--sub \(file.path) --start 1 \(samplePath("clock_4x3.mp4"))")
        let screen = try tmux.waitFor(timeout: 5, "\(line) on screen") { $0.text.contains(line) && (notice.map($0.text.contains) ?? true) }
        if notice == nil { #expect(!screen.text.contains("read as"), "a notice for a set the user named") }
        try tmux.keys("q")
    }

    @Test("the PiP window shows subtitles only once it is large enough to read them; --sub-lang fr chose the French track")
    func window() throws {
        let tmux = try Tmux()
        let line = "Deuxième ligne"
        _ = try pausedAt(tmux, "--sub-lang fr --start 4 \(samplePath("subtitled.mp4"))", showing: line)
        try tmux.keys("p")
        let small = try tmux.settledWindow()
        #expect(small.columns - 2 < 40, "the window starts small: \(small)")
        #expect(!(try tmux.capture().text.contains(line)), "subtitles in a window \(small.columns - 2) columns wide")
        try tmux.keys("Tab")
        // A step bigger at a time, each seen before the next is asked for.
        var size = small
        while size.columns - 2 < 40 {
            try tmux.keys("+")
            let grown = try tmux.waitFor(timeout: 2, "the window bigger than \(size.columns)") { ($0.pipWindow?.columns ?? 0) > size.columns }
            size = try #require(grown.pipWindow)
        }
        let large = try tmux.settledWindow { $0.columns - 2 >= 40 }
        let screen = try tmux.waitFor(timeout: 3, "subtitles in the window") { $0.text.contains(line) }
        #expect(!screen.text.contains("Second line"))
        let row = try #require(screen.rows.indices.first { screen.line($0).contains(line) })
        #expect(row > large.row && row < large.row + large.rows - 1, "row \(row) outside the window \(large)")
        try tmux.keys("q")
    }
}

/// Picture subtitles: samples/dvd_subtitles.mkv is a grey video with a DVD subtitle track,
/// a red box (1 s to 2.99 s) and a green one (4 s to 5.99 s) at the bottom of the picture.
@Suite("Picture subtitles end to end", .serialized, .tags(.waits))
struct PictureSubtitleEndToEndTests {
    /// Cells showing a strong `red` or `green` (the box's fill): either half of a half block.
    static func count(_ screen: Screen, red: Bool) -> Int {
        func strong(_ c: Screen.RGBColor?) -> Bool {
            guard let c else { return false }
            return red ? (c.r > 180 && c.g < 80 && c.b < 80) : (c.g > 180 && c.r < 80 && c.b < 80)
        }
        return screen.rows.joined().filter { strong($0.background) || (($0.character == "▀" || $0.character == "▄") && strong($0.foreground)) }.count
    }

    @Test("the DVD picture is blended into the frame at its time; c takes it away, even paused")
    func dvd() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --start 2 \(samplePath("dvd_subtitles.mkv"))")
        try tmux.waitFor(timeout: 5, "red box") { Self.count($0, red: true) > 100 }
        try tmux.keys("Space")
        let paused = try tmux.waitFor(timeout: 3, "paused") { $0.text.contains("▶") }
        // 160x40 of 320x180, in 120x34 cells: about 60 columns by 7 rows.
        let red = Self.count(paused, red: true)
        #expect(red > 300 && red < 600, "\(red) red cells")
        #expect(Self.count(paused, red: false) == 0)
        // In the picture's lower part: rows 22 to 31 of the 34 the picture has (from row 3).
        let rows = paused.rows.indices.filter { r in paused.rows[r].contains { $0.background.map { $0.r > 180 && $0.g < 80 } ?? false } }
        #expect(rows.min().map { $0 >= 22 } == true && rows.max().map { $0 <= 33 } == true, "rows \(rows)")
        try tmux.keys("c")
        let off = try tmux.waitFor(timeout: 3, "off, box gone") { $0.text.contains("subtitles off") && Self.count($0, red: true) == 0 }
        #expect(off.text.contains("▶"), "still paused")
        try tmux.keys("c")
        try tmux.waitFor(timeout: 3, "back") { $0.text.contains("subtitles: English (dvd)") && Self.count($0, red: true) > 300 }
        try tmux.keys("q")
    }

    @Test("the second picture at its time, the first gone")
    func second() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --start 4.5 \(samplePath("dvd_subtitles.mkv"))")
        try tmux.waitFor(timeout: 5, "green box") { PictureSubtitleEndToEndTests.count($0, red: false) > 100 }
        try tmux.keys("Space")
        let paused = try tmux.waitFor(timeout: 3, "paused") { $0.text.contains("▶") }
        #expect(PictureSubtitleEndToEndTests.count(paused, red: false) > 300)
        #expect(PictureSubtitleEndToEndTests.count(paused, red: true) == 0)
        try tmux.keys("q")
    }
}
