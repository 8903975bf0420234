import InsetCore
import InsetLog
import InsetMedia

/// Frames off the queue on time: which one to show, which to drop, when the next is due,
/// and how hard the decoder should work to keep up. Runs on the UI thread each tick.
extension Playback {
    /// Takes due frames from the queue; returns true when a new frame is to be shown (or,
    /// past the last frame while the sound goes on, when the second shown changed). A frame
    /// is dropped, before it is ever rasterized, when the one after it is due as well, or
    /// when it comes too late (see `CatchUpPolicy`): the rasterizer's baseline then always
    /// holds what the terminal shows, and a slow terminal or decoder costs frames, never time.
    public func advance(at now: HostTime) -> Bool {
        guard let pipeline else { return advanceSoundOnly(at: now) }
        var presented = false
        defer { steerDecoder(pipeline) }
        defer { watchInput(of: pipeline, at: now) }
        while true {
            if pending == nil {
                guard let item = pipeline.frames.tryPop() else { break }
                switch item {
                case .frame(let frame): pending = frame; countFramesSkipped(before: frame)
                case .endOfStream:
                    endOfStream = true
                    noteCut(of: pipeline)
                    // The stream ended and not one picture ever came: there is nothing to show.
                    if current == nil && pending == nil && failure == nil {
                        let damaged = pipeline.corruptPackets
                        failure = .undecodable(path: path, detail: damaged > 0
                            ? "\(damaged) damaged packets" : "the stream ended before its first picture")
                    }
                }
                if endOfStream && pending == nil { break }
            }
            guard let frame = pending else { break }
            if awaitingFirstFrame {
                present(frame, at: now)
                clock.set(frame.time, at: now)
                awaitingFirstFrame = false
                onFirstFrame?()
                catchUp.noteShown(at: now)
                if sound != nil && clock.isRunning { waitingForSoundSince = now } else { statistics.started(at: now) }
                presented = true
                continue
            }
            var nextTime: MediaTime?
            if case .frame(let next)? = pipeline.frames.peek() { nextTime = next.time }
            let decision = catchUp.decide(frameTime: frame.time, nextFrameTime: nextTime, master: frameClock(at: now), at: now)
            if let target = decision.catchUpTo { pipeline.catchUp(to: target, serial: frame.serial) }
            switch decision.frame {
            case .wait:
                return presented
            case .drop:
                if let image = frame.image { pipeline.frames.recycle(image) }
                pending = nil
                statistics.dropped += 1
            case .show:
                present(frame, at: now)
                presented = true
            }
        }
        return presented || followSoundPastLastFrame(at: now)
    }

    /// Tells the decoder how much work to skip, when the policy changed its mind.
    private func steerDecoder(_ pipeline: VideoPipeline) {
        statistics.catchUps = catchUp.catchUps
        guard catchUp.lightening != steeredLightening else { return }
        steeredLightening = catchUp.lightening
        pipeline.setCatchUpRate(DecodeRate(catchUp.lightening))
    }

    /// Frames the decoder left out to catch up never reach the queue: they count as dropped
    /// (from the gap in frame times), so `--stats` says how much of the picture was lost.
    /// Frames a PiP window's decode rate (`--pip-saver`) leaves out at the same time count too.
    private func countFramesSkipped(before frame: VideoFrame) {
        defer { lastTaken = (frame.time, frame.serial) }
        guard let last = lastTaken, last.serial == frame.serial, frame.duration > .zero,
              steeredLightening != .none || catchUp.isCatchingUp else { return }
        let step = frame.duration.microseconds
        let missing = ((frame.time - last.time).microseconds + step / 2) / step - 1
        if missing > 0 { statistics.dropped += Int(missing) }
    }

    private func present(_ frame: VideoFrame, at now: HostTime) {
        pending = nil
        if buffering.frameShown() { bufferingChanged = true }
        if let old = current?.image, old !== frame.image { pipeline?.frames.recycle(old) }
        current = frame
        subtitles?.burn(into: frame, inWindow: machine.snapshot.presentation == .pictureInPicture)
        statistics.shown += 1
        noteVariant(of: frame)
        reportLiveEdge(at: now)
        if let heard = sound?.clockTime(at: now) {
            // The picture lands `pictureLead` after this: the offset is what the viewer sees.
            statistics.audioVideoOffset = frame.time - heard - clock.speed.media(inWall: pictureLead)
            // For sync checks (INSET_LOG): the frame's time beside the sound heard as it goes up.
            Log.debug("present \(frame.time.microseconds) heard \(heard.microseconds)")
        }
        // The machine may answer with a seek: an A-B loop past its B goes back to A.
        note(.positionChanged(frame.time), at: now)
    }

