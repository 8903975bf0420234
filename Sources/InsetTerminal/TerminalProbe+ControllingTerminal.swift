import Glibc
import InsetCore

extension TerminalProbe {
    /// Probes the terminal the user sits at, whatever standard input and output are (they
    /// may be a pipe or a file: `inset probe-terminal > report.txt`): `/dev/tty`, the
    /// controlling terminal, opened for the probe and closed after it; else standard input
    /// when it is a terminal (a process with no controlling terminal, but a tty on fd 0).
    ///
    /// For a process that probes and then exits. `use` gets the outcome while echo is
    /// still off, so a reply that comes after the timeout, while `use` prints, is not
    /// echoed into what it prints; after `use`, such replies are discarded rather than
    /// left for the shell to read as typed text, and the modes are put back. (A reply
    /// later still, after the process has gone, is beyond any help: the shell gets it.)
    ///
    /// - Throws: the error of opening `/dev/tty` when there is no terminal at all (no
    ///   controlling terminal and standard input not one), or the probe's own error.
    public static func probeControllingTerminal<Result>(
        timeout: Duration = defaultTimeout, environment: [String: String],
        whileQuiet use: (Outcome) -> Result
    ) throws(TerminalError) -> Result {
        let fd: Int32
        var owned = true
        do {
            fd = try SystemCalls.open("/dev/tty", O_RDWR | O_NOCTTY)
        } catch {
            guard SystemCalls.isTerminal(STDIN_FILENO) else { throw error }
            fd = STDIN_FILENO
            owned = false
        }
        defer { if owned { SystemCalls.close(fd) } }
        let quiet = try QuietInput(fd)
        defer { quiet.restore(discardingInput: true) }
        return use(try probe(input: fd, output: fd, timeout: timeout, environment: environment))
    }
}
