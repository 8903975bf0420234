/// The key lists written from the tables: the `?` overlay's, `inset keys`' and docs/keys.md's.
extension KeyBindings {
    /// One line of a key list: the keys (`Enter, f`) and what they do.
    public struct HelpLine: Hashable, Sendable {
        public var keys: String
        public var help: String
        /// The commands, as the config file and `inset ctl` write them.
        public var commands: [Command]
    }

    /// The lines for a keyboard read through `contexts` in order: a key bound in an earlier
    /// context hides its binding in the later ones, as it does when pressed. Two commands of
    /// the same name one after the other share a line (`Left / Right`, `back 15 s / forward
    /// 15 s`). `keyPrefix` goes before every key (the shell's prefix chord).
    public func helpLines(for contexts: [Context], keyPrefix: String = "") -> [HelpLine] {
        var seen = Set<Trigger>()
        var lines: [HelpLine] = []
        var lastName: String?
        for context in contexts {
            for group in grouped(in: context) {
                let triggers = group.triggers.filter { !seen.contains($0) }
                guard !triggers.isEmpty else { continue }
                let keys = triggers.map { keyPrefix + $0.description }.joined(separator: ", ")
                if let last = lines.last, lastName == group.command.name, last.commands.count == 1 {
                    lines[lines.count - 1] = HelpLine(keys: last.keys + " / " + keys, help: last.help + " / " + group.command.help,
                                                      commands: last.commands + [group.command])
                } else {
                    lines.append(HelpLine(keys: keys, help: group.command.help, commands: [group.command]))
                }
                lastName = group.command.name
            }
            for binding in tables[context] ?? [] { seen.insert(binding.trigger) }
        }
        return lines
    }

    /// docs/keys.md's tables (`inset keys --markdown`): a section per context, each binding with its command.
    public func markdown() -> String {
        var text = ""
        for context in Context.allCases {
            text += "**\(context.title.prefix(1).uppercased() + context.title.dropFirst())**\n\n"
            text += "| Keys | Command | What it does |\n|---|---|---|\n"
            for group in grouped(in: context) {
                let keys = group.triggers.map { "`\($0.description.replacingBars)`" }.joined(separator: ", ")
                text += "| \(keys) | `\(group.command.description)` | \(group.command.help.replacingBars) |\n"
            }
            text += "\n"
        }
        return text
    }

    /// `inset keys`: every context's bindings as aligned plain text.
    public func plainText() -> String {
        var text = ""
        for context in Context.allCases {
            let groups = grouped(in: context)
            guard !groups.isEmpty else { continue }
            text += "[\(context.rawValue)] \(context.title)\n"
            let width = groups.map { $0.triggers.map(\.description).joined(separator: ", ").count }.max() ?? 0
            for group in groups {
                let keys = group.triggers.map(\.description).joined(separator: ", ")
                let command = group.command.description
                text += "  " + keys + String(repeating: " ", count: width - keys.count + 2)
                    + command + String(repeating: " ", count: max(1, 24 - command.count)) + group.command.help + "\n"
            }
            text += "\n"
        }
        return text
    }
}

extension String {
    /// A `|` inside a Markdown table cell, escaped.
    var replacingBars: String { String(flatMap { $0 == "|" ? ["\\", "|"] : [$0] }) }
}
