import ArgumentParser
import Foundation
import InsetApp
import InsetCore
import InsetMedia

struct Cat: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write frames as colour cells to standard output; needs no terminal.")

    @Argument(help: "The file to show: a file, - for standard input, or a URL FFmpeg can open.")
    var path: String

    @Option(parsing: .unconditional, help: ArgumentHelp("Start at this time (90, 1:30, 1:02:03.5). Default: the start.", valueName: "time"))
    var at: TimeArgument?

    @Option(parsing: .unconditional, help: ArgumentHelp("How many frames: 1 to 10000000, or all. Default: 1 (a thumbnail).", valueName: "n"))
    var frames: String = "1"

    @Option(parsing: .unconditional, help: ArgumentHelp("Cells as COLSxROWS, up to 4096x2048. Default: the terminal's size, else 80x24.", valueName: "size"))
    var size: CellSizeArgument?

    @Option(help: "The colours cells are written in: truecolor, 256 or 16. Default: from COLORTERM.")
    var colors: ColorMode?

    @Option(help: ArgumentHelp("How cells draw the picture: half, quadrant, sextant or octant (2x1, 2x2, 2x3, 2x4 sub-pixels per cell). Default: half.",
                               valueName: "blitter"))
    var blitter: ChoiceArgument<Blitter>?

    @Option(help: ArgumentHelp("What draws a file of sound alone: showspectrum, showcqt, showwaves or avectorscope (FFmpeg's filters). Default: showspectrum.",
                               valueName: "name"))
    var visualizer: ChoiceArgument<Visualizer>?

    @Flag(help: "Write each frame at its presentation time, as a player would, instead of as fast as possible.")
    var realtime = false

    @Option(name: .customLong("threads"), parsing: .unconditional,
            help: ArgumentHelp("Decoder threads, 1 to 64. Default: one per core.", valueName: "n"))
    var threadsArgument: WholeNumberArgument?
    var threads: Int? { threadsArgument?.value }

    func validate() throws {
        try at?.validate(as: "--at")
        try size?.validate(as: "--size")
        try blitter?.validate(as: "--blitter")
        try visualizer?.validate(as: "--visualizer")
        try threadsArgument?.validate(as: "--threads", in: ArgumentBounds.threads)
        if frames != "all" {
            try WholeNumberArgument(argument: frames).validate(as: "--frames", in: ArgumentBounds.frames)
        }
    }

    func run() throws {
        // A reader that goes away (`| head`) should end us quietly, not by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let cells = size?.size ?? TerminalSize.ofStandardOutput() ?? CellSize(columns: 80, rows: 24)
        let options = CatOptions(
            path: path, at: at?.time, frames: frames == "all" ? nil : Int(frames), cells: cells,
            colorMode: colors ?? ColorMode.fromEnvironment(), realtime: realtime, threads: threads,
            blitter: blitter?.value ?? .half, visualizer: visualizer?.value ?? .standard)
        do {
            try CatRunner.run(options)
        } catch let error as MediaError {
            throw CommandFailure(error.description)
        } catch let error as POSIXError where error.code == .EPIPE {
            throw ExitCode(0)
        }
    }
}
