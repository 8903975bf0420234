import Glibc
import InsetCore

extension TerminalProbe {
    /// Probes the terminal the user sits at, whatever standard output is (a pipe or a
    /// file: `inset probe-terminal > report.txt`): the one the player's session would take
    /// (`TerminalSession.openInput`: standard input when it is a terminal, else
    /// `/dev/tty`, opened for the probe and closed after it).
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
        let (fd, owned) = try TerminalSession.openInput(nil)
        defer { if owned { SystemCalls.close(fd) } }
        let quiet = try QuietInput(fd)
        defer { quiet.restore(discardingInput: true) }
        return use(try probe(input: fd, output: fd, timeout: timeout, environment: environment))
    }
}
