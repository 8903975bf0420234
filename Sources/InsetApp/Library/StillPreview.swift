import Foundation
import InsetCore
import InsetMedia

/// One still picture of a file, for the details pane: the frame shown at 10% of the
/// duration (the start when the duration is unknown or the input cannot seek), scaled
/// and letterboxed into the viewport it was asked for.
///
/// Threads: loading runs on a short-lived thread of its own ("inset.preview"), never on the
/// UI thread, with a one-thread decoder, so it costs at most one core for a moment while a
/// video plays in picture in picture. That thread owns the MediaSource and the pipeline and
/// stops the pipeline before it publishes the frame; from then on the frame's picture is
/// only read. The UI thread polls `state`/`generation` under `job`'s lock.
///
/// Letting go of the last reference cancels the load: the thread holds only the `Job`, not
/// the preview, so it notices within `pollInterval`, stops its pipeline and ends.
final class StillPreview: @unchecked Sendable {
    enum State: Sendable {
        case loading
        /// The frame, its picture scaled into `viewport` at `frame.placement`.
        case ready(VideoFrame)
        /// Why there is no picture, in one line.
        case failed(String)
    }

    let path: String
    let viewport: Viewport
    private let job: Job

    /// Where in the file the still is taken, as a fraction of the duration.
    static let position = 0.1
    /// How long a load may take before it gives up (a huge GOP, a stalled network file).
    static let timeout: Double = 10
    static let pollInterval: Double = 0.05

    /// Starts loading at once.
    init(path: String, viewport: Viewport, allowance: InputAllowance = .webOnly) {
        self.path = path
        self.viewport = viewport
        let job = Job()
        self.job = job
        let thread = Thread { StillPreview.load(path: path, viewport: viewport, allowance: allowance, job: job) }
        thread.name = "inset.preview"
        thread.stackSize = 1 << 20
        thread.start()
    }

    deinit { job.cancel() }

    var state: State { job.read { $0.state } }
    /// Bumped each time `state` changes, so the UI can tell it has something new to draw.
    var generation: Int { job.read { $0.generation } }
    var isLoading: Bool { if case .loading = state { return true } else { return false } }

    /// Abandons the load (the thread ends soon after; a finished frame is kept).
    func cancel() { job.cancel() }

    /// What the loading thread and the UI thread share, under `lock`.
    final class Job: @unchecked Sendable {
        struct Values { var state: State = .loading; var generation = 0; var cancelled = false }
        private let lock = NSLock()
        private var values = Values()
        func read<T>(_ body: (Values) -> T) -> T { lock.withLock { body(values) } }
        func finish(_ state: State) { lock.withLock { values.state = state; values.generation += 1 } }
        /// Ends a wait in libavformat (a stalled network file) when the load is abandoned.
        let interrupt = MediaInterrupt()
        func cancel() {
            lock.withLock { values.cancelled = true }
            interrupt.stop()
        }
        var isCancelled: Bool { lock.withLock { values.cancelled } }
    }

    // MARK: - The loading thread

    private static func load(path: String, viewport: Viewport, allowance: InputAllowance, job: Job) {
        let state: State
        do {
            state = try firstFrame(path: path, viewport: viewport, allowance: allowance, job: job)
        } catch let error as MediaError {
            state = .failed(error.reason)
        } catch {
            state = .failed("\(error)")
        }
        VideoPipeline.releaseFreedMemory()
        if !job.isCancelled { job.finish(state) }
    }

    /// Opens the file, seeks (before the decode thread starts, so nothing before the
    /// target is scaled), takes the first frame of that seek, stops the pipeline.
    private static func firstFrame(path: String, viewport: Viewport, allowance: InputAllowance, job: Job) throws -> State {
        guard !viewport.isEmpty else { return .failed("no room for a preview") }
        let source = try MediaSource(path: path, allowance: allowance, interrupt: job.interrupt)
        try source.requireVideo()
        let pipeline = try VideoPipeline(source: source, options: .init(threads: 1, queueCapacity: 2, viewport: viewport))
        defer { pipeline.stop() }
        var serial = 0
        if let duration = pipeline.range.duration, duration > .zero,
           let seek = pipeline.seek(to: pipeline.range.start + MediaTime(seconds: duration.seconds * position)) {
            serial = seek.serial
        }
        pipeline.start()
        let deadline = Date(timeIntervalSinceNow: timeout)
        var retriedFromStart = false
        while Date() < deadline {
            if job.isCancelled { return .failed("cancelled") }
            guard let item = pipeline.frames.pop(timeout: pollInterval), item.serial == serial else { continue }
            switch item {
            case .frame(let frame) where frame.image != nil:
                return .ready(frame)
            case .frame:
                continue
            case .endOfStream:
                // Nothing at or after the target (a stream shorter than it says): once
                // more from the start, then give up.
                guard !retriedFromStart, let again = pipeline.seek(to: pipeline.range.start) else {
                    return .failed("no picture could be decoded")
                }
                retriedFromStart = true
                serial = again.serial
            }
        }
        return .failed("timed out reading a picture")
    }
}
