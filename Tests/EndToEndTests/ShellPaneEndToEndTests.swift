import Foundation
import Testing
import InsetTestSupport

/// The shell pane, driven in tmux as a person would use it, and compared cell by cell
/// (characters, colours, attributes) with the same commands in a plain tmux pane. The
/// prefix's keys, coming back to the shell as it was and its exit are director tests
/// (InsetAppTests/DirectorPanesTests), with a real shell and no terminal.
@Suite("Shell pane end to end", .serialized, .tags(.waits))
struct ShellPaneEndToEndTests {
    typealias StyledCell = Screen.StyledCell

    /// Every cell of a pane, with its SGR state, trailing spaces kept.
    static func styledCells(_ tmux: Tmux) throws -> [[StyledCell]] {
        Screen(capture: try tmux.tmux(["capture-pane", "-p", "-e", "-N", "-t", "0"]), columns: tmux.columns).styled
    }

    /// Cells that differ between Inset's pane and the plain pane, outside `excluded`
    /// (the PiP window) and the cursor cell (Inset draws its cursor as a reversed cell).
    static func differences(_ inset: [[StyledCell]], _ plain: [[StyledCell]], rows: Int, columns: Int,
                            excluded: (column: Int, row: Int, columns: Int, rows: Int)?,
                            cursor: (column: Int, row: Int)) -> [String] {
        var found: [String] = []
        for row in 0..<rows {
            for column in 0..<columns {
                if let box = excluded, column >= box.column - 1, column < box.column + box.columns + 1,
                   row >= box.row, row < box.row + box.rows { continue }
                if column == cursor.column && row == cursor.row { continue }
                let a = row < inset.count && column < inset[row].count ? inset[row][column] : StyledCell()
                let b = row < plain.count && column < plain[row].count ? plain[row][column] : StyledCell()
                if a != b { found.append("(\(column),\(row)): inset \(a), plain \(b)") }
            }
        }
        return found
    }

    /// The cells that differ between the two panes once both have settled: compared again
    /// while any differ (`Tmux.eventually`), since on a loaded machine Inset may still be
    /// painting what the plain pane already shows. The last differences.
    func settledDifferences(_ tmux: Tmux, _ plain: Tmux, excluded: (column: Int, row: Int, columns: Int, rows: Int)?,
                            timeout: Double = 3) throws -> [String] {
        var found: [String] = []
        _ = try Tmux.eventually(timeout: timeout) {
            found = Self.differences(try Self.styledCells(tmux), try Self.styledCells(plain),
                                     rows: tmux.rows, columns: tmux.columns, excluded: excluded, cursor: try cursor(plain))
            return found.isEmpty
        }
        return found
    }

