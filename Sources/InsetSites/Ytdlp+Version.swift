import Foundation

extension Ytdlp {
    /// What `yt-dlp --version` prints (`2025.09.26`), run as the player runs it (its own
    /// folder, no terminal); nil when it is not there, fails, or says nothing in 10 s.
    /// For `inset doctor`.
    public func installedVersion() -> String? {
        guard let run = try? ChildProcess.run([executable, "--version"], in: NSTemporaryDirectory(), deadline: .seconds(10),
                                              maximumOutput: 4096, shouldStop: { false }),
              run.ending == .exited(0) else { return nil }
        let line = String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return line.isEmpty ? nil : line
    }
}
