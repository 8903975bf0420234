import Foundation
import Testing
import InsetTestSupport

/// Video previews in the file managers Debian has (issue 51), each with the files of
/// contrib/<program>/ installed as its README says, in tmux: the picture moves in the
/// preview pane, moving the selection to a text file stops the player within a second and
/// shows the text, the next video's preview plays, and quitting leaves no player.
@Suite("File manager previews end to end", .serialized, .tags(.waits))
struct FileManagerPreviewsEndToEndTests {
    /// The preview pane's picture, as text, to see it move.
    static func picture(_ screen: Screen, fromColumn column: Int) -> String {
        screen.styled.map { row in row.indices.filter { $0 >= column }.map { row[$0].description }.joined() }.joined(separator: "\n")
    }

    /// The walk every file manager gets: the first video plays (two different pictures),
    /// `down` to the text ends it within a second and shows the text, `down` again plays
    /// the second video, `quit` leaves no player.
    func walk(_ tmux: Tmux, _ bench: FileManagerBench, column: Int,
              down: () throws -> Void, quit: () throws -> Void) throws {
        let first = try tmux.waitFor(timeout: 15, "the first video's picture") { FileManagerBench.pictureCells($0, fromColumn: column) > 150 }
        try tmux.waitFor(timeout: 5, "the picture moving") {
            FileManagerBench.pictureCells($0, fromColumn: column) > 150 && Self.picture($0, fromColumn: column) != Self.picture(first, fromColumn: column)
        }
        #expect(bench.players().count == 1, "players: \(bench.players())")
        try down()
        #expect(bench.noPlayer(within: 1.0 * Tmux.slack), "a player still runs after the selection moved: \(bench.players())")
        try tmux.waitFor(timeout: 5, "the text file's preview") { Self.textShown($0, fromColumn: column) }
        try down()
        try tmux.waitFor(timeout: 15, "the second video's picture") { FileManagerBench.pictureCells($0, fromColumn: column) > 150 }
        #expect(bench.players().count == 1, "players: \(bench.players())")
        try quit()
        #expect(bench.noPlayer(within: 2 * Tmux.slack), "a player outlived the file manager: \(bench.players())")
    }

    /// The text file's preview: its line on screen, no picture left in the pane.
    static func textShown(_ screen: Screen, fromColumn column: Int) -> Bool {
        screen.text.contains(FileManagerBench.noteText) && FileManagerBench.pictureCells(screen, fromColumn: column) < 20
    }

    @Test("lf with contrib/lf's previewer and cleaner", .enabled(if: installed("lf")))
    func lf() throws {
        let bench = try FileManagerBench()
        try bench.install("lf", "preview", at: ".config/lf/preview")
        try bench.install("lf", "clean", at: ".config/lf/clean")
        // lf expands `~` from the password file, not HOME: the bench's home written out.
        let rc = try String(contentsOf: repositoryRoot.appendingPathComponent("contrib/lf/lfrc"), encoding: .utf8)
        try rc.replacingOccurrences(of: "~", with: bench.home.path)
            .write(to: bench.home.appendingPathComponent(".config/lf/lfrc"), atomically: true, encoding: .utf8)
        let tmux = try Tmux(columns: 120, rows: 30)
        try tmux.run("cd \(bench.videos.path) && \(bench.environment) lf")
        try walk(tmux, bench, column: 60, down: { try tmux.keys("j") }, quit: { try tmux.keys("q") })
        try tmux.waitFor(timeout: 5, "the shell again") { $0.text.contains("$") || $0.text.contains("#") }
    }

