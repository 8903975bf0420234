import Foundation

/// `inset --help` (issue 46): the play options most people need first, grouped, then the
/// commands; `inset help play` keeps the whole list. The words are the options' own help,
/// read from the parser's description of the command line (swift-argument-parser's
/// `_dumpHelp()` JSON), so this page and `inset help play` cannot disagree.
public enum FirstHelp {
    /// The groups and, in each, the long names of its options in the order shown.
    public static let groups: [(title: String, options: [String])] = [
        ("Picture", ["graphics", "blitter", "colors", "pip", "shell", "stats"]),
        ("Sound", ["mute", "volume", "audio-device", "audio-lang", "audio-file"]),
        ("Subtitles", ["sub", "sub-lang", "sub-charset"]),
        ("Network", ["ytdl-format", "ytdl-path", "link-rate"]),
        ("Control", ["start", "speed", "loop", "no-resume", "config", "socket"]),
    ]

    /// The parts of the parser's JSON read here.
    struct Dump: Decodable { var command: Command }
    struct Command: Decodable {
        var commandName: String
        var abstract: String?
        var shouldDisplay: Bool?
        var subcommands: [Command]?
        var arguments: [Argument]?
    }
    struct Argument: Decodable {
        struct Name: Decodable { var kind: String; var name: String }
        var kind: String
        var names: [Name]?
        var valueName: String?
        var abstract: String?
    }

    public enum Problem: Error, Equatable {
        /// The JSON is not the parser's description of a command with a `play` subcommand.
        case unreadable
        /// A grouped option the play command no longer has.
        case missing(String)
    }

    /// The page, from `Inset._dumpHelp()`'s JSON, wrapped at `columns`.
    public static func text(dump: String, columns: Int = 80) throws(Problem) -> String {
        guard let root = try? JSONDecoder().decode(Dump.self, from: Data(dump.utf8)).command,
              let play = root.subcommands?.first(where: { $0.commandName == "play" }) else { throw .unreadable }
        var text = "inset: \(root.abstract ?? "")\n\nUSAGE: inset [options] [file|folder|url ...]\n"
            + "       inset <command> [options]\n"
            + "\nWith no file: the current folder's library when it holds media, else how to start.\n"
        let indent = 24
        for group in groups {
            text += "\n\(group.title.uppercased()):\n"
            for name in group.options {
                guard let option = play.arguments?.first(where: { $0.names?.contains { $0.kind == "long" && $0.name == name } ?? false })
                else { throw .missing(name) }
                var usage = "  --" + name + (option.kind == "option" ? " <\(option.valueName ?? "value")>" : "")
                usage += usage.count + 2 > indent ? "\n" + String(repeating: " ", count: indent) : String(repeating: " ", count: indent - usage.count)
                text += usage + wrapped(firstSentence(option.abstract ?? ""), width: columns - indent, indent: indent) + "\n"
            }
        }
        text += "\nSUBCOMMANDS:\n"
        for command in root.subcommands ?? [] where command.shouldDisplay != false {
            let name = "  " + command.commandName
            text += name + String(repeating: " ", count: max(2, indent - name.count))
                + wrapped(command.abstract ?? "", width: columns - indent, indent: indent) + "\n"
        }
        text += "\nEvery play option: inset help play. Every key: inset keys. The manual: man inset.\n"
        return text
    }

    /// The help up to its first sentence's end (". " or the end): the defaults and details
    /// are `inset help play`'s, so the page stays one screen of the options themselves.
    static func firstSentence(_ help: String) -> String {
        guard let end = help.range(of: ". ") else { return help }
        return String(help[..<end.lowerBound]) + "."
    }

    /// `words` in lines of at most `width` characters, the lines after the first indented.
    static func wrapped(_ words: String, width: Int, indent: Int) -> String {
        var lines: [String] = []
        var line = ""
        for word in words.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > max(20, width) { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines.joined(separator: "\n" + String(repeating: " ", count: indent))
    }
}
