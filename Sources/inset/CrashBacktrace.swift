import Glibc

/// How Swift's backtracer behaves when the player crashes (issue 42 item 20): never
/// interactive (it drew "Press space to interact, D to debug, or any other key to quit
/// (30s)" over the terminal and waited for keys), and written to standard error, which the
/// terminal session points at the log (`CrashReport` in InsetTerminal says where, in one
/// line, once the terminal is given back).
///
/// The runtime reads `SWIFT_BACKTRACE` once, as the process starts, before `main`; so the
/// player sets it and executes itself again, when a terminal is there to be disturbed. A
/// `SWIFT_BACKTRACE` the user set is theirs and left alone. Once read, ours is taken out of
/// the environment, so the shell pane, yt-dlp and a Swift program they start do not inherit it.
enum CrashBacktrace {
    static let setting = "enable=yes,interactive=no,output-to=stderr,color=no,symbolicate=fast,threads=crashed,registers=crashed,images=mentioned"

    /// Executes the player again with `setting`, or, in the process that was, takes it out of
    /// the environment. Call first thing in `main`, while there is one thread. `probe`,
    /// `cat`, `ctl` and the other commands that own no terminal are not executed again: the
    /// second start costs 0.15-0.25 s (debug build, loaded machine), paid only by the player.
    static func prepare() {
        guard let current = getenv("SWIFT_BACKTRACE") else {
            guard isatty(STDIN_FILENO) != 0 || isatty(STDOUT_FILENO) != 0 else { return }
            let others = Set(Inset.configuration.subcommands.filter { $0 != Play.self }.map { $0._commandName })
                .union(["help", "--help", "-h", "--version"])
            if CommandLine.argc > 1, let first = CommandLine.unsafeArgv[1], others.contains(String(cString: first)) { return }
            // The file itself, not /proc/self/exe: the process is named after what it executes
            // (`ps`, `pgrep inset` and the backtrace's thread name would say "exe").
            var path = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard readlink("/proc/self/exe", &path, Int(PATH_MAX)) > 0 else { return }
            setenv("SWIFT_BACKTRACE", setting(executable: String(cString: path)), 1)
            execv(path, CommandLine.unsafeArgv)
            // Not executed (no /proc): the runtime's defaults, and nothing left behind.
            unsetenv("SWIFT_BACKTRACE")
            return
        }
        if isOurs(String(cString: current)) { unsetenv("SWIFT_BACKTRACE") }
    }
}
