import CFFmpeg
import Foundation
import InsetCore
import InsetLog

/// Pictures of a video at times other than the one playing, for the seek preview: the file
/// opened a second time (a demuxer and a decoder of its own, apart from playback's), sought
/// to the keyframe at or before each time asked (AVSEEK_FLAG_BACKWARD) and the first frame
/// decoded there taken as it is, with no exact seek, then scaled into the viewport asked
/// as the player's frames are (`FrameScaler`, `Viewport.fit`), so its cells are the ones
/// `inset cat --at` draws of that keyframe at that size.
///
/// Threads: `inset.thumbnail` opens the file and then owns the source, the decoder and the
/// scaler; the UI thread asks (`request`) and takes what is done (`take`) under a lock.
/// Only the newest request is kept (an older one waiting is dropped), and decodes are at
/// least `spacing` apart, so holding a key costs the playing video a few decodes a second.
/// `onReady` is called on the thread when a picture is done (the loop's waker).
public final class ThumbnailDecoder: @unchecked Sendable {
    /// A picture done: the time asked and the frame found for it (its own time, the keyframe's).
    public struct Thumbnail: @unchecked Sendable {
        public let requested: MediaTime
        public let frame: VideoFrame
    }

    /// At most five pictures a second.
    public static let spacing = Duration.milliseconds(200)

    private let path: String
    private let onReady: @Sendable () -> Void
    private let condition = NSCondition()
    private var wanted: (time: MediaTime, viewport: Viewport)?
    private var done: Thumbnail?
    private var stopped = false
    private let worker = WorkerThread(name: "inset.thumbnail")
    private let interrupt = MediaInterrupt()

    /// Whether `path` can have thumbnails: a file on this machine. A stream over the network
    /// is not opened a second time (each picture would be a request and a download beside
    /// the playing one), nor is standard input, which can be read once.
    public static func canPreview(path: String) -> Bool {
        if case .local = InputLocation(path).kind { return true }
        return false
    }

    /// Starts the thread, which opens `path`; a file that will not open leaves every request
    /// unanswered (the preview then shows the time alone).
    public init(path: String, onReady: @escaping @Sendable () -> Void) {
        self.path = path
        self.onReady = onReady
        worker.start(owner: self) { $0.run() }
    }

    deinit { stop() }

    /// Asks for the picture at `time` scaled into `viewport`, in place of any not begun yet.
    public func request(_ time: MediaTime, in viewport: Viewport) {
        condition.withLock {
            wanted = (time, viewport)
            condition.signal()
        }
    }

    /// Drops a request not begun yet (the seek ended) and the picture not taken.
    public func cancel() {
        condition.withLock { wanted = nil; done = nil }
    }

    /// The picture done since the last take, if any.
    public func take() -> Thumbnail? {
        condition.withLock {
            defer { done = nil }
            return done
        }
    }

    /// Ends the thread (a decode under way finishes first) and closes the file.
    public func stop() {
        condition.withLock { stopped = true; condition.signal() }
        interrupt.stop()
        worker.join()
    }

    // MARK: - The thumbnail thread

    private func run() {
        let grabber: KeyframeGrabber
        do {
            grabber = try KeyframeGrabber(source: MediaSource(path: path, interrupt: interrupt))
        } catch {
            Log.info("thumbnails of \(path): \(error)")
            return
        }
        var lastStart: ContinuousClock.Instant?
        while let (time, viewport) = next(after: lastStart) {
            lastStart = .now
            guard let frame = grabber.frame(at: time, in: viewport) else { continue }
            let publish = condition.withLock { () -> Bool in
                guard !stopped else { return false }
                done = Thumbnail(requested: time, frame: frame)
                return true
            }
            if publish { onReady() }
        }
    }

    /// The next request, once `spacing` has passed since the last decode began; nil to stop.
    private func next(after lastStart: ContinuousClock.Instant?) -> (MediaTime, Viewport)? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if stopped { return nil }
            if let request = wanted {
                let due = lastStart.map { $0 + Self.spacing } ?? .now
                if ContinuousClock.now >= due {
                    wanted = nil
                    return request
                }
                let wait = due - ContinuousClock.now
                _ = condition.wait(until: Date(timeIntervalSinceNow: Double(wait.components.attoseconds) / 1e18
                                               + Double(wait.components.seconds)))
            } else {
                condition.wait()
            }
        }
    }
}
