import InsetCore

extension TerminalSession {
    /// Asks the terminal what it draws (`TerminalProbe`) through the session's own
    /// descriptors, already raw, so no reply is echoed; keys typed while it waited are
    /// decoded and come with the next `nextEvents`, not lost. Nil when the terminal could
    /// not be asked.
    public func probe(timeout: Duration = TerminalProbe.defaultTimeout,
                      environment: [String: String]) -> TerminalProbe.Outcome? {
        guard !isRestored,
              let outcome = try? TerminalProbe.probe(input: inputFD, output: outputFD, timeout: timeout,
                                                     environment: environment) else { return nil }
        if !outcome.leftoverInput.isEmpty {
            lastInput = ContinuousClock.now
            heldEvents += outcome.leftoverInput.withUnsafeBytes { decoder.feed($0) }
        }
        return outcome
    }
}
