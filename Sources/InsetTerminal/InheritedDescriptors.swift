import Glibc

/// The descriptors above standard error that the player was started with, closed before
/// anything else runs. A launcher that leaves its own descriptors open in its child (vifm
/// 0.12 leaks the pipes it reads a viewer's output from) waits for them to close: a player
/// that kept them held vifm until the player exited, though it was long done with them.
/// Nothing Inset is started with is passed above descriptor 2, but for `inset
/// embed-guard`, which gets the player's terminal as descriptor 3 (`EmbedGuard`).
public enum InheritedDescriptors {
    /// The command whose descriptor 3 is its own (the guard's terminal).
    static let guardCommand = "embed-guard"

    /// The descriptors to keep above 2 for a run whose first argument is `command`.
    public static func kept(command: String?) -> Set<Int32> {
        command == guardCommand ? [3] : []
    }

    /// Of the descriptors open, those to close: every one above 2 not kept.
    public static func toClose(open: [Int32], keeping: Set<Int32>) -> [Int32] {
        open.filter { $0 > 2 && !keeping.contains($0) }.sorted()
    }

    /// The descriptors this process has open now, from /proc/self/fd (the directory's own
    /// descriptor left out); empty where /proc is not mounted.
    public static func open() -> [Int32] {
        guard let directory = opendir("/proc/self/fd") else { return [] }
        defer { closedir(directory) }
        let own = dirfd(directory)
        var found: [Int32] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let fd = Int32(name), fd != own { found.append(fd) }
        }
        return found
    }

    /// Closes what `toClose` names, for a run of `command`; returns how many it closed.
    /// Called first thing in `main`, before the runtime or any library opens one of its own.
    @discardableResult
    public static func closeAll(command: String?) -> Int {
        let doomed = toClose(open: open(), keeping: kept(command: command))
        for fd in doomed { close(fd) }
        return doomed.count
    }
}
