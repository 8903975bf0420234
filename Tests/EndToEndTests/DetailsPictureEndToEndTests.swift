import Foundation
import Testing
import InsetTestSupport

/// The details pane's still preview in real pixels when the terminal takes them: kitty
/// graphics and sixel on a pty answering as kitty and as xterm (scripts/fake-terminal, which
/// also types the keys), and kitty's Unicode placeholders in tmux. A PiP window over the
/// pane keeps the pixels for its video, and the preview is drawn in cells then.
@Suite("Details preview in pixels, end to end", .serialized, .tags(.waits))
struct DetailsPictureEndToEndTests {
    /// A library of one colourful clip, so the first entry is known.
    static let library: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-details-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let link = dir.appendingPathComponent("clock_16x9_aac.mp4")
        try? FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: samplePath("clock_16x9_aac.mp4"))
        return dir
    }()

    /// Everything the player wrote on a 100x30 pty of 10x20-pixel cells answering as
    /// `persona`, while `i` opens the details once the library is drawn, Esc goes back once
    /// `picture` (how the terminal's pictures begin, in fake-terminal's escapes) has come,
    /// and q quits. Keys wait for what they follow, as a user does, not for fixed times a
    /// loaded machine may overrun.
    static func run(as persona: String, picture: String) throws -> String {
        let script = repositoryRoot.appendingPathComponent("scripts/fake-terminal").path
        let json = try runCommand(["python3", script, "--as", persona, "--columns", "100", "--rows", "30",
                                   "--xpixel", "1000", "--ypixel", "600",
                                   "--keys", "300/clock_16x9_aac:i", "--keys", "1000/\(picture):\\x1b", "--keys", "1000:q",
                                   "--", try insetBinary(), library.path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
        #expect(object["status"] as? Int == 0)
        return object["output"] as? String ?? ""
    }

    /// The screen position of a picture written at a CUP (1-based row;column) right before it.
    static func position(before index: String.Index, in output: String) -> (row: Int, column: Int)? {
        let before = output[..<index]
        guard let cup = before.range(of: "\u{1B}[", options: .backwards) else { return nil }
        let parameters = before[cup.upperBound...].dropLast().split(separator: ";").compactMap { Int($0) }
        guard before.last == "H", parameters.count == 2 else { return nil }
        return (parameters[0], parameters[1])
    }

    @Test("kitty: the still goes as one placement right of the facts, and is deleted on Esc")
    func kitty() throws {
        let output = try Self.run(as: "kitty", picture: "a=T")
        let commands = output.ranges(of: "\u{1B}_G").map { start in
            (start.lowerBound, String(output[start.upperBound...].prefix { $0 != ";" && $0 != "\u{1B}" }))
        }
        let shown = commands.filter { $0.1.contains("a=T") }
        #expect(shown.count == 1, "one still, sent once: \(commands.map(\.1))")
        let show = try #require(shown.first)
        let keys = Dictionary(show.1.split(separator: ",").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1)
            return (String(parts[0]), String(parts.count > 1 ? parts[1] : ""))
        }, uniquingKeysWith: { $1 })
        let columns = try #require(keys["c"].flatMap { Int($0) }), rows = try #require(keys["r"].flatMap { Int($0) })
        // The preview sits right of the facts on a 100-column pane: 16:9 in about half of it.
        #expect((30...60).contains(columns) && (8...28).contains(rows), "\(columns)x\(rows) cells")
        #expect(abs(Double(columns) / Double(rows) * 0.5 - 16.0 / 9.0) < 0.3, "the picture's shape: \(columns)x\(rows)")
        let at = try #require(Self.position(before: show.0, in: output))
        #expect(at.column > 40 && at.column + columns - 1 <= 100 && at.row + rows - 1 < 30, "at \(at)")
        let id = try #require(keys["i"])
        let deleted = commands.filter { $0.0 > show.0 && $0.1.contains("a=d") && $0.1.contains("i=\(id)") }
        #expect(deleted.count == 1, "deleted on Esc: \(commands.map(\.1))")
    }

    @Test("sixel: the still goes as one sixel image at the preview's place, of the picture's size")
    func sixel() throws {
        let output = try Self.run(as: "xterm-sixel", picture: "\\x1bP0;1;0q")
        let images = output.ranges(of: "\u{1B}P0;1;0q")
        #expect(images.count == 1, "one still, sent once")
        let image = try #require(images.first)
        let body = output[image.upperBound...].prefix { $0 != "\u{1B}" }
        // Raster attributes "1;1;W;H: about half the 600 px wide pane (6 px per cell), 16:9.
        let raster = body.dropFirst().prefix { $0 != "#" }.split(separator: ";").compactMap { Int($0) }
        #expect(raster.count == 4)
        let width = raster.count == 4 ? raster[2] : 0, height = raster.count == 4 ? raster[3] : 0
        #expect((180...360).contains(width) && abs(Double(width) / Double(max(1, height)) - 16.0 / 9.0) < 0.25,
                "\(width)x\(height) px")
        #expect(body.count > 5_000, "a picture in colour, not a blank: \(body.count) bytes")
        let at = try #require(Self.position(before: image.lowerBound, in: output))
        #expect(at.column > 40, "right of the facts, at \(at)")
    }

    @Test("in tmux: the still is kitty placeholder cells, and with a PiP window over the pane it still is, beside the window's own", .timeLimit(.minutes(2)))
    func tmuxPlaceholders() throws {
        let tmux = try Tmux(columns: 100, rows: 30, environment: ["KITTY_WINDOW_ID": "1"])
        try tmux.run("\(try insetBinary()) --graphics kitty \(Self.library.path)")
        try tmux.waitFor(timeout: 10, "the library") { $0.text.contains("clock_16x9_aac") }
        try tmux.keys("i")
        // A placeholder cell is U+10EEEE with its row and column diacritics: one Character.
        let isPlaceholder = { (character: Character) in character.unicodeScalars.first == "\u{10EEEE}" }
        let details = try tmux.waitFor(timeout: 10, "placeholder cells") { screen in
            (0..<30).filter { screen.line($0).contains(where: isPlaceholder) }.count > 8
        }
        let rows = (0..<30).filter { details.line($0).contains(where: isPlaceholder) }
        for row in rows {
            let first = Array(details.line(row)).firstIndex(where: isPlaceholder) ?? 0
            #expect(first > 40, "row \(row): right of the facts, from column \(first)")
        }
        try tmux.keys("Escape")
        try tmux.waitFor(timeout: 5, "the library, no placeholder left") { screen in
            screen.text.contains("clock_16x9_aac") && !screen.text.unicodeScalars.contains("\u{10EEEE}")
        }
        // Play it, float it in a window, and open the details beneath the window.
        try tmux.keys("Enter")
        try tmux.waitFor(timeout: 10, "the player") { $0.text.unicodeScalars.contains("\u{10EEEE}") }
        try tmux.keys("p")
        let window = try tmux.settledWindow(timeout: 5)
        try tmux.keys("i")
        // Both pictures in pixels: the window's placeholders inside it, the preview's (an
        // image of its own) right of the facts, outside the window.
        let inWindow = { (column: Int, row: Int) in
            column >= window.column && column < window.column + window.columns && row >= window.row && row < window.row + window.rows
        }
        let placeholders = { (screen: Screen) -> (inside: Int, outside: [(Int, Int)]) in
            var inside = 0, outside: [(Int, Int)] = []
            for row in 0..<30 {
                for (column, character) in Array(screen.line(row)).enumerated() where isPlaceholder(character) {
                    if inWindow(column, row) { inside += 1 } else { outside.append((column, row)) }
                }
            }
            return (inside, outside)
        }
        let beneath = try tmux.waitFor(timeout: 10, "the preview in pixels beside the window") { screen in
            let found = placeholders(screen)
            return screen.text.contains("Details") && found.inside > 20 && found.outside.count > 20
        }
        for (column, row) in placeholders(beneath).outside {
            #expect(column > 40, "preview placeholder at \(column),\(row): right of the facts")
        }
        try tmux.keys("q")
    }
}
