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
    var timeout: Duration { .milliseconds(timeoutArgument?.value ?? 250) }

    func validate() throws {
        try timeoutArgument?.validate(as: "--timeout", in: ArgumentBounds.probeTimeout)
    }

    func run() throws {
        let outcome: TerminalProbe.Outcome
        do {
            outcome = try TerminalProbe.probeControllingTerminal(timeout: timeout, environment: ProcessInfo.processInfo.environment)
        } catch {
            throw CommandFailure("no terminal to ask: \(error)")
        }
        print(TerminalProbeReport.text(outcome, timeout: timeout), terminator: "")
    }
}
