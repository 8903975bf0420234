import InsetCore
import InsetMedia
import InsetRender

extension Player {
    /// Takes due frames from the queue. A frame is dropped, before it is ever rasterized,
    /// when the one after it is due as well: the rasterizer's baseline then always holds
    /// what the terminal shows, and a slow terminal costs frames, never time.
    func advanceFrames(at now: HostTime) {
        while true {
            if pending == nil {
                guard let item = pipeline.frames.tryPop() else { return }
                switch item {
                case .frame(let frame):
                    pending = frame
                case .endOfStream:
                    endOfStream = true
                    return
                }
            }
            guard let frame = pending else { return }
            if awaitingFirstFrame {
                present(frame)
                clock.set(frame.time, at: now)
                awaitingFirstFrame = false
                statistics.started(at: now)
                continue
            }
            var nextTime: MediaTime?
            if case .frame(let next)? = pipeline.frames.peek() { nextTime = next.time }
            switch FrameScheduler.decide(frameTime: frame.time, nextFrameTime: nextTime, now: clock.time(at: now)) {
            case .wait:
                return
            case .drop:
                if let image = frame.image { pipeline.frames.recycle(image) }
                pending = nil
                statistics.dropped += 1
            case .show:
                present(frame)
            }
        }
    }

    /// Puts `frame` on screen (at the next paint) and reports its time to the machine.
    func present(_ frame: VideoFrame) {
        pending = nil
        if let old = current?.image, old !== frame.image { pipeline.frames.recycle(old) }
        current = frame
        video.show(frame, in: session.size)
        statistics.shown += 1
        _ = machine.handle(.positionChanged(frame.time), at: HostTime.now())
        needsPaint = true
    }

    /// At the end of the stream, once the last frame has had its time on screen, the
    /// machine decides: quit, or loop back to the start.
    func checkEnd(at now: HostTime) {
        guard endOfStream, pending == nil, !endReported, !awaitingFirstFrame else { return }
        let lastEnds = current.map { $0.time + $0.duration } ?? .zero
        guard clock.time(at: now) >= lastEnds else { return }
        endReported = true
        perform(machine.handle(.reachedEnd, at: now), at: now)
    }
}
