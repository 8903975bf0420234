import ArgumentParser
import InsetTerminal

/// `inset embed-guard`, started by an embedded player (never by hand): erases the player's
/// rectangle when the player is killed outright (`EmbedGuard`).
struct EmbedGuardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "embed-guard",
        abstract: "Erase an embedded player's rectangle when it is killed (started by --embed).",
        shouldDisplay: false)

    func run() throws {
        let status = EmbedGuard.run()
        if status != 0 { throw ExitCode(status) }
    }
}
