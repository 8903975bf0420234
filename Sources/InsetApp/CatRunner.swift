import Foundation
import InsetCore
import InsetMedia
import InsetRender

/// `inset cat`: frames as cells on standard output, through the player's own painter,
/// without needing a terminal (pipes, files, CI, side-by-side comparisons).
public struct CatOptions: Sendable {
    public var path: String
    public var at: MediaTime?
    /// Frames to write; nil means every frame to the end.
    public var frames: Int?
    public var cells: CellSize
    public var colorMode: ColorMode
    public var realtime: Bool
    public var threads: Int?
    /// How cells hold the picture's pixels: half blocks unless told otherwise.
    public var blitter: Blitter
    /// What draws a sound-only file's pictures; nil: such a file has none to write.
    public var visualizer: Visualizer?

    public init(path: String, at: MediaTime? = nil, frames: Int? = 1, cells: CellSize,
                colorMode: ColorMode, realtime: Bool = false, threads: Int? = nil, blitter: Blitter = .half,
                visualizer: Visualizer? = .standard) {
        self.blitter = blitter
        self.visualizer = visualizer
        self.path = path; self.at = at; self.frames = frames; self.cells = cells
        self.colorMode = colorMode; self.realtime = realtime; self.threads = threads
    }
}

public enum CatRunner {
    /// Writes the frames; returns how many were written. Each frame is one write of one
    /// synchronized update, so a reader can split the stream at the markers.
    @discardableResult
    public static func run(_ options: CatOptions, to fd: Int32 = STDOUT_FILENO) throws -> Int {
        let painter = FramePainter(colorMode: options.colorMode)
        var planes: [Plane] = []
        let written = try pictures(options) { plane in
            planes.append(plane)
            painter.paint(planes, screenSize: options.cells)
            planes.removeAll(keepingCapacity: true)
            try painter.output.withUnsafeBytes { try writeAll(fd, $0) }
        }
        // A thumbnail in a shell: leave the cursor on the line below it, colours reset.
        if options.frames == 1 && isatty(fd) != 0 {
            let tail = "\u{1B}[0m\u{1B}[\(options.cells.rows);1H\r\n"
            try Array(tail.utf8).withUnsafeBytes { try writeAll(fd, $0) }
        }
        return written
    }

    /// Each picture `run` writes, as the plane of cells the painter is given (the tests read
    /// a visualiser's cells here); returns how many there were. A file of sound alone is
    /// drawn by `options.visualizer`, as the player draws it.
    @discardableResult
    public static func pictures(_ options: CatOptions, _ body: (Plane) throws -> Void) throws -> Int {
        // The one path the command line named: a URL of any scheme (`InputAllowance`).
        let source = try MediaSource.openWaiting(path: options.path, allowance: InputAllowance(named: [options.path]))
        let pipelineOptions = VideoPipeline.Options(
            threads: options.threads, queueCapacity: 4, viewport: Viewport(cells: options.cells, raster: CellRaster(blitter: options.blitter)))
        // A cover is no moving picture.
        let moving = source.info.video.map { !$0.isAttachedPicture } ?? false
        let pipeline = if !moving, source.info.audio != nil, let visualizer = options.visualizer {
            try VideoPipeline(visualizing: Demuxer(source: source), with: visualizer, options: pipelineOptions)
        } else {
            try VideoPipeline(source: source, options: pipelineOptions)
        }
        if let at = options.at { pipeline.seek(to: at) }
        pipeline.start()
        defer { pipeline.stop() }

        var video = VideoLayer()
        var written = 0
        var clockOrigin: (media: MediaTime, host: Double)?
        while options.frames.map({ written < $0 }) ?? true {
            guard let item = pipeline.frames.pop(timeout: 30) else { break }
            guard case .frame(let frame) = item else { break }
            if options.realtime { pace(frame.time, origin: &clockOrigin) }
            video.show(frame)
            if let image = frame.image { pipeline.frames.recycle(image) }
            try body(video.plane)
            written += 1
        }
        // Not one picture decoded: say so (one line, non-zero exit) rather than print nothing.
        if written == 0 && options.frames != 0 {
            let damaged = pipeline.corruptPackets
            throw MediaError.undecodable(path: options.path, detail: damaged > 0
                ? "\(damaged) damaged packets" : "the stream ended before its first picture")
        }
        return written
    }

    /// Sleeps until `time` is due on a wall clock started at the first frame.
    private static func pace(_ time: MediaTime, origin: inout (media: MediaTime, host: Double)?) {
        let now = MonotonicClock.now
        guard let start = origin else { origin = (time, now); return }
        let due = start.host + (time - start.media).seconds
        if due > now { usleep(UInt32(min(1.0, due - now) * 1_000_000)) }
    }
}

/// write(2) until every byte is out, retrying on EINTR and waiting on EAGAIN.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
    guard var base = bytes.baseAddress else { return }
    var left = bytes.count
    while left > 0 {
        let n = write(fd, base, left)
        if n < 0 {
            if errno == EINTR { continue }
            if errno == EAGAIN {
                var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&pfd, 1, 100)
                continue
            }
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        base += n
        left -= n
    }
}
