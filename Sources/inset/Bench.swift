import ArgumentParser
import Foundation
import InsetApp
import InsetCore
import InsetMedia

struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure decode, scale and render throughput on a file, as fast as it goes.")

    enum StageArgument: String, ExpressibleByArgument, CaseIterable {
        case decode, scale, render, all
    }

    @Argument(help: "The file to measure.")
    var path: String

    @Option(help: "The stage to measure: decode, scale (decode + scale to the cells' pixels), render (+ blit, compose, rasterize) or all.")
    var stage: StageArgument = .all

    @Option(name: .customLong("frames"), parsing: .unconditional,
            help: ArgumentHelp("Frames to measure, 1 to 10000000 (the file repeats if shorter). Default: the whole file once.", valueName: "n"))
    var framesArgument: WholeNumberArgument?
    var frames: Int? { framesArgument?.value }

    @Option(name: .customLong("threads"), parsing: .unconditional,
            help: ArgumentHelp("Decoder threads, 1 to 64. Default: one per core.", valueName: "n"))
    var threadsArgument: WholeNumberArgument?
    var threads: Int? { threadsArgument?.value }

    @Option(parsing: .unconditional,
            help: ArgumentHelp("Cells as COLSxROWS, up to 4096x2048; the picture is COLS x 2·ROWS pixels. Default: 160x45.", valueName: "size"))
    var size: CellSizeArgument?
    static let defaultCells = CellSize(columns: 160, rows: 45)

    @Option(help: "Colours for the render stage: truecolor, 256 or 16.")
    var colors: ColorMode = .truecolor

    @Option(help: ArgumentHelp("How the render stage draws cells: half, quadrant, sextant or octant (2x1 to 2x4 sub-pixels per cell). Default: half.", valueName: "blitter"))
    var blitter: ChoiceArgument<Blitter>?

    @Flag(help: "Print the results as JSON instead of a table.")
    var json = false

    func validate() throws {
        try framesArgument?.validate(as: "--frames", in: ArgumentBounds.frames)
        try threadsArgument?.validate(as: "--threads", in: ArgumentBounds.threads)
        try size?.validate(as: "--size")
        try blitter?.validate(as: "--blitter")
    }

    func run() throws {
        let stages: [BenchStage] = stage == .all ? BenchStage.allCases : [BenchStage(rawValue: stage.rawValue)!]
        let showProgress = isatty(STDERR_FILENO) != 0
        let report: @Sendable (BenchStage, Int, Double) -> Void = { stage, count, fps in
            let line = "\r\(stage.rawValue): \(count) frames, \(String(format: "%.1f", fps)) frames/s   "
            FileHandle.standardError.write(Data(line.utf8))
        }
        let options = BenchOptions(
            path: path, stages: stages, frames: frames, threads: threads, cells: size?.size ?? Bench.defaultCells, colorMode: colors,
            blitter: blitter?.value ?? .half, progress: showProgress ? report : nil)
        let results: [BenchResult]
        do {
            results = try Benchmark.run(options)
        } catch let error as MediaError {
            throw CommandFailure(error.description)
        }
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        if json { Output.json(try Benchmark.json(results)) } else { Output.lines(Benchmark.table(results)) }
    }
}