    /// How long until something is due: the pending frame's time, or, with none taken, the
    /// end of the frame on screen (the queue's arrival wake-up covers frames that come
    /// later, as they do when the decoder skips frames for a PiP window, and the end of a
    /// file is checked then). Nil when nothing is due: paused, or waiting on the decoder.
    public func nextDeadline(after now: HostTime) -> Duration? {
        if isSoundOnly { return clock.isRunning ? .milliseconds(100) : nil }
        guard clock.isRunning, !awaitingFirstFrame else { return nil }
        let due = pending?.time ?? current.map { $0.time + $0.duration }
        guard let due else { return nil }
        let ahead = (due - frameClock(at: now)).microseconds
        if pending == nil && ahead <= 0 {
            // Past the frame's end with nothing queued: only the end of the file remains
            // to notice, which a frame arrival does not signal once it is reported. While
            // the sound goes on past the picture, the time shown moves with it.
            guard endOfStream && !endReported && !isStillImage && failure == nil else { return nil }
            let end = PlaybackEnd.time(pictureEnd: pictureEnd, sound: sound?.progress ?? .absent)
            let left = end.map { clock.speed.wall(forMedia: $0 - masterTime(at: now)).microseconds } ?? 100_000
            return .microseconds(min(100_000, max(4_000, left)))
        }
        // Media time to wait, in the wall-clock time it takes at this speed.
        return .microseconds(max(0, clock.speed.wall(forMedia: MediaTime(microseconds: ahead)).microseconds))
    }
}

extension Playback {
    /// Paused, the decoder sends nothing new: the frame on screen, scaled for the size
    /// before, would stay centred and cut in the new one (a paused video sent to the window
    /// showed the middle of its full-screen picture, often nothing but background, until it
    /// played; issue 48). Its time is decoded again at the new size instead, as a change of
    /// picture subtitles is. Live input is left alone: going back there is a seek into a
    /// window that moves on.
    func rescalePausedFrame(to size: Viewport, at now: HostTime) {
        guard !machine.snapshot.isPlaying, let shown = current?.viewport, shown != size, !range.isLive,
              pipeline?.visualizer == nil else { return }
        decodeCurrentFrameAgain(at: now)
    }

    /// Pauses and seeks to the middle of the frame after (or before) the one on screen, or
    /// the one the last step is on its way to, so the exact seek lands on that frame whatever
    /// jitter its timestamps have and steps pressed faster than the decoder each go one
    /// further. Nil at either end of the file.
    public func stepFrame(forward: Bool, at now: HostTime) -> [PlaybackEffect]? {
        guard let current, current.duration > .zero else { return nil }
        let base = (awaitingFirstFrame ? stepAnchor : nil) ?? current.time
        let anchor = forward ? base + current.duration : base - current.duration
        guard anchor >= range.start, range.end.map({ anchor < $0 }) ?? true else { return nil }
        var effects = snapshot.isPlaying ? send(.pause, at: now) : []
        effects += send(.seek(to: anchor + MediaTime(microseconds: current.duration.microseconds / 2)), at: now)
        stepAnchor = anchor
        return effects
    }

    /// After a frame step, while paused: the exact time of the frame on screen, which the
    /// bar's minutes and seconds cannot tell apart from its neighbours'.
    public var steppedFrameLabel: String? {
        guard stepAnchor != nil, !awaitingFirstFrame, !snapshot.isPlaying, let current else { return nil }
        return "frame at \(current.time.preciseClockString)"
    }

    /// Puts `replacement` (or nothing) where the picture's pipeline was: it starts from the
    /// time heard, the old one stops and gives back the picture it had waiting, and the
    /// frame bookkeeping starts again. Returns the time it starts from. (A page's picture
    /// in another format, a visualiser chosen or dropped.)
    @discardableResult
    func replacePicturePipeline(with replacement: VideoPipeline?, at now: HostTime) -> MediaTime {
        let target = masterTime(at: now)
        if let replacement {
            _ = replacement.seek(to: target)
            replacement.start()
        }
        if let old = pipeline {
            if let image = pending?.image { old.frames.recycle(image) }
            old.stop()
        }
        pipeline = replacement
        pending = nil
        lastTaken = nil
        endOfStream = false
        steeredLightening = .none
        catchUp.restart(at: now)
        return target
    }
}
