import ArgumentParser
import Foundation
import InsetApp
import InsetTerminal

struct ProbeTerminal: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe-terminal",
        abstract: "Ask the terminal what it can show: kitty graphics, sixel, cell size in pixels.")

    @Option(name: .customLong("timeout"), parsing: .unconditional,
            help: ArgumentHelp("How long to wait for the terminal's answer, 1 to 10000 ms. Default: 250.", valueName: "ms"))
    var timeoutArgument: WholeNumberArgument?
    var timeout: Duration { timeoutArgument?.value.map { .milliseconds($0) } ?? TerminalProbe.defaultTimeout }

    func validate() throws {
        try timeoutArgument?.validate(as: "--timeout", in: ArgumentBounds.probeTimeout)
    }

    func run() throws {
        do {
            // Printed while echo is still off, so a late reply cannot land among the lines.
            try TerminalProbe.probeControllingTerminal(timeout: timeout, environment: ProcessInfo.processInfo.environment) {
                // Written at once (no stdio buffer to flush), so it is all out before echo is back.
                Output.lines(TerminalProbeReport.text($0, timeout: timeout))
            }
        } catch {
            throw CommandFailure("no terminal to ask: \(error)")
        }
    }
}
