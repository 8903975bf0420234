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

    @Option(help: "decode, scale (decode + scale to the cells' pixels), render (+ blit, compose, rasterize) or all.")
    var stage: StageArgument = .all

    @Option(help: "Frames to measure (the file repeats if shorter). Default: the whole file once.")
    var frames: Int?

    @Option(help: "Decoder threads. Default: one per core.")
    var threads: Int?

    @Option(help: "Cells as COLSxROWS; the picture is COLS x 2·ROWS pixels.")
    var size: CellSizeArgument = CellSizeArgument(argument: "160x45")!

    @Option(help: "Colours for the render stage: truecolor, 256 or 16.")
    var colors: ColorMode = .truecolor

    @Flag(help: "Print JSON instead of a table.")
    var json = false

    func run() throws {
        let stages: [BenchStage] = stage == .all ? BenchStage.allCases : [BenchStage(rawValue: stage.rawValue)!]
        let showProgress = isatty(STDERR_FILENO) != 0
        let report: @Sendable (BenchStage, Int, Double) -> Void = { stage, count, fps in
            let line = "\r\(stage.rawValue): \(count) frames, \(String(format: "%.1f", fps)) frames/s   "
            FileHandle.standardError.write(Data(line.utf8))
        }
        let options = BenchOptions(
            path: path, stages: stages, frames: frames, threads: threads, cells: size.size, colorMode: colors,
            progress: showProgress ? report : nil)
        let results: [BenchResult]
        do {
            results = try Benchmark.run(options)
        } catch let error as MediaError {
            fail(error.description)
        }
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        print(json ? try Benchmark.json(results) : Benchmark.table(results), terminator: "")
    }
}
