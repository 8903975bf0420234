import Foundation
import Testing
import InsetTestSupport

/// docs/embed.md's fzf recipe, run: `inset --embed` as fzf's `--preview` command, in tmux.
/// fzf (0.38, Debian's) reads its preview command's output as text, so the player draws on
/// the terminal itself, at the preview window's place: full screen, the window on the
/// right with its rounded border, its content 2 columns from the right edge; the first
/// content row is left to fzf ("Loading .." while a preview runs).
@Suite("Embed mode in fzf's preview, end to end", .serialized, .tags(.waits))
struct EmbedFzfEndToEndTests {
    /// The recipe as docs/embed.md gives it.
    static let recipe = #"fzf --preview 'case {} in *.mp4|*.mkv|*.webm|*.mov|*.avi) inset --embed "${FZF_PREVIEW_COLUMNS}x$((FZF_PREVIEW_LINES-1))-2+2" {} ;; *) cat {} ;; esac'"#

    // At 120x40 fzf's preview window is columns 60-119 (border included), rows 0-39; its
    // content 56x38 at +62+1, and the player's rectangle 56x37 at +62+2.
    static let window = (column: 60, row: 0, columns: 60, rows: 40)
    static let area = (column: 62, row: 2, columns: 56, rows: 37)

    static func inArea(_ column: Int, _ row: Int) -> Bool {
        column >= area.column && column < area.column + area.columns && row >= area.row && row < area.row + area.rows
    }

    /// Inside the window's border.
    static func inWindow(_ column: Int, _ row: Int) -> Bool {
        column > window.column && column < window.column + window.columns - 1 && row > window.row
            && row < window.row + window.rows - 1
    }

    /// The rows of the player's rectangle that hold picture cells.
    static func pictureRows(_ screen: Screen) -> [Int] {
        (area.row..<(area.row + area.rows)).filter { row in
            (area.column..<(area.column + area.columns)).contains { screen.rows[row][$0].isPicture }
        }
    }

    /// Picture cells anywhere but the rectangle, described.
    static func picturesOutside(_ screen: Screen) -> [String] {
        var found: [String] = []
        for row in 0..<min(40, screen.rows.count) {
            for column in 0..<min(120, screen.rows[row].count) where !inArea(column, row) && screen.rows[row][column].isPicture {
                found.append("(\(column),\(row))")
            }
        }
        return found
    }

    /// Everything outside the preview window's inside: fzf's list, prompt, count and borders.
    static func fzfOwnCells(_ screen: Screen) -> [[Screen.StyledCell]] {
        screen.styled.prefix(40).enumerated().map { row, cells in
            cells.prefix(120).enumerated().map { column, cell in inWindow(column, row) ? Screen.StyledCell() : cell }
        }
    }

    /// Running players with the preview's rectangle on their command line.
    static func players() throws -> Int {
        try runCommand(["pgrep", "-f", "embed 56x37-2.2 /"]).split(separator: "\n").count
    }

    @Test("inset --embed as fzf's preview: the video plays in the preview window and nothing else of fzf's changes; another video replaces it whole, a text file's preview and quitting leave no picture and no player")
    func fzfPreview() throws {
        let fzf = try runCommand(["sh", "-c", "command -v fzf"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!fzf.isEmpty, "fzf is not installed (scripts/setup installs it)")
        let scratch = URL(fileURLWithPath: "/tmp/if-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let notes = scratch.appendingPathComponent("notes.txt").path
        try "plain text preview\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let list = scratch.appendingPathComponent("list").path
        try [samplePath("clock_4x3.mp4"), samplePath("clock_16x9_aac.mp4"), notes].joined(separator: "\n")
            .appending("\n").write(toFile: list, atomically: true, encoding: .utf8)
        let binaryDirectory = URL(fileURLWithPath: try insetBinary()).deletingLastPathComponent().path
        let tmux = try Tmux(columns: 120, rows: 40, environment: ["XDG_RUNTIME_DIR": scratch.path])
        try tmux.run("clear; PATH=\(binaryDirectory):$PATH \(Self.recipe) < \(list)")

        // The first file, 4:3: 21 rows of picture in the 56x37 rectangle.
        let first = try tmux.waitFor(timeout: 10, "the 4:3 video in the preview") { Self.pictureRows($0).count >= 19 }
        #expect(first.text.contains("3/3"), "fzf's count is not there:\n\(first.text)")
        #expect(first.line(0).hasSuffix("╮") && first.line(39).hasSuffix("╯"))
        let fzfAlone = Self.fzfOwnCells(first)
        // Two pictures after the first, each waited for until it differs from the one
        // before: the preview plays; and on each screen fzf's own cells are as they were.
        func picture(_ screen: Screen) -> String { Self.pictureRows(screen).map { screen.line($0) }.joined(separator: "\n") }
        var last = picture(first)
        for _ in 0..<2 {
            let screen = try tmux.waitFor(timeout: 5, "the preview playing on") { picture($0) != last }
            #expect(Self.fzfOwnCells(screen) == fzfAlone, "fzf's own cells changed while the video played:\n\(screen.text)")
            #expect(Self.picturesOutside(screen).isEmpty, "picture outside the rectangle: \(Self.picturesOutside(screen).prefix(5))")
            last = picture(screen)
        }
        #expect(try Self.players() == 1)

        // Up: the 16:9 file, letterboxed in fewer rows; nothing of the 4:3 picture is left.
        try tmux.keys("Up")
        let second = try tmux.waitFor(timeout: 10, "the 16:9 video in the preview") { screen in
            let rows = Self.pictureRows(screen)
            return rows.count >= 12 && rows.count <= 18
        }
        #expect(Self.picturesOutside(second).isEmpty)
        #expect(Self.fzfOwnCells(second).enumerated().allSatisfy { row, cells in
            cells.enumerated().allSatisfy { column, cell in column >= 60 || fzfAlone[row][column] == cell || row >= 35 }
        }, "fzf's list changed beyond its selection")
        // The second preview's player draws: the first one's must go.
        #expect(try Tmux.eventually(timeout: 1) { try Self.players() == 1 }, "the first preview's player is still running")

        // Up: the text file; fzf's preview is the text, and no picture is left.
        try tmux.keys("Up")
        try tmux.waitFor(timeout: 10, "the text preview") { $0.text.contains("plain text preview") }
        try tmux.waitFor(timeout: 3, "no picture left") { Self.pictureRows($0).isEmpty && Self.picturesOutside($0).isEmpty }
        #expect(try Tmux.eventually(timeout: 3) { try Self.players() == 0 }, "a player is still running")

        // Down to a video again, then quit: the shell's screen, no picture, no player.
        try tmux.keys("Down")
        try tmux.waitFor(timeout: 10, "the video again") { Self.pictureRows($0).count >= 12 }
        try tmux.keys("Escape")
        try tmux.waitFor(timeout: 5, "the shell after fzf") { _ in (try? tmux.terminalState()) == "0 1" }
        // Once no player runs, nothing more can be drawn: what is on screen then stays.
        #expect(try Tmux.eventually(timeout: 3) { try Self.players() == 0 }, "a player is still running")
        let shell = try tmux.capture()
        #expect(Self.picturesOutside(shell).isEmpty && Self.pictureRows(shell).isEmpty, "a picture is left:\n\(shell.text)")
    }
}
