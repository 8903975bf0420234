import Foundation
import InsetTestSupport
import Testing

/// Playlists in a real terminal, on clips of one colour each made here by ffmpeg: which
/// file is on screen is told by the picture's colour, and its place in the list by the
/// bar ("2/3").
@Suite("Playlists end to end", .serialized)
struct PlaylistEndToEndTests {
    /// red, lime and blue, 1 s each (or `seconds`), in `clips/` of a new folder, named `1-red.mp4`… so the
    /// folder lists them in that order; the folder and the clips' paths.
    static func makeClips(_ colours: [String] = ["red", "lime", "blue"], seconds: Double = 1) throws -> (folder: URL, clips: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inset-playlist-\(UUID().uuidString)")
        let clips = try ColourClips.make(colours, seconds: seconds, in: folder.appendingPathComponent("clips"), prefix: { "\($0 + 1)-" })
        return (folder, clips)
    }

    /// The colour at the middle of the screen (or of `region`), by name.
    static func colour(_ screen: Screen, in region: (column: Int, row: Int, columns: Int, rows: Int)? = nil) -> String? {
        let row = region.map { $0.row + $0.rows / 2 } ?? screen.rows.count / 2
        let column = region.map { $0.column + $0.columns / 2 } ?? (screen.rows.first?.count ?? 0) / 2
        guard row < screen.rows.count, column < screen.rows[row].count else { return nil }
        let cell = screen.rows[row][column]
        guard let rgb = cell.character == "▀" ? cell.foreground : cell.background else { return nil }
        return ColourClips.name(r: rgb.r, g: rgb.g, b: rgb.b)
    }