    @Test("vifm with contrib/vifm's fileviewer: no /dev/tty and its pipes leaked, the player draws through --tty and holds nothing",
          .enabled(if: installed("vifm")))
    func vifm() throws {
        let bench = try FileManagerBench()
        let rc = try String(contentsOf: repositoryRoot.appendingPathComponent("contrib/vifm/vifmrc"), encoding: .utf8)
        let folder = bench.home.appendingPathComponent(".config/vifm")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try ("set vicmd=vi\n" + rc).write(to: folder.appendingPathComponent("vifmrc"), atomically: true, encoding: .utf8)
        // The clear command, where vifm looks for scripts (it puts $VIFM/scripts on PATH).
        try bench.install("vifm", "inset-vifm-clear", at: ".config/vifm/scripts/inset-vifm-clear")
        let tmux = try Tmux(columns: 120, rows: 30)
        try tmux.run("cd \(bench.videos.path) && \(bench.environment) vifm -c view . .")
        // vifm starts on `../`: down to the first video.
        try tmux.waitFor(timeout: 5, "vifm's list") { $0.text.contains(FileManagerBench.files[2]) }
        try tmux.keys("j")
        // From the video to the text: the text shows, and stays, drawn after the player's
        // erase (contrib/vifm's clear command waits for the player). A clear command that
        // did not wait lost that race in most moves, not all: three moves, the walk's third.
        for _ in 0..<2 {
            try tmux.waitFor(timeout: 15, "the video's picture") { FileManagerBench.pictureCells($0, fromColumn: 62) > 150 }
            try tmux.keys("j")
            // Within a second: vifm waits on the clear command, which waits on the player.
            try tmux.waitFor(timeout: 1.0 * Tmux.slack, "the text file's preview") { Self.textShown($0, fromColumn: 62) }
            Thread.sleep(forTimeInterval: 0.5 * Tmux.slack)
            let later = try tmux.capture()
            #expect(Self.textShown(later, fromColumn: 62), "the text went after it showed: \(later.text)")
            try tmux.keys("k")
        }
        try walk(tmux, bench, column: 62, down: { try tmux.keys("j") },
                 quit: { try tmux.literal(":q"); try tmux.keys("Enter") })
    }

    /// The placeholder cells of kitty pictures inside tmux (the player's `--vo=kitty` there,
    /// kitty outside): U+10EEEE with diacritics.
    static func placeholderCells(_ screen: Screen) -> Int {
        screen.styled.joined().filter { $0.character.unicodeScalars.first == "\u{10EEEE}" }.count
    }

