import Foundation
import InsetCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where control sockets live: `$XDG_RUNTIME_DIR/inset/PID.sock`, in a directory only the
/// user may enter (0700), each socket only the user may open (0600). Without
/// XDG_RUNTIME_DIR, `/tmp/inset-UID`, made and checked the same way.
public enum ControlPaths {
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") { return runtime + "/inset" }
        return "/tmp/inset-\(getuid())"
    }

    public static func socketPath(pid: Int32 = getpid(), environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        directory(environment: environment) + "/\(pid).sock"
    }

    /// Makes the directory (0700), or checks that the one there is a directory of this
    /// user's and closes it to others: a socket in a directory others can enter or own
    /// could be replaced by theirs.
    public static func prepareDirectory(_ path: String) throws(ControlError) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST { throw .system("cannot make \(path)", errno) }
        try trust(path)
    }

    /// Checks the directory as the player does before it serves there, without making it:
    /// a directory (not a symbolic link to one), this user's, and closed to others (made so
    /// if it is this user's). `inset ctl` trusts no socket in a directory that fails this:
    /// another user who made `/tmp/inset-UID` could answer its commands, and a link could
    /// make its sweep of stale sockets delete files elsewhere.
    public static func trust(_ path: String) throws(ControlError) {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw .system("cannot read \(path)", errno) }
        if status.st_mode & S_IFMT == S_IFLNK { throw .refused("\(path) is a symbolic link, not a directory") }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw .refused("\(path) is not a directory") }
        guard status.st_uid == getuid() else { throw .refused("\(path) belongs to another user") }
        if status.st_mode & 0o777 != 0o700, chmod(path, 0o700) != 0 { throw .system("cannot make \(path) private", errno) }
    }

    /// Whether `path` is a socket of this user's (lstat: a link is not one).
    public static func isOwnSocket(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK && status.st_uid == getuid()
    }

    /// The socket of the player started last that is still running, in the directory, once
    /// it is trusted (`trust`); sockets there left by players that died are removed on the
    /// way, and nothing but this user's sockets is touched. Nil when there is none.
    public static func newestSocket(environment: [String: String] = ProcessInfo.processInfo.environment) throws(ControlError) -> String? {
        let directory = directory(environment: environment)
        var status = stat()
        guard lstat(directory, &status) == 0 else { return nil }
        try trust(directory)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        var newest: (path: String, time: Int64)?
        for name in names where name.hasSuffix(".sock") {
            let path = directory + "/" + name
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFSOCK, status.st_uid == getuid() else { continue }
            if let pid = Int32(name.dropLast(5)), kill(pid, 0) != 0 && errno == ESRCH {
                unlink(path)
                continue
            }
            let time = status.modifiedNanoseconds
            if newest == nil || time > newest!.time { newest = (path, time) }
        }
        return newest?.path
    }
}

/// Why the control socket could not be served or reached: one line.
public enum ControlError: Error, Sendable, CustomStringConvertible {
    case system(String, Int32)
    case refused(String)

    public var description: String {
        switch self {
        case .system(let what, let code): "\(what): \(String(cString: strerror(code)))"
        case .refused(let why): why
        }
    }
}
