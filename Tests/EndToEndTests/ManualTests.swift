import Foundation
import Testing
import InsetTestSupport

/// The shell completions and the man page in docs/ are written by `scripts/make-manual` from
/// the command line's definitions; a changed option, help line or subcommand without a run
/// of it fails here.
@Suite("Manual and completions", .tags(.waits))
struct ManualTests {
    static let docs = repositoryRoot.appendingPathComponent("docs")

    @Test("each committed completion script is what the binary prints", arguments: [
        ("bash", "completions/inset.bash"), ("zsh", "completions/_inset"), ("fish", "completions/inset.fish"),
    ])
    func completionScript(shell: String, file: String) throws {
        let run = try runInset(["--generate-completion-script", shell])
        #expect(run.status == 0, "\(run.stderr)")
        let committed = try Data(contentsOf: Self.docs.appendingPathComponent(file))
        #expect(!run.stdout.isEmpty)
        #expect(run.stdout == committed, "docs/\(file) differs from `inset --generate-completion-script \(shell)`: run scripts/make-manual")
    }

    /// What `--experimental-dump-help` says of a command, as much as the page shows.
    struct Command: Decodable {
        struct Argument: Decodable {
            struct Name: Decodable { var kind: String; var name: String }
            var names: [Name]?
            var abstract: String?
            var shouldDisplay: Bool
            var kind: String
        }
        var commandName: String
        var abstract: String?
        var arguments: [Argument]?
        var subcommands: [Command]?
        var shouldDisplay: Bool
    }

    struct Dump: Decodable { var command: Command }

    /// Text as generate-manual writes it into the page: ASCII only, `\` as `\e`, `"` as
    /// `\(dq` inside a macro's argument.
    static func asInPage(_ text: String, inMacro: Bool) -> String {
        var out = ""
        for character in text where character.isASCII {
            switch character {
            case "\\": out += "\\e"
            case "\"" where inMacro: out += "\\(dq"
            default: out.append(character)
            }
        }
        return out
    }

    /// What the page lacks of `command` and its subcommands: names of subcommands and
    /// options, and their help lines.
    static func missing(from page: String, _ command: Command, isRoot: Bool) -> [String] {
        var missing: [String] = []
        if !isRoot && !page.contains(".It Em \(command.commandName)\n") { missing.append("subcommand \(command.commandName)") }
        if let abstract = command.abstract, !abstract.isEmpty, !page.contains(asInPage(abstract, inMacro: isRoot)) {
            missing.append("\(command.commandName)'s summary")
        }
        for argument in command.arguments ?? [] where argument.shouldDisplay {
            for name in argument.names ?? [] {
                let flag = name.kind == "long" ? "Fl -\(name.name)" : "Fl \(name.name)"
                // A second name of one option follows the first after a comma (`Fl -sub , -sub-file`).
                let alias = name.kind == "long" ? ", -\(name.name) " : ", \(name.name) "
                if !page.contains(flag) && !page.contains(alias) { missing.append("\(command.commandName) \(name.kind == "long" ? "--" : "-")\(name.name)") }
            }
            if let abstract = argument.abstract, !abstract.isEmpty, !page.contains(asInPage(abstract, inMacro: false)) {
                missing.append("the help of \(command.commandName) \(argument.names?.first.map { "--" + $0.name } ?? argument.kind)")
            }
        }
        for subcommand in command.subcommands ?? [] where subcommand.shouldDisplay {
            missing += Self.missing(from: page, subcommand, isRoot: false)
        }
        return missing
    }

    @Test("the man page names every subcommand and option the binary has, with its help")
    func manPageCoversTheCommandLine() throws {
        let run = try runInset(["--experimental-dump-help"])
        #expect(run.status == 0, "\(run.stderr)")
        let dump = try JSONDecoder().decode(Dump.self, from: run.stdout)
        let page = try String(contentsOf: Self.docs.appendingPathComponent("inset.1"), encoding: .utf8)
        #expect(page.contains(".Dt INSET 1"))
        let subcommands = dump.command.subcommands?.count ?? 0
        #expect(subcommands >= 5, "the dump lists \(subcommands) subcommands: is it the binary's?")
        let missing = Self.missing(from: page, dump.command, isRoot: true)
        #expect(missing.isEmpty, "docs/inset.1 lacks \(missing.joined(separator: ", ")): run scripts/make-manual")
    }

    @Test("an option the page does not have is seen: the comparison is not blind")
    func changedOptionIsSeen() {
        let option = Command.Argument(names: [.init(kind: "long", name: "no-such-option")], abstract: "Nothing.",
                                      shouldDisplay: true, kind: "flag")
        let command = Command(commandName: "inset", abstract: nil, arguments: [option], subcommands: nil, shouldDisplay: true)
        #expect(Self.missing(from: ".It Fl -other\nSomething.\n", command, isRoot: true)
            == ["inset --no-such-option", "the help of inset --no-such-option"])
    }
}
