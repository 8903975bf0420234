import Glibc
import InsetLog

/// A second process that erases an embedded player's rectangle when the player dies
/// without doing it: killed by SIGKILL, as fzf kills its preview command's process group
/// each time the selection moves, so nothing in the player itself can run.
///
/// The player starts it (`inset embed-guard`, its own executable) in a process group of
/// its own, so a signal to the player's group does not reach it, with a pipe for standard
/// input that only the player writes to, and nothing else of the player's (standard
/// output and error are /dev/null: fzf waits for its preview's output to close). The
/// player sends the bytes that erase its rectangle (again whenever they change) and, on
/// its own orderly way out, a last message saying it has erased it. The guard reads until
/// the pipe closes, which is when the player has gone however it went: without that last
/// message it writes the erasing bytes to the terminal itself (the player's, handed over
/// as descriptor 3), then exits.
///
/// Messages: a 4-byte little-endian length, then that many bytes; `done` (0xFFFFFFFF) is
/// the last message.
public enum EmbedGuard {
    static let done = UInt32.max

    /// Starts the guard; returns the pipe's write end (close-on-exec), or nil when it could
    /// not be started (said in the log; the player plays on without it).
    static func spawn(executable: String, terminal: Int32) -> Int32? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { Log.error("embed guard: pipe: \(errno)"); return nil }
        // Close-on-exec: the guard gets the read end as its standard input only, and no
        // other program the player starts gets either.
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The player's own terminal as descriptor 3 (first: it may be descriptor 1, replaced
        // next): the guard needs no controlling terminal.
        posix_spawn_file_actions_adddup2(&actions, terminal, 3)
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        // Default dispositions and an empty mask: the player's handlers and blocked signals
        // are not the guard's business.
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup("embed-guard"), nil]
        defer { argv.forEach { free($0) } }
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(ends[0])
        guard result == 0 else {
            Log.error("embed guard: posix_spawn \(executable): \(result)")
            close(ends[1])
            return nil
        }
        Log.info("embed guard: pid \(pid)")
        return ends[1]
    }

    /// Sends the erasing bytes, or `done` when `bytes` is nil.
    static func send(_ bytes: [UInt8]?, to descriptor: Int32) {
        let length = bytes.map { UInt32($0.count) } ?? done
        var message = withUnsafeBytes(of: length.littleEndian) { Array($0) }
        message += bytes ?? []
        var sent = 0
        while sent < message.count {
            let count = message[sent...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { sent += count } else if count < 0 && errno == EINTR { continue } else { return }
        }
    }

    /// The guard itself (`inset embed-guard`): reads the player's messages from standard
    /// input until it closes, then erases unless told the player did. Returns the exit status.
    public static func run() -> Int32 {
        // Not a terminal's job to stop it: ignore what the terminal's keys would send.
        signal(SIGINT, SIG_IGN)
        signal(SIGHUP, SIG_IGN)
        signal(SIGTTOU, SIG_IGN)
        var pending: [UInt8] = []
        var erase: [UInt8] = []
        var finished = false
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending += buffer[..<count]
            while pending.count >= 4 {
                let length = pending[0..<4].enumerated().reduce(UInt32(0)) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
                if length == done { finished = true; pending.removeFirst(4); continue }
                guard pending.count >= 4 + Int(length) else { break }
                erase = Array(pending[4..<(4 + Int(length))])
                pending.removeFirst(4 + Int(length))
            }
        }
        guard !finished, !erase.isEmpty else { return 0 }
        let terminal: Int32 = 3
        guard isatty(terminal) != 0 else { return 1 }
        var sent = 0
        while sent < erase.count {
            let count = erase[sent...].withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
            if count > 0 { sent += count } else if count < 0 && errno == EINTR { continue } else { break }
        }
        return 0
    }

    /// This program's own executable, for the guard to run: /proc/self/exe's target.
    public static func ownExecutable() -> String? {
        var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &path, path.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: path[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
