import ArgumentParser
import Foundation
import InsetApp
import InsetCore
import InsetLog
import InsetMedia
import InsetTerminal

@main
struct Inset: ParsableCommand {
    /// Runs the command line with every error on one line: the parser's own messages come
    /// with a usage block and a help hint, but the spec says an error is one line, so only
    /// the first line is printed, after `inset: `. Help and version still print in full.
    static func main() {
        // First: a launcher's descriptors left open in us (vifm's pipes) are not ours to hold.
        InheritedDescriptors.closeAll(command: CommandLine.arguments.dropFirst().first)
        CrashBacktrace.prepare()
        let status = runReportingErrors()
        if status != 0 { Foundation.exit(status) }
    }

    /// Runs the command and returns the exit status, having printed any failure on one line
    /// (`Output.error`). The status is returned rather than exited with here, so that every
    /// string the parser built for its message is released before the process ends: exited
    /// from inside, LeakSanitizer reported the message's storage as leaked.
    @inline(never)
    static func runReportingErrors() -> Int32 {
        if let page = firstHelp(Inset.arguments()) { Output.lines(page); return 0 }
        do {
            var command = try parse(try LinearFlag.normalized(Inset.arguments()))
            try command.run()
            return 0
        } catch let failure as CommandFailure {
            if !failure.alreadySaid { Output.error(failure.message) }
            return failure.code
        } catch {
            let code = exitCode(for: error)
            if code == .success { exit(withError: error) }
            let firstLine = message(for: error).split(separator: "\n").first.map(String.init) ?? ""
            // A bare ExitCode has been reported already, if at all: it adds nothing.
            if !firstLine.isEmpty { Output.error(firstLine) }
            return code.rawValue
        }
    }

    /// The arguments as given, names kept byte for byte: `CommandLine.arguments` replaces
    /// bytes that are not UTF-8 with U+FFFD, and such a file could not be opened.
    static func arguments() -> [String] {
        (1..<Int(CommandLine.argc)).compactMap { index in
            CommandLine.unsafeArgv[index].map { FileNameBytes.decode(cString: $0) }
        }
    }

    /// The command the arguments name. The play command's paths but the first are kept from the parser,
    /// which takes time quadratic in their number (`PathArguments`), and set after it.
    static func parse(_ arguments: [String]) throws -> ParsableCommand {
        let otherCommands = Set(configuration.subcommands.filter { $0 != Play.self }.map { $0._commandName })
            .union(["help", "---completion"])
        var arguments = arguments
        if arguments.first.map({ !otherCommands.contains($0) }) ?? true {
            arguments = try mpvTranslated(arguments)
        }
        guard let split = PathArguments(splitting: arguments, otherCommands: otherCommands,
                                        optionsWithValue: Play.optionsWithValue,
                                        unconditionalOptions: Play.unconditionalOptions) else {
            return try parseAsRoot(arguments)
        }
        let command = try parseAsRoot(split.options)
        guard var play = command as? Play else { return command }
        // A word the parser took for a path was misjudged here: the whole line, slowly, is right.
        guard play.paths == Array(split.paths.prefix(1)) else { return try parseAsRoot(arguments) }
        play.paths = split.paths
        try play.validatePaths()
        return play
    }

    /// mpv's spellings of the play command's options as Inset's (`MpvCommandLine`, through
    /// the settings table); an mpv option ignored is said in the log, one line each.
    static func mpvTranslated(_ arguments: [String]) throws -> [String] {
        do {
            let translation = try MpvCommandLine.translate(arguments, insetOptionsWithValue: Play.optionsWithValue)
            for (option, why) in zip(translation.ignored, translation.reasons) { Log.info("ignored mpv's \(option): \(why) (docs/mpv.md)") }
            return translation.arguments
        } catch {
            throw ValidationError(error.message)
        }
    }

    static let configuration = CommandConfiguration(
        commandName: "inset",
        abstract: "A terminal video player with picture in picture.",
        // From git at build time (the VersionStamp plugin, scripts/version).
        version: "inset \(buildVersion) (commit \(buildCommit))",
        subcommands: [Play.self, Probe.self, ProbeTerminal.self, Bench.self, Cat.self, Keys.self, Ctl.self,
                      Doctor.self, EmbedGuardCommand.self],
        defaultSubcommand: Play.self
    )
}

/// A command's one-line failure, thrown up to `main`, which prints it and exits with its code.
struct CommandFailure: Error {
    var message: String
    var code: Int32
    /// The exit deadline printed it already (`ExitDeadline.claimLastWords`): exit, silently.
    var alreadySaid = false
    init(_ message: String, code: Int32 = 1, alreadySaid: Bool = false) {
        self.message = message; self.code = code; self.alreadySaid = alreadySaid
    }
}

extension ColorMode: ExpressibleByArgument {
    /// The spellings `--help` and a refused value list, not the case names.
    public static var allValueStrings: [String] { ["truecolor", "256", "16"] }
}
