import Foundation

/// A program run to its end with its output collected, bounded in time and in bytes, and
/// stopped at once when the caller gives up: what resolving a page needs of yt-dlp.
///
/// Its own process group, so stopping it stops what it started too; standard input is
/// /dev/null (it must never read the player's terminal); its working folder is the one
/// given (yt-dlp reads a `yt-dlp.conf` in the folder it runs in). Until reaped it is one of
/// `RunningChildren`, which the player's way out stops.
struct ChildProcess {
    enum Ending: Equatable {
        case exited(Int32)
        case stopped
        case timedOut
        case outputTooLarge
    }

    var output = Data()
    /// The last 64 KiB of its standard error (where the reason is, at the end).
    var errors = Data()
    var ending = Ending.exited(0)

    static let keptErrorBytes = 64 << 10
    /// How often `shouldStop` is asked while the program is silent.
    static let pollMilliseconds: Int32 = 20

    /// Runs `arguments` (the program first, looked up on PATH) in `directory`. Throws
    /// `Ytdlp.Failure.missing` when the program cannot be started.
    static func run(_ arguments: [String], in directory: String, deadline: Duration, maximumOutput: Int,
                    children: RunningChildren = .shared, shouldStop: () -> Bool) throws -> ChildProcess {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { throw Ytdlp.Failure.unreadable("cannot make a pipe: \(String(cString: strerror(errno)))") }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            throw Ytdlp.Failure.unreadable("cannot make a pipe: \(String(cString: strerror(errno)))")
        }
        // Not inherited by anything else the player starts meanwhile (the shell pane).
        for fd in outPipe + errPipe { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
        guard let changeDirectory = addChangeDirectory, changeDirectory(&actions, directory) == 0 else {
            close(outPipe[0]); close(outPipe[1]); close(errPipe[0]); close(errPipe[1])
            throw Ytdlp.Failure.unreadable("cannot start \(arguments[0]) in \(directory): this C library cannot change a child's folder")
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t(), empty = sigset_t()
        sigemptyset(&empty); sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &empty)

        var pid: pid_t = 0
        var arguments = arguments
        // The child changes folder before it starts the program: a relative path to it
        // (`--ytdl-path bin/yt-dlp`) is the player's, so it is made absolute here.
        if arguments[0].contains("/") && !arguments[0].hasPrefix("/") {
            arguments[0] = FileManager.default.currentDirectoryPath + "/" + arguments[0]
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let started = arguments[0].contains("/")
            ? posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
            : posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, environ)
        close(outPipe[1]); close(errPipe[1])
        defer { close(outPipe[0]); close(errPipe[0]) }
        guard started == 0 else {
            if started == ENOENT || started == EACCES || started == ENOTDIR { throw Ytdlp.Failure.missing(arguments[0]) }
            throw Ytdlp.Failure.unreadable("cannot run \(arguments[0]): \(String(cString: strerror(started)))")
        }
        children.add(pid)

        var result = ChildProcess()
        let startTime = ContinuousClock.now
        var open = [outPipe[0], errPipe[0]]
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        loop: while !open.isEmpty {
            if shouldStop() { result.ending = .stopped; break }
            if ContinuousClock.now - startTime > deadline { result.ending = .timedOut; break }
            var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&fds, nfds_t(fds.count), pollMilliseconds)
            if ready < 0 && errno != EINTR { break }
            for entry in fds where entry.revents != 0 {
                let got = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress!, $0.count) }
                if got < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if got <= 0 { open.removeAll { $0 == entry.fd }; continue }
                if entry.fd == outPipe[0] {
                    result.output.append(contentsOf: buffer[0..<got])
                    if result.output.count > maximumOutput { result.ending = .outputTooLarge; break loop }
                } else {
                    result.errors.append(contentsOf: buffer[0..<got])
                    if result.errors.count > keptErrorBytes { result.errors.removeFirst(result.errors.count - keptErrorBytes) }
                }
            }
        }
        if result.ending != .exited(0) { children.kill(pid) }
        // Reaped already when the player's way out stopped it meanwhile: it was stopped.
        guard let status = children.reap(pid) else {
            if result.ending == .exited(0) { result.ending = .stopped }
            return result
        }
        if result.ending == .exited(0) {
            // WIFEXITED / WEXITSTATUS, which Swift does not import.
            let signal = status & 0x7f
            result.ending = .exited(signal == 0 ? (status >> 8) & 0xff : 128 + signal)
        }
        return result
    }

    /// glibc's `posix_spawn_file_actions_addchdir_np` (2.29 and later), which Swift does not
    /// import: looked up once; nil where the C library lacks it.
    private static let addChangeDirectory: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
    }()
}
