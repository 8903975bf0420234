import ArgumentParser
import Foundation
import InsetApp
import InsetCore
import InsetMedia

struct Cat: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write frames as colour cells to standard output; needs no terminal.")

    @Argument(help: "The file to show.")
    var path: String

    @Option(help: "Start at this time (90, 1:30, 1:02:03.5).")
    var at: TimeArgument?

    @Option(help: "How many frames: a number, or all. Default: 1 (a thumbnail).")
    var frames: String = "1"

    @Option(help: "Cells as COLSxROWS. Default: the terminal's size, else 80x24.")
    var size: CellSizeArgument?

    @Option(help: "truecolor, 256 or 16. Default: from COLORTERM.")
    var colors: ColorMode?

    @Flag(help: "Pace frames at their presentation times instead of as fast as possible.")
    var realtime = false

    @Option(help: "Decoder threads. Default: one per core.")
    var threads: Int?

    func validate() throws {
        if frames != "all" && (Int(frames) ?? 0) < 1 {
            throw ValidationError("--frames takes a positive number or all")
        }
    }

    func run() throws {
        // A reader that goes away (`| head`) should end us quietly, not by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let cells = size?.size ?? TerminalSize.ofStandardOutput() ?? CellSize(columns: 80, rows: 24)
        let options = CatOptions(
            path: path, at: at?.time, frames: frames == "all" ? nil : Int(frames), cells: cells,
            colorMode: colors ?? ColorMode.fromEnvironment(), realtime: realtime, threads: threads)
        do {
            try CatRunner.run(options)
        } catch let error as MediaError {
            fail(error.description)
        } catch let error as POSIXError where error.code == .EPIPE {
            throw ExitCode(0)
        }
    }
}
