import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A second embedded player on the socket of a first replaces it: the first is asked to
/// quit (erasing its rectangle) and waited for, then the second serves the socket. A file
/// manager's previewer starts the next preview with the same `--socket` as the last and
/// need not end the last itself (yazi's `peek` cannot wait for it, nnn's reader kills by
/// pid); without this the first went on playing behind the second, unreachable, its
/// socket replaced.
public enum ControlSocketTakeover {
    /// How long the first player has to go: it quits within a frame; one that does not is
    /// left, and its socket replaced as before.
    public static let patience: Duration = .milliseconds(1500)

    /// Asks the player at `path`, if one listens, to quit, and waits until it has gone
    /// (its socket removed, or refusing connections). Returns whether one was there.
    @discardableResult
    public static func replacePlayer(at path: String, patience: Duration = patience) -> Bool {
        guard let client = try? ControlClient(path: path) else { return false }
        _ = try? client.request(["quit"], timeout: .milliseconds(500))
        let deadline = ContinuousClock.now + patience
        while ContinuousClock.now < deadline {
            if !listening(at: path) { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return true
    }

    /// Whether a player still serves `path`: the socket exists and takes a connection.
    static func listening(at path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        return (try? ControlClient(path: path)) != nil
    }
}
