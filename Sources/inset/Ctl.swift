import ArgumentParser
import Foundation
import InsetControl

/// `inset ctl`: sends one command to a running player over its control socket (the newest
/// player's, or `--socket`'s) and prints the result; `observe` prints its events as they
/// come, one JSON line each, until the player quits.
struct Ctl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Control a running player: pause, seek +15, window-move top-left, get time, observe…",
        discussion: """
            The words are a command as inset keys lists them, or get time|duration|paused|pip|file|speed, \
            or observe (print the player's events as JSON lines). The newest running player is \
            controlled, unless --socket names another. Options go before the command.
            """)

    @Option(help: ArgumentHelp("The control socket of the player to control (as its --socket). Default: the newest in $XDG_RUNTIME_DIR/inset.", valueName: "path"))
    var socket: String?

    @Flag(help: "Print the player's reply as it came, one JSON line.")
    var json = false

    @Argument(parsing: .captureForPassthrough, help: ArgumentHelp("The command and its arguments: pause, seek +15, get time, observe… (inset keys lists the commands).", valueName: "command"))
    var words: [String] = []

    func run() throws {
        guard !words.isEmpty else { throw CommandFailure("ctl: no command given (pause, seek +15, get time…)") }
        do {
            guard let path = try socket ?? ControlPaths.newestSocket() else {
                throw CommandFailure("ctl: no player is running (no socket in \(ControlPaths.directory()))")
            }
            // A socket named by --socket may be anywhere (mpv's sockets are often in /tmp);
            // it must be this user's all the same.
            if socket != nil, FileManager.default.fileExists(atPath: path), !ControlPaths.isOwnSocket(path) {
                throw CommandFailure("ctl: \(path) is not a socket of this user's")
            }
            let client = try ControlClient(path: path)
            let reply = try client.request(words)
            if json { Output.lines(reply.line + "\n") }
            if let error = reply["error"], case .string(let message) = error {
                throw CommandFailure("ctl: \(words.joined(separator: " ")): \(message)")
            }
            if words == ["observe"] {
                while let line = try client.nextLine() { Output.lines(line + "\n") }
                return
            }
            if !json, let result = reply["result"], result != .null { Output.lines(result.description + "\n") }
        } catch let error as ControlError {
            throw CommandFailure("ctl: \(error)")
        }
    }
}
