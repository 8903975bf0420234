import ArgumentParser
import Foundation

extension Play {
    /// The options whose next word is their value, for `PathArguments` and `MpvCommandLine`:
    /// read from the parser's own definition of Play (every `@Option` of its groups, by each
    /// of its names), so a new option is one `@Option` and no list is kept beside it. Left
    /// out: mpv's options the settings table hands on as `--NAME=VALUE` (`MpvMappedArguments`,
    /// `Setting.Use.mapped`), whose bare name means yes as in mpv (`--pause FILE`).
    static let optionsWithValue: Set<String> = ParserOptions(Play.self).withValue
        .subtracting(ParserOptions(MpvMappedArguments.self).withValue)
        // The parser's own, on the root command: `--generate-completion-script bash`.
        .union(["--generate-completion-script"])
    /// Those declared `parsing: .unconditional`: their next word is theirs even when it
    /// starts with a dash (`--start -10`, `--volume -1`).
    static let unconditionalOptions: Set<String> = ParserOptions(Play.self).unconditional
}

/// The options a command's arguments declare, from the parser's description of them
/// (`_dumpHelp`, the JSON `--experimental-dump-help` prints).
private struct ParserOptions {
    var withValue: Set<String> = []
    var unconditional: Set<String> = []

    private struct Dump: Decodable {
        struct Command: Decodable { var arguments: [Argument]? }
        struct Argument: Decodable { var kind: String; var names: [Name]?; var parsingStrategy: String }
        struct Name: Decodable { var kind: String; var name: String }
        var command: Command
    }

    init(_ arguments: ParsableArguments.Type) {
        guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(arguments._dumpHelp().utf8)) else {
            preconditionFailure("the parser's description of \(arguments) is not the JSON it documents")
        }
        for argument in dump.command.arguments ?? [] where argument.kind == "option" {
            let names = (argument.names ?? []).map { $0.kind == "long" ? "--" + $0.name : "-" + $0.name }
            withValue.formUnion(names)
            if argument.parsingStrategy == "unconditional" { unconditional.formUnion(names) }
        }
    }
}
