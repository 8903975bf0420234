import Foundation

/// Where the running `inset` is, for finding what ships beside it (the bundled samples).
/// `CommandLine.arguments[0]` is what was typed: `inset` alone when a shell found it on the
/// PATH (a link in `~/.local/bin`, mpv's name in a launcher's folder), which, taken as a path,
/// named a file in the current directory, so `inset` with no path found no samples.
enum ExecutableLocation {
    static func url() -> URL {
        let typed = CommandLine.arguments.first ?? "inset"
        if typed.contains("/") { return URL(fileURLWithPath: typed) }
        // Linux says itself which file runs, links resolved.
        if let running = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: running)
        }
        // Elsewhere, the first folder of the PATH holding it, as the shell looked.
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent(typed)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: typed)
    }
}
