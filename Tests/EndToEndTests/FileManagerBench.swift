import Foundation

/// A file manager's world for the preview tests (issue 51): a folder of two videos and a
/// text file between them, a home of its own where the contrib/ files are installed as
/// their READMEs say, and `inset` (and docs/mpv.md's `mpv` wrapper) first on PATH.
/// Removed with the value.
final class FileManagerBench {
    let root: URL
    let videos: URL
    let home: URL
    let runtime: URL
    let programs: AsMpvFolder

    /// The files, in the order a file manager lists them.
    static let files = ["a-clock.mp4", "b-notes.txt", "c-clock.mp4"]
    static let noteText = "notes about the clocks"

    init() throws {
        root = URL(fileURLWithPath: "/tmp/ifm-\(UUID().uuidString.prefix(6))")
        videos = root.appendingPathComponent("videos")
        home = root.appendingPathComponent("home")
        runtime = root.appendingPathComponent("run")
        // nnn refuses to start without its config home's parent (`8193: No such file or directory`).
        for folder in [videos, home.appendingPathComponent(".config"), runtime] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        chmod(runtime.path, 0o700)
        try FileManager.default.copyItem(atPath: samplePath("clock_4x3.mp4"), toPath: videos.appendingPathComponent(Self.files[0]).path)
        try Self.noteText.write(to: videos.appendingPathComponent(Self.files[1]), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: samplePath("clock_16x9_aac.mp4"), toPath: videos.appendingPathComponent(Self.files[2]).path)
        programs = try AsMpvFolder()
    }

    deinit {
        for pid in players() { kill(pid, SIGKILL) }
        try? FileManager.default.removeItem(at: root)
    }

    /// Copies `contrib/<program>/<name>` to `home/<path>`, keeping it executable.
    func install(_ program: String, _ name: String, at path: String) throws {
        let target = home.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(atPath: repositoryRoot.appendingPathComponent("contrib/\(program)/\(name)").path,
                                         toPath: target.path)
    }

    /// The shell line that sets this bench's environment for the program that follows.
    var environment: String {
        "HOME=\(home.path) XDG_CONFIG_HOME=\(home.path)/.config XDG_RUNTIME_DIR=\(runtime.path) PATH=\(programs.path):$PATH"
    }

    /// The players playing this bench's videos: processes named inset (not its guard, not
    /// a cleaner's `inset ctl`)
    /// whose arguments name one of the bench's files (vifm's `%c` is the bare name).
    func players() -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                  let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline") else { return nil }
            let words = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard let first = words.first, (first as NSString).lastPathComponent == "inset", !words.contains("embed-guard"), !words.contains("ctl"),
                  words.contains(where: { $0.hasPrefix(root.path) || Self.files.contains($0) }) else { return nil }
            return pid
        }
    }

    /// Waits until no player of this bench runs; whether that came within `timeout`.
    func noPlayer(within timeout: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if players().isEmpty { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return players().isEmpty
    }

    /// Picture cells in the columns from `column` on (a preview pane on the right).
    static func pictureCells(_ screen: Screen, fromColumn column: Int) -> Int {
        screen.rows.reduce(0) { count, row in count + row.indices.filter { $0 >= column && row[$0].isPicture }.count }
    }
}