    /// The bar's "N/M" (after the time, and the speed when it is not 1×), if shown.
    static func place(_ screen: Screen) -> String? {
        guard let bar = screen.text.split(separator: "\n").first(where: { $0.contains(" / ") && $0.contains("PiP") }),
              let range = bar.range(of: #"  \d+/\d+( |$)"#, options: .regularExpression) else { return nil }
        return bar[range].trimmingCharacters(in: .whitespaces)
    }

    /// Watches the screen until `done` holds (or `timeout`), and returns each colour seen, in
    /// order, a colour held over several looks counted once; with the bar's place beside it
    /// when it showed with that colour.
    static func watch(_ tmux: Tmux, timeout: Double, region: Bool = false,
                      until done: (Screen, Int) -> Bool) throws -> [(colour: String, place: String?)] {
        var seen: [(colour: String, place: String?)] = []
        _ = try Tmux.eventually(timeout: timeout) {
            let screen = try tmux.captureWithBlanks()
            let window = region ? screen.pipWindow : nil
            if region && window == nil { return done(screen, seen.count) }
            if let colour = colour(screen, in: window) {
                if seen.last?.colour != colour { seen.append((colour, nil)) }
                if seen[seen.count - 1].place == nil { seen[seen.count - 1].place = place(screen) }
            }
            return done(screen, seen.count)
        }
        return seen
    }

    static func shellBack(_ tmux: Tmux) -> Bool { (try? tmux.terminalState()) == "0 1" }

    /// Runs `commandLine` and waits for the player to take the terminal.
    static func start(_ tmux: Tmux, _ commandLine: String) throws {
        try tmux.run(commandLine)
        _ = Tmux.eventually(timeout: 5) { (try? tmux.terminalState()) == "1 0" }
    }

    @Test("an .m3u in a subfolder, with relative paths, a title, a comment, CR LF and a blank line: its files play in order, each by itself, and the last one's end quits")
    func m3uPlaysInOrder() throws {
        let (folder, clips) = try Self.makeClips()
        let lists = folder.appendingPathComponent("lists")
        try FileManager.default.createDirectory(at: lists, withIntermediateDirectories: true)
        let names = clips.map { "../clips/" + ($0 as NSString).lastPathComponent }
        let text = "#EXTM3U\r\n#EXTINF:1,The red one\r\n\(names[0])\r\n# a comment\r\n\r\n\(names[1])\r\n\(names[2])\r\n"
        try text.write(to: lists.appendingPathComponent("colours.m3u"), atomically: true, encoding: .utf8)
        let tmux = try Tmux()
        try Self.start(tmux, "\(try insetBinary()) \(lists.appendingPathComponent("colours.m3u").path)")
        let seen = try Self.watch(tmux, timeout: 12) { _, _ in Self.shellBack(tmux) }
        #expect(seen.map(\.colour) == ["red", "lime", "blue"], "\(seen)")
        #expect(seen.map(\.place) == ["1/3", "2/3", "3/3"], "\(seen)")
        #expect(Self.shellBack(tmux))
    }

    @Test("several paths on the command line play in order, then quit; > goes to the next and < back; Esc shows them in the library")
    func pathsAndKeys() throws {
        let (_, clips) = try Self.makeClips()
        let tmux = try Tmux()
        try Self.start(tmux, "\(try insetBinary()) \(clips[0]) \(clips[1])")
        let seen = try Self.watch(tmux, timeout: 10) { _, _ in Self.shellBack(tmux) }
        #expect(seen.map(\.colour) == ["red", "lime"], "\(seen)")
        #expect(seen.map(\.place) == ["1/2", "2/2"], "\(seen)")

        // Looping, no file ends: only the keys move.
        try Self.start(tmux, "\(try insetBinary()) --loop \(clips.joined(separator: " "))")
        try tmux.waitForWhole(timeout: 5, "red, 1/3") { Self.colour($0) == "red" && Self.place($0) == "1/3" }
        try tmux.keys(">")
        try tmux.waitForWhole(timeout: 5, "lime, 2/3") { Self.colour($0) == "lime" && Self.place($0) == "2/3" }
        try tmux.keys(">")
        try tmux.waitForWhole(timeout: 5, "blue, 3/3") { Self.colour($0) == "blue" && Self.place($0) == "3/3" }
        try tmux.keys(">")
        try tmux.waitForWhole(timeout: 3, "no file after the last") { $0.text.contains("this is the last file of the list") }
        try tmux.keys("<")
        try tmux.waitForWhole(timeout: 5, "lime again, 2/3") { Self.colour($0) == "lime" && Self.place($0) == "2/3" }
        try tmux.keys("Escape")
        try tmux.waitForWhole(timeout: 5, "the library lists the three") { screen in
            ["1-red.mp4", "2-lime.mp4", "3-blue.mp4"].allSatisfy { screen.text.contains($0) }
        }
        try tmux.keys("q")
        try tmux.waitForWhole(timeout: 3, "shell back") { _ in Self.shellBack(tmux) }
    }

    @Test("a file played from the library goes on to the next when it ends, and stays on the last")
    func libraryAdvances() throws {
        let (folder, _) = try Self.makeClips()
        let tmux = try Tmux()
        try Self.start(tmux, "\(try insetBinary()) \(folder.appendingPathComponent("clips").path)")
        try tmux.waitForWhole(timeout: 8, "the library, probed") { $0.text.contains("3-blue.mp4") && $0.text.contains("0:01") }
        try tmux.keys("Enter")
        let seen = try Self.watch(tmux, timeout: 10) { screen, _ in
            Self.colour(screen) == "blue" && screen.text.contains("▶") && screen.shownTime?.position == 1
        }
        #expect(seen.map(\.colour) == ["red", "lime", "blue"], "\(seen)")
        #expect(try tmux.terminalState() == "1 0", "the library's player stays after the last file")
        try tmux.keys("q")
    }

    @Test("--no-advance: the first file's end stays on its last frame")
    func noAdvance() throws {
        let (_, clips) = try Self.makeClips(["red", "lime"])
        let tmux = try Tmux()
        try Self.start(tmux, "\(try insetBinary()) --no-advance \(clips.joined(separator: " "))")
        try tmux.waitForWhole(timeout: 5, "red ended") { $0.text.contains("▶") && $0.shownTime?.position == 1 && Self.colour($0) == "red" }
        let seen = try Self.watch(tmux, timeout: 1.5) { _, _ in false }
        #expect(seen.map(\.colour) == ["red"], "\(seen)")
        #expect(try tmux.terminalState() == "1 0")
        try tmux.keys("q")
    }

    @Test("--loop-playlist: after the last file, the first again")
    func loopPlaylist() throws {
        let (_, clips) = try Self.makeClips(["red", "lime"])
        let tmux = try Tmux()
        try Self.start(tmux, "\(try insetBinary()) --loop-playlist \(clips.joined(separator: " "))")
        let seen = try Self.watch(tmux, timeout: 10) { _, count in count >= 4 }.prefix(4)
        #expect(seen.map(\.colour) == ["red", "lime", "red", "lime"], "\(seen)")
        try tmux.keys("q")
        try tmux.waitForWhole(timeout: 3, "shell back") { _ in Self.shellBack(tmux) }
    }

    /// The order is random per run (a unit test pins it by its seed): what a user can rely
    /// on is that every file plays once and the list then ends.
    @Test("--shuffle: each file plays once, the places count 1/3 to 3/3, and the last one's end quits")
    func shuffle() throws {
        let (_, clips) = try Self.makeClips()
        let tmux = try Tmux()
        try Self.start(tmux, "\(try insetBinary()) --shuffle \(clips.joined(separator: " "))")
        let seen = try Self.watch(tmux, timeout: 12) { _, _ in Self.shellBack(tmux) }
        #expect(seen.map(\.colour).sorted() == ["blue", "lime", "red"], "\(seen)")
        #expect(seen.map(\.place) == ["1/3", "2/3", "3/3"], "\(seen)")
        #expect(Self.shellBack(tmux))
        print("shuffled order: \(seen.map(\.colour))")
    }

    @Test("a binary .m3u, and one that names nothing: one line each, exit 1")
    func refusedPlaylists() throws {
        let (folder, _) = try Self.makeClips(["red"])
        let binary = folder.appendingPathComponent("binary.m3u"), empty = folder.appendingPathComponent("empty.m3u8")
        try Data([0x61, 0x2E, 0x6D, 0x70, 0x34, 0x00, 0x0A]).write(to: binary)
        try Data("#EXTM3U\n# nothing here\n".utf8).write(to: empty)
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) \(binary.path); echo EXIT=$?; \(try insetBinary()) \(empty.path); echo EXIT=$?")
        try tmux.waitForWhole(timeout: 5, "both exits") { $0.text.components(separatedBy: "EXIT=1").count == 3 }
        let text = try tmux.unwrappedText()
        #expect(text.contains("inset: cannot open \(binary.path): reading the playlist failed: binary, not a list of files\nEXIT=1"), "\(text)")
        #expect(text.contains("inset: nothing to play in \(empty.path)\nEXIT=1"), "\(text)")
    }

