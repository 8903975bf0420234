import CFFmpeg
import Foundation
import InsetCore

/// Scales decoded frames on a thread of its own and feeds the FrameQueue.
///
/// Why a thread: with frame threads, libavcodec's workers leave part of the cores idle
/// while they wait on each other; scaling beside them fills that idle time instead of
/// holding up the thread that feeds them packets. Order is kept (one scaling thread).
///
/// Ownership: the decode thread moves each AVFrame reference into a job (`submit`); the
/// scale thread owns it from then on and frees it. Jobs of a stale serial (a seek came in
/// meanwhile) are freed without scaling.
final class ScaleStage: @unchecked Sendable {
    struct Job {
        var frame: UnsafeMutablePointer<AVFrame>?
        var time: MediaTime
        var duration: MediaTime
        var serial: Int
        var isCorrupt: Bool
        var viewport: Viewport?
        /// Set on the job that marks the end of the stream (no frame).
        var endOfStream = false
        var variant: VideoVariant? = nil
        /// The picture's own sample aspect, when it is not the stream's (a visualiser's
        /// pictures are drawn in the viewport's shape, their pixels in its pixels' shape).
        var sampleAspect: Ratio? = nil
    }

    static let capacity = 2
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var closed = false
    private let frames: FrameQueue
    private let video: VideoStreamInfo
    private let scaler = FrameScaler()
    private let worker = WorkerThread(name: "inset.scale")

    init(frames: FrameQueue, video: VideoStreamInfo) {
        self.frames = frames
        self.video = video
        jobs.reserveCapacity(ScaleStage.capacity)
    }

    func start() {
        worker.start(owner: self) { $0.run() }
    }

    /// Hands a job over, waiting while the stage is busy. Returns false (and frees the
    /// frame) when the stage is closed.
    @discardableResult
    func submit(_ job: Job) -> Bool {
        condition.lock()
        while !closed && jobs.count >= ScaleStage.capacity { condition.wait() }
        if closed {
            condition.unlock()
            ScaleStage.free(job)
            return false
        }
        jobs.append(job)
        condition.broadcast()
        condition.unlock()
        return true
    }

    /// Stops taking jobs and waits for the thread to finish.
    func close() {
        condition.withLock { closed = true; condition.broadcast() }
        worker.join()
        for job in jobs { ScaleStage.free(job) }
        jobs.removeAll()
    }

    private func run() {
        while true {
            condition.lock()
            while !closed && jobs.isEmpty { condition.wait() }
            if closed { condition.unlock(); return }
            let job = jobs.removeFirst()
            condition.broadcast()
            condition.unlock()
            process(job)
        }
    }

    private func process(_ job: Job) {
        defer { ScaleStage.free(job) }
        guard job.serial == frames.currentSerial else { return }
        if job.endOfStream {
            frames.push(.endOfStream(serial: job.serial, lastTime: job.time))
            return
        }
        guard let frame = job.frame else { return }
        let coded = PixelSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height))
        var placement = PixelRect(x: 0, y: 0, width: coded.width, height: coded.height)
        var image: RGBImage?
        if let viewport = job.viewport, !viewport.isEmpty {
            placement = viewport.fit(coded: coded, sampleAspect: job.sampleAspect ?? video.sampleAspect, rotation: video.rotation)
            let picture = frames.image(of: placement.size)
            if scaler.scale(frame, rotation: video.rotation, into: picture) { image = picture }
        }
        let item = VideoFrame(time: job.time, duration: job.duration, serial: job.serial, image: image,
                              placement: placement, viewport: job.viewport, isCorrupt: job.isCorrupt,
                              variant: job.variant, codedSize: coded)
        if !frames.push(.frame(item)), let image { frames.recycle(image) }
    }

    private static func free(_ job: Job) {
        var frame = job.frame
        if frame != nil { av_frame_free(&frame) }
    }
}
