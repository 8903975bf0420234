import Foundation
import Testing

/// A folder with `inset` and docs/mpv.md's `mpv` wrapper (its yt-x recipe, run as written),
/// first on a terminal's PATH, so a launcher that runs `mpv` by name runs Inset, as a user
/// sets it up. Removed with the value.
final class AsMpvFolder {
    let path: String

    init() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("as-mpv-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        path = folder.path
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("inset").path, withDestinationPath: try insetBinary())
        let steps = try MpvEndToEndTests.recipe(after: "**yt-x.**", in: "docs/mpv.md")
            .replacingOccurrences(of: "~/.local/share/inset/as-mpv", with: path)
            .split(separator: "\n").filter { !$0.hasPrefix("alias") }.joined(separator: "; ")
        _ = try runCommand(["sh", "-c", steps])
        #expect(FileManager.default.isExecutableFile(atPath: path + "/mpv"), "the recipe made no mpv")
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// Puts the folder first on `tmux`'s shell's PATH.
    func install(in tmux: Tmux) throws {
        try tmux.run("export PATH=\(path):$PATH; clear")
    }
}

/// Whether a program is installed, for `.enabled(if:)`.
func installed(_ program: String) -> Bool {
    (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
}
