import Foundation
import InsetTestSupport
import Testing

/// Playlists in a real terminal, on clips of one colour each made here by ffmpeg: which
/// file is on screen is told by the picture's colour, and its place in the list by the
/// bar ("2/3"). The keys, the library's playlist, the window's and the options' rules are
/// director tests (InsetAppTests/DirectorPlaylistTests), with no terminal.
@Suite("Playlists end to end", .serialized, .tags(.waits))
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

    /// The options' meanings are director tests (DirectorPlaylistTests); here, that the
    /// command line hands them on. The shuffled order may be either: what is checked is what
    /// follows the first file, whichever it is.
    @Test("--no-advance --loop-playlist --shuffle: the first file's end stays on its last frame; > goes on, and past the last to the first")
    func playlistOptions() throws {
        let (_, clips) = try Self.makeClips(["red", "lime"])
        let tmux = try Tmux()
        try Self.start(tmux, "\(try insetBinary()) --no-advance --loop-playlist --shuffle \(clips.joined(separator: " "))")
        let ended = try tmux.waitForWhole(timeout: 5, "the first file ended") {
            $0.text.contains("▶") && $0.shownTime?.position == 1 && Self.colour($0) != nil && Self.place($0) == "1/2"
        }
        let first = try #require(Self.colour(ended)), other = first == "red" ? "lime" : "red"
        // Nothing opens after it (the next would, at once).
        let seen = try Self.watch(tmux, timeout: 0.5) { _, _ in false }
        #expect(seen.map(\.colour) == [first], "\(seen)")
        #expect(try tmux.terminalState() == "1 0")
        try tmux.keys(">")
        try tmux.waitForWhole(timeout: 5, "\(other), 2/2") { Self.colour($0) == other && Self.place($0) == "2/2" }
        try tmux.keys(">")
        try tmux.waitForWhole(timeout: 5, "\(first) again, 1/2") { Self.colour($0) == first && Self.place($0) == "1/2" }
        try tmux.keys("q")
        try tmux.waitForWhole(timeout: 3, "shell back") { _ in Self.shellBack(tmux) }
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