    /// A directory with a known listing, a script that prints every pattern, a shell
    /// without start-up files for both panes, and a file for less.
    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-shell-\(UUID().uuidString.prefix(8))")
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("listing/subdir"), withIntermediateDirectories: true)
        _ = fm.createFile(atPath: dir.appendingPathComponent("listing/plain.txt").path, contents: Data("x".utf8))
        _ = fm.createFile(atPath: dir.appendingPathComponent("listing/run.sh").path, contents: Data("#!/bin/sh\n".utf8),
                      attributes: [.posixPermissions: 0o755])
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("listing/link").path, withDestinationPath: "plain.txt")
        let patterns = """
            printf 'hello \\033[1mbold\\033[0m \\033[4munder\\033[0m \\033[3mitalic\\033[0m \\033[7mreverse\\033[0m \\033[31mred\\033[0m \\033[94mbright\\033[0m\\n'
            ls --color=always -1 \(dir.path)/listing
            i=0; while [ $i -lt 256 ]; do printf '\\033[38;5;%dm%03d\\033[0m ' $i $i; i=$((i+1)); [ $((i % 16)) -eq 0 ] && printf '\\n'; done
            i=0; while [ $i -lt 64 ]; do printf '\\033[48;2;%d;%d;%dm \\033[0m' $((i*4)) $((255-i*4)) $((i*2)); i=$((i+1)); done; printf '\\n'
            i=0; while [ $i -lt 32 ]; do printf '\\033[38;2;%d;100;%dm#' $((i*8)) $((255-i*8)); i=$((i+1)); done; printf '\\033[0m\\n'
            printf 'wide: 日本語のテキスト 中文 한국어 end\\n'
            """
        try patterns.write(to: dir.appendingPathComponent("patterns.sh"), atomically: true, encoding: .utf8)
        try (1...200).map { "line \($0) of a file for less" }.joined(separator: "\n")
            .write(to: dir.appendingPathComponent("long.txt"), atomically: true, encoding: .utf8)
        let shell = dir.appendingPathComponent("plainbash")
        try "#!/bin/sh\nexec bash --norc --noprofile\n".write(to: shell, atomically: true, encoding: .utf8)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shell.path)
        return dir
    }

    /// bash's prompt without start-up files: `bash-5.2# ` (or `$ ` as another user).
    static func hasPrompt(_ text: String) -> Bool { text.contains("# ") || text.contains("$ ") }

    static func plainPane(_ dir: URL) throws -> Tmux {
        let plain = try Tmux(environment: ["TERM": "xterm-256color"])
        try plain.run("cd \(dir.path) && clear")
        return plain
    }

    func cursor(_ tmux: Tmux) throws -> (column: Int, row: Int) {
        let text = try tmux.tmux(["display", "-p", "-t", "0", "#{cursor_x} #{cursor_y}"])
        let parts = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return (parts[0], parts[1])
    }

    /// A scratch directory, and a tmux where a video plays with the shell pane open over it.
    func shellOverVideo() throws -> (dir: URL, tmux: Tmux) {
        let dir = try Self.scratch()
        let tmux = try Tmux()
        try startShell(tmux, dir)
        return (dir, tmux)
    }

    /// Starts a video, opens the shell pane over it with `!`: the video goes on in the window.
    func startShell(_ tmux: Tmux, _ dir: URL, file: String = "clock_16x9_aac.mp4") throws {
        try tmux.run("cd \(dir.path) && SHELL=\(dir.path)/plainbash \(try insetBinary()) --loop \(samplePath(file)); echo \"ex\"\"it=$?\"")
        try tmux.waitFor(timeout: 5, "video") { $0.videoRows.count > 20 }
        try tmux.keys("!")
        _ = try tmux.settledWindow(timeout: 5, "the window over the shell")
        try tmux.waitFor(timeout: 5, "the prompt") { Self.hasPrompt($0.text) }
    }

    @Test("what commands print in the pane matches a plain tmux pane cell by cell (text, 16/256/24-bit colours, attributes, wide characters), around the moving window")
    func outputMatchesPlainPane() throws {
        let (dir, tmux) = try shellOverVideo()
        let plain = try Self.plainPane(dir)
        for pane in [tmux, plain] {
            try pane.run("clear; sh patterns.sh")
        }
        try tmux.waitFor(timeout: 5, "the patterns") { $0.text.contains("end") && $0.text.contains("255") }
        try plain.waitFor(timeout: 5, "the patterns") { $0.text.contains("end") && $0.text.contains("255") }

        let first = try tmux.capture()
        let window = try #require(first.pipWindow, "the window floats over the shell")
        #expect(window.column + window.columns >= 110 && window.row + window.rows >= 36, "bottom-right: \(window)")
        let timeBefore = try #require(first.pipTime)
        let differences = try settledDifferences(tmux, plain, excluded: window)
        #expect(differences.isEmpty, "\(differences.count) cells differ, first: \(differences.prefix(5))")
        // The cursor: Inset draws it as a reversed cell where the plain pane's cursor is.
        let insetCells = try Self.styledCells(tmux)
        let at = try cursor(plain)
        #expect(insetCells[at.row][at.column].attributes.contains(7), "cursor cell \(insetCells[at.row][at.column])")
        // The video kept moving in the window meanwhile.
        let later = try tmux.waitFor(timeout: 4, "the window's time moves") { ($0.pipTime ?? 0) > timeBefore }
        #expect(later.pipWindow != nil)
    }

    @Test("less and vim work in the pane: alternate screen, keys, back to the shell as it was")
    func fullScreenPrograms() throws {
        let (dir, tmux) = try shellOverVideo()
        let plain = try Self.plainPane(dir)
        for pane in [tmux, plain] { try pane.run("clear; less long.txt") }
        try tmux.waitFor(timeout: 5, "less") { $0.text.contains("line 1 of a file") }
        try plain.waitFor(timeout: 5, "less") { $0.text.contains("line 1 of a file") }
        for pane in [tmux, plain] { try pane.keys("Space") }  // a page down
        try tmux.waitFor(timeout: 5, "less paged") { $0.text.contains("line 60 of a file") && !$0.text.contains("line 1 of a file") }
        try plain.waitFor(timeout: 5, "less paged") { $0.text.contains("line 60 of a file") }
        let window = try #require(try tmux.capture().pipWindow)
        let differences = try settledDifferences(tmux, plain, excluded: window)
        #expect(differences.isEmpty, "less: \(differences.count) cells differ, first: \(differences.prefix(5))")
        try tmux.keys("q")
        try tmux.waitFor(timeout: 5, "back at the prompt") { !$0.text.contains("line 60 of a file") && Self.hasPrompt($0.text) }

        let file = dir.appendingPathComponent("typed.txt").path
        try tmux.run("vi -u NONE -N \(file)")
        // vi's screen, its empty lines marked ~ (the command line names the file before vi
        // has drawn anything, so the name alone does not say vi is reading keys).
        try tmux.waitFor(timeout: 5, "vi") { screen in
            screen.text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces) == "~" }.count > 5
        }
        try tmux.literal("ihello from vim")
        try tmux.keys("Escape")
        try tmux.literal(":wq")
        try tmux.keys("Enter")
        // Written when vi has gone; on a loaded machine the screen may say so first.
        let written = Tmux.eventually(timeout: 5) { (try? String(contentsOfFile: file, encoding: .utf8)) == "hello from vim\n" }
        #expect(written, "\((try? String(contentsOfFile: file, encoding: .utf8)) ?? "no file")")
        try tmux.waitFor(timeout: 5, "vim gone") { Self.hasPrompt($0.text) && !$0.text.contains("~ ") }
    }

    @Test("a terminal resize resizes the pty (stty size says so) and keeps the window inside")
    func resize() throws {
        let (_, tmux) = try shellOverVideo()
        try tmux.run("clear; stty size")
        try tmux.waitFor(timeout: 5, "40 120") { $0.text.contains("40 120") }
        try tmux.resize(columns: 90, rows: 30)
        try tmux.run("clear; stty size")
        let screen = try tmux.waitFor(timeout: 5, "30 90") { $0.text.contains("30 90") }
        let window = try #require(screen.pipWindow)
        #expect(window.column >= 0 && window.column + window.columns <= 90, "\(window)")
        #expect(window.row >= 0 && window.row + window.rows <= 30, "\(window)")
    }

    @Test("inset --shell FILE starts in the shell, the video in the window; clicks go to a program that asked for them, drags on the window move it; the prefix twice is the chord")
    func startInShellAndMouse() throws {
        let dir = try Self.scratch()
        let tmux = try Tmux()
        try tmux.run("cd \(dir.path) && SHELL=\(dir.path)/plainbash \(try insetBinary()) --shell --loop \(samplePath("clock_16x9_aac.mp4"))")
        let window = try tmux.settledWindow(timeout: 5, "the window over the shell")
        try tmux.waitFor(timeout: 5, "the prompt") { Self.hasPrompt($0.text) }
        // A program asks for mouse reports (SGR encoding) and shows what comes in. Asked
        // before the screen is cleared: once it is blank, the request has been read.
        try tmux.run("printf '\\033[?1000h\\033[?1006h'; clear; cat -v")
        try tmux.waitFor(timeout: 5, "the screen cleared for cat") { !Self.hasPrompt($0.text) && !$0.text.contains("printf") }
        try tmux.mouse("press", column: 4, row: 6)
        try tmux.mouse("release", column: 4, row: 6)
        try tmux.waitFor(timeout: 5, "the click reported to cat") { $0.text.contains("^[[<0;5;7M") }
        // A drag on the window's title moves the window, and cat sees nothing of it.
        try tmux.mouse("press", column: window.column + 3, row: window.row)
        try tmux.mouse("drag", column: 10, row: 3)
        try tmux.mouse("release", column: 10, row: 3)
        let moved = try tmux.settledWindow(timeout: 5, "the window dragged") { $0.column < window.column && $0.row < window.row }
        #expect(moved.column < window.column)
        #expect(!(try tmux.capture().text.contains("^[[<32;")), "a drag on the window reached the shell")
        // The press on the window focused it; Esc gives the keyboard back to the shell, and
        // the prefix twice sends the chord itself to the program.
        try tmux.keys("Escape")
        Thread.sleep(forTimeInterval: 0.3)   // past the escape timeout: a lone Esc, not Alt-
        try tmux.keys("C-]", "C-]")
        try tmux.waitFor(timeout: 5, "the chord reached cat") { $0.text.contains("^]") }
        try tmux.keys("C-c")
        try tmux.run("printf '\\033[?1000l'; echo mouse off")
        try tmux.waitFor(timeout: 5, "mouse off") { $0.text.contains("mouse off") }
    }

    @Test("a paste reaches the shell whole")
    func paste() throws {
        let (_, tmux) = try shellOverVideo()
        try tmux.tmux(["set-buffer", "-b", "p", "echo pasted-$((6*7))"])
        try tmux.tmux(["paste-buffer", "-p", "-b", "p", "-t", "0"])
        try tmux.keys("Enter")
        try tmux.waitFor(timeout: 5, "the pasted command ran") { $0.text.contains("pasted-42") }
    }
}
