import Foundation
import InsetCore
import InsetMedia
import InsetRender

/// `inset bench`: runs one stage of the pipeline as fast as it goes over a file and
/// measures it. Each stage is the code the player runs, minus the waiting:
/// - decode: demux and decode only (no scaling), against which ffmpeg -benchmark compares;
/// - scale: decode and scale to the cells' pixel size (COLS x 2·ROWS for half blocks, the
///   blitter's sub-pixel grid otherwise);
/// - render: decode, scale, blit, compose and rasterize into memory (bytes per frame).
public enum BenchStage: String, CaseIterable, Codable, Sendable {
    case decode, scale, render
}

public struct BenchOptions: Sendable {
    public var path: String
    public var stages: [BenchStage]
    /// Frames to measure; the file is played again from the start when it is shorter.
    /// Nil: the file once.
    public var frames: Int?
    public var threads: Int?
    public var cells: CellSize
    public var colorMode: ColorMode
    /// The blitter of the scale and render stages (whose sub-pixel grid the scaler makes).
    public var blitter: Blitter
    /// Called with (stage, frames so far, frames/s so far) a few times a second.
    public var progress: (@Sendable (BenchStage, Int, Double) -> Void)?

    public init(path: String, stages: [BenchStage], frames: Int? = nil, threads: Int? = nil,
                cells: CellSize = CellSize(columns: 160, rows: 45), colorMode: ColorMode = .truecolor,
                blitter: Blitter = .half, progress: (@Sendable (BenchStage, Int, Double) -> Void)? = nil) {
        self.blitter = blitter
        self.path = path; self.stages = stages; self.frames = frames; self.threads = threads
        self.cells = cells; self.colorMode = colorMode; self.progress = progress
    }
}

public struct BenchResult: Codable, Sendable {
    public var stage: BenchStage
    public var path: String
    public var frames: Int
    public var seconds: Double
    public var framesPerSecond: Double
    public var msPerFrameP50: Double
    public var msPerFrameP99: Double
    public var cpuSecondsPerFrame: Double
    public var peakRSSBytes: Int64
    public var bytesPerFrame: Double?
    public var threads: Int
    public var cells: String
}

public enum Benchmark {
    public static func run(_ options: BenchOptions) throws -> [BenchResult] {
        try options.stages.map { stage in
            defer { releaseFreedMemory() }
            return try run(stage: stage, options: options)
        }
    }

    static func run(stage: BenchStage, options: BenchOptions) throws -> BenchResult {
        // The one path the command line named: a URL of any scheme (`InputAllowance`).
        let source = try MediaSource.openWaiting(path: options.path, allowance: InputAllowance(named: [options.path]))
        let viewport = stage == .decode ? nil : Viewport(cells: options.cells, raster: CellRaster(blitter: options.blitter))
        let pipeline = try VideoPipeline(source: source, options: .init(threads: options.threads, queueCapacity: 4, viewport: viewport))
        var consumer: BenchConsumer = stage == .render
            ? try RenderBenchConsumer(cells: options.cells, colorMode: options.colorMode)
            : NullBenchConsumer()
        let wanted = options.frames
        var intervals: [Double] = []
        intervals.reserveCapacity(wanted ?? 1024)
        var count = 0
        let cpuStart = ResourceUsage.cpuSeconds
        let start = MonotonicClock.now
        var last = start
        var lastReport = start
        pipeline.start()
        defer { pipeline.stop() }
        loop: while true {
            guard let item = pipeline.frames.pop(timeout: 30) else { break }
            switch item {
            case .frame(let frame):
                consumer.consume(frame)
                if let image = frame.image { pipeline.frames.recycle(image) }
                let now = MonotonicClock.now
                intervals.append(now - last)
                last = now
                count += 1
                if let wanted, count >= wanted { break loop }
                if now - lastReport > 0.25 {
                    options.progress?(stage, count, Double(count) / (now - start))
                    lastReport = now
                }
            case .endOfStream:
                guard let wanted, count < wanted, count > 0 else { break loop }
                pipeline.seek(to: pipeline.range.start)
            }
        }
        let elapsed = last - start
        let cpu = ResourceUsage.cpuSeconds - cpuStart
        // The first interval holds opening and decoder warm-up; the rest are steady state.
        let steady = intervals.count > 1 ? Array(intervals.dropFirst()) : intervals
        let percentiles = Percentiles(steady.map { $0 * 1000 })
        return BenchResult(
            stage: stage, path: options.path, frames: count, seconds: elapsed,
            framesPerSecond: elapsed > 0 ? Double(count) / elapsed : 0,
            msPerFrameP50: percentiles.p50, msPerFrameP99: percentiles.p99,
            cpuSecondsPerFrame: count > 0 ? cpu / Double(count) : 0,
            peakRSSBytes: ResourceUsage.peakResidentBytes,
            bytesPerFrame: consumer.bytesPerFrame,
            threads: options.threads ?? ProcessInfo.processInfo.activeProcessorCount,
            cells: options.cells.description)
    }

