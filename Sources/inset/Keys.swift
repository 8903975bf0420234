import ArgumentParser
import InsetCore

/// `inset keys`: the key bindings from the one command table, as the `?` overlay and the
/// README's key table list them.
struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keys",
        abstract: "List every key binding and the command it runs.")

    @Flag(help: "The README's Markdown table instead of plain text.")
    var markdown = false

    func run() throws {
        let bindings = KeyBindings.defaults
        Output.lines(markdown ? bindings.markdown() : bindings.plainText() + Keys.commandList)
    }

    /// Every command with its arguments, for writing a binding or `inset ctl`.
    static var commandList: String {
        let width = Command.definitions.map { ($0.name + " " + $0.arguments).count }.max() ?? 0
        return "commands:\n" + Command.definitions.map { definition in
            let usage = definition.arguments.isEmpty ? definition.name : definition.name + " " + definition.arguments
            return "  " + usage + String(repeating: " ", count: max(1, min(width, 40) - usage.count + 2)) + definition.help
        }.joined(separator: "\n") + "\n"
    }
}