    @Test("nnn with a reader doing what preview-tui does: its mpv line as it is, SIGTERM when the selection moves",
          .enabled(if: installed("nnn")))
    func nnn() throws {
        let bench = try FileManagerBench()
        let fifo = bench.runtime.appendingPathComponent("nnn.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let reader = repositoryRoot.appendingPathComponent("Tests/Fixtures/previews/preview-tui-reader").path
        // The preview pane: a terminal of its own, kitty outside (so --vo=kitty draws placeholders in tmux).
        let pane = try Tmux(columns: 60, rows: 28, environment: ["KITTY_WINDOW_ID": "1"])
        try pane.run("clear; NNN_FIFO=\(fifo) NNN_PREVIEWVIDEO=kitty PATH=\(bench.programs.path):$PATH \(reader)")
        let tmux = try Tmux(columns: 80, rows: 24)
        try tmux.run("cd \(bench.videos.path) && NNN_FIFO=\(fifo) \(bench.environment) nnn")
        try tmux.waitFor(timeout: 5, "nnn's list") { $0.text.contains(FileManagerBench.files[2]) }
        try tmux.keys("j")
        try pane.waitFor(timeout: 5, "the text") { $0.text.contains(FileManagerBench.noteText) }
        try tmux.keys("j")
        let first = try pane.waitFor(timeout: 15, "the video") { Self.placeholderCells($0) > 150 }
        #expect(bench.players().count == 1, "players: \(bench.players())")
        _ = first
        try tmux.keys("k")
        #expect(bench.noPlayer(within: 1.0 * Tmux.slack), "the player outlived its SIGTERM: \(bench.players())")
        try pane.waitFor(timeout: 5, "the text again, the picture gone") {
            $0.text.contains(FileManagerBench.noteText) && Self.placeholderCells($0) == 0
        }
        try tmux.keys("j")
        try pane.waitFor(timeout: 15, "the video again") { Self.placeholderCells($0) > 150 }
        try tmux.keys("q")
        #expect(bench.noPlayer(within: 2 * Tmux.slack), "a player outlived nnn: \(bench.players())")
    }

    @Test("ranger as root with contrib/ranger's image displayer, scope.sh lines and the two --cmd flags",
          .enabled(if: installed("ranger") && installed("file")))
    func ranger() throws {
        let bench = try FileManagerBench()
        try bench.install("ranger", "inset_preview.py", at: ".config/ranger/plugins/inset_preview.py")
        try bench.install("ranger", "rc.conf", at: ".config/ranger/rc.conf")
        // ranger's own scope.sh with contrib's lines put in handle_image's case, as the README says.
        let scope = try String(contentsOfFile: "/usr/lib/python3/dist-packages/ranger/data/scope.sh", encoding: .utf8)
        let lines = try String(contentsOf: repositoryRoot.appendingPathComponent("contrib/ranger/scope.sh.lines"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("##") }.joined(separator: "\n")
        let function = try #require(scope.range(of: "handle_image() {"))
        let cases = try #require(scope.range(of: "case \"${mimetype}\" in\n", range: function.upperBound..<scope.endIndex))
        let script = bench.home.appendingPathComponent(".config/ranger/scope.sh")
        try (String(scope[..<cases.upperBound]) + lines + String(scope[cases.upperBound...])).write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let tmux = try Tmux(columns: 120, rows: 30)
        let flags = getuid() == 0 ? " --cmd='set preview_files true' --cmd='set use_preview_script true'" : ""
        try tmux.run("cd \(bench.videos.path) && \(bench.environment) ranger\(flags)")
        try walk(tmux, bench, column: 62, down: { try tmux.keys("j") }, quit: { try tmux.keys("q") })
    }

    /// joshuto is not packaged in Debian: its hooks are called here as joshuto calls them
    /// (`PATH X Y W H`), from a shell in the terminal, standing in for joshuto.
    @Test("joshuto's hooks from contrib/joshuto, called as joshuto calls them: the shown hook plays, the removed hook ends it")
    func joshutoHooks() throws {
        let bench = try FileManagerBench()
        let tmux = try Tmux(columns: 100, rows: 24)
        let hooks = repositoryRoot.appendingPathComponent("contrib/joshuto").path
        let video = bench.videos.appendingPathComponent(FileManagerBench.files[0]).path
        try tmux.run("clear; \(bench.environment) \(hooks)/on_preview_shown \(video) 50 2 40 12")
        try tmux.waitFor(timeout: 15, "the picture in the rectangle") { FileManagerBench.pictureCells($0, fromColumn: 50) > 150 }
        #expect(bench.players().count == 1)
        try tmux.run("\(bench.environment) \(hooks)/on_preview_removed \(video) 50 2 40 12")
        #expect(bench.noPlayer(within: 1.0 * Tmux.slack), "the player outlived the removed hook")
        try tmux.waitFor(timeout: 5, "the rectangle erased") { FileManagerBench.pictureCells($0, fromColumn: 50) == 0 }
    }

    /// yazi is not packaged in Debian: contrib/yazi's plugin runs in a stand-in that calls
    /// it as yazi's source does (Tests/Fixtures/previews/yazi-stand-in, on LuaJIT): `peek`
    /// with the pane's area, and on a new hover the task aborted and its player killed
    /// with SIGKILL, which only the player's guard outlives to erase the rectangle.
    @Test("yazi's previewer plugin from contrib/yazi in a stand-in that aborts as yazi does: SIGKILL, the rectangle erased",
          .enabled(if: installed("luajit")))
    func yaziPlugin() throws {
        let bench = try FileManagerBench()
        let tmux = try Tmux(columns: 120, rows: 30)
        let standIn = repositoryRoot.appendingPathComponent("Tests/Fixtures/previews/yazi-stand-in").path
        let plugin = repositoryRoot.appendingPathComponent("contrib/yazi/inset.yazi/main.lua").path
        let path = { (index: Int) in bench.videos.appendingPathComponent(FileManagerBench.files[index]).path }
        // The hovers are typed unechoed: the stand-in reads them, the pane shows the preview.
        try tmux.run("clear; stty -echo; \(bench.environment) luajit \(standIn) \(plugin) 56x26+62+2")
        try tmux.literal(path(0) + "\n")
        let first = try tmux.waitFor(timeout: 15, "the first video's picture") { FileManagerBench.pictureCells($0, fromColumn: 62) > 150 }
        try tmux.waitFor(timeout: 5, "the picture moving") {
            Self.picture($0, fromColumn: 62) != Self.picture(first, fromColumn: 62)
        }
        #expect(bench.players().count == 1, "players: \(bench.players())")
        try tmux.literal(path(1) + "\n")
        #expect(bench.noPlayer(within: 1.0 * Tmux.slack), "a player outlived its SIGKILL: \(bench.players())")
        try tmux.waitFor(timeout: 5, "the rectangle erased") { FileManagerBench.pictureCells($0, fromColumn: 62) == 0 }
        try tmux.literal(path(2) + "\n")
        try tmux.waitFor(timeout: 15, "the second video's picture") { FileManagerBench.pictureCells($0, fromColumn: 62) > 150 }
        try tmux.literal("quit\n")
        #expect(bench.noPlayer(within: 2 * Tmux.slack), "a player outlived the stand-in: \(bench.players())")
        try tmux.waitFor(timeout: 5, "the rectangle erased at the end") { FileManagerBench.pictureCells($0, fromColumn: 62) == 0 }
    }
}