    /// Each stage opens its own decoder, whose frame pools are freed at its end; glibc keeps
    /// freed heap pages mapped, so without a trim the next stage's pools would add to the
    /// peak instead of reusing the same pages.
    static func releaseFreedMemory() {
        VideoPipeline.releaseFreedMemory()
    }

    /// The summary table printed at the end of a run.
    public static func table(_ results: [BenchResult]) -> String {
        var rows = [["stage", "frames", "frames/s", "ms/frame p50", "ms/frame p99", "CPU ms/frame", "bytes/frame", "peak RSS"]]
        for r in results {
            rows.append([
                r.stage.rawValue, "\(r.frames)", String(format: "%.1f", r.framesPerSecond),
                String(format: "%.2f", r.msPerFrameP50), String(format: "%.2f", r.msPerFrameP99),
                String(format: "%.2f", r.cpuSecondsPerFrame * 1000),
                r.bytesPerFrame.map { String(format: "%.0f", $0) } ?? "-",
                String(format: "%.1f MB", Double(r.peakRSSBytes) / 1_048_576),
            ])
        }
        let widths = (0..<rows[0].count).map { c in rows.map { $0[c].count }.max()! }
        return rows.enumerated().map { index, row in
            let line = row.enumerated().map { c, cell in
                c == 0 ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
                       : String(repeating: " ", count: widths[c] - cell.count) + cell
            }.joined(separator: "  ")
            return index == 0 ? line + "\n" + String(repeating: "-", count: line.count) : line
        }.joined(separator: "\n") + "\n"
    }

    public static func json(_ results: [BenchResult]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(results), as: UTF8.self) + "\n"
    }
}

/// What a benchmark does with each frame after the pipeline delivered it.
protocol BenchConsumer {
    mutating func consume(_ frame: VideoFrame)
    var bytesPerFrame: Double? { get }
}

struct NullBenchConsumer: BenchConsumer {
    mutating func consume(_ frame: VideoFrame) {}
    var bytesPerFrame: Double? { nil }
}

/// The render stage: the player's own per-frame path (video plane, compose, rasterize)
/// writing into memory instead of a terminal.
struct RenderBenchConsumer: BenchConsumer {
    private var video = VideoLayer()
    private var planes: [Plane] = []
    private let painter: FramePainter
    private let cells: CellSize
    private var bytes = 0
    private var frames = 0

    init(cells: CellSize, colorMode: ColorMode) throws {
        self.cells = cells
        painter = FramePainter(colorMode: colorMode)
    }

    mutating func consume(_ frame: VideoFrame) {
        video.show(frame)
        // The list is emptied after painting so the video plane's cells have one owner
        // again and the next blit writes in place instead of copying them.
        planes.append(video.plane)
        painter.paint(planes, screenSize: cells)
        planes.removeAll(keepingCapacity: true)
        bytes += painter.lastStats.bytes
        frames += 1
    }

    var bytesPerFrame: Double? { frames > 0 ? Double(bytes) / Double(frames) : nil }
}