    @Test("in PiP, the window goes on to the next file")
    func windowAdvances() throws {
        // 2 s each: the first is still on when the window has settled.
        let (folder, _) = try Self.makeClips(seconds: 2)
        let tmux = try Tmux()
        try Self.start(tmux, "\(try insetBinary()) --pip \(folder.appendingPathComponent("clips").path)")
        // Where the window settles once the first file's enter animation is over.
        let first: (column: Int, row: Int, columns: Int, rows: Int)? = try tmux.settledWindow(timeout: 5)
        var last = first
        let seen = try Self.watch(tmux, timeout: 12, region: true) { screen, _ in
            last = screen.pipWindow ?? last
            return screen.pipWindow.map { Self.colour(screen, in: $0) == "blue" } == true
        }
        #expect(seen.map(\.colour) == ["red", "lime", "blue"], "\(seen)")
        #expect(last.map { [$0.column, $0.row, $0.columns, $0.rows] } == first.map { [$0.column, $0.row, $0.columns, $0.rows] },
                "the window stays where it was")
        #expect(try tmux.capture().text.contains("Library"))
        try tmux.keys("q")
    }
}

extension Tmux {
    /// The pane with the blanks at the ends of lines kept (`-N`): a picture of one colour
    /// is spaces on that colour, which a plain capture trims away.
    func captureWithBlanks() throws -> Screen {
        Screen(capture: try tmux(["capture-pane", "-p", "-e", "-N", "-t", "0"]), columns: columns)
    }

    /// `waitFor`, on captures with the blanks kept.
    @discardableResult
    func waitForWhole(timeout: Double, _ what: String = "condition", _ condition: (Screen) -> Bool) throws -> Screen {
        var last: Screen?
        let seen = try Self.eventually(timeout: timeout) {
            last = try captureWithBlanks()
            return condition(last!)
        }
        if seen, let last { return last }
        throw E2EError.timeout("\(what) not seen within \(timeout * Self.slack) s; screen:\n\(last?.text ?? "")")
    }
}
