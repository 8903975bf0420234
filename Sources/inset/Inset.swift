import ArgumentParser
import Foundation
import InsetApp
import InsetCore
import InsetMedia

@main
struct Inset: ParsableCommand {
    /// `--linear` alone means every range; the parser wants a value, so it gets `all`.
    static func main() {
        let arguments = CommandLine.arguments.dropFirst().map { $0 == "--linear" ? "--linear=all" : $0 }
        main(Array(arguments))
    }

    static let configuration = CommandConfiguration(
        commandName: "inset",
        abstract: "A terminal video player with picture in picture.",
        version: "0.1.0",
        subcommands: [Play.self, Probe.self, Bench.self, Cat.self],
        defaultSubcommand: Play.self
    )
}

/// Prints `inset: message` on one line to stderr and exits non-zero: every error the
/// command line reports goes through here, so each is one line naming path and reason.
func fail(_ message: String, code: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data(("inset: " + message + "\n").utf8))
    exit(code)
}

struct CellSizeArgument: ExpressibleByArgument {
    let size: CellSize
    init?(argument: String) {
        guard let size = CellSize(parsing: argument) else { return nil }
        self.size = size
    }
}

struct TimeArgument: ExpressibleByArgument {
    let time: MediaTime
    init?(argument: String) {
        guard let time = MediaTime(parsing: argument) else { return nil }
        self.time = time
    }
}

extension ColorMode: ExpressibleByArgument {}
