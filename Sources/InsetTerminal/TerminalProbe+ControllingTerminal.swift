import Glibc
import InsetCore

extension TerminalProbe {
    /// Probes the terminal the user sits at, whatever standard input and output are (they
    /// may be a pipe or a file: `inset probe-terminal > report.txt`): `/dev/tty`, the
    /// controlling terminal, opened for the probe and closed after it; else standard input
    /// when it is a terminal (a process with no controlling terminal, but a tty on fd 0).
    ///
    /// - Throws: the error of opening `/dev/tty` when there is no terminal at all (no
    ///   controlling terminal and standard input not one), or the probe's own error.
    public static func probeControllingTerminal(timeout: Duration = defaultTimeout,
                                                environment: [String: String]) throws(TerminalError) -> Outcome {
        let fd: Int32
        do {
            fd = try SystemCalls.open("/dev/tty", O_RDWR | O_NOCTTY)
        } catch {
            guard SystemCalls.isTerminal(STDIN_FILENO) else { throw error }
            return try probe(input: STDIN_FILENO, output: STDIN_FILENO, timeout: timeout, environment: environment)
        }
        defer { SystemCalls.close(fd) }
        return try probe(input: fd, output: fd, timeout: timeout, environment: environment)
    }
}
