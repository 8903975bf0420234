import InsetCore

/// The sound at another speed: between the resampler and the sink, FFmpeg's `atempo`
/// (`AudioTempo`) stretches the samples, and each run it gives out is stamped with the
/// media time it covers: the time of the first sample pushed since the filter started, plus
/// the filter's lead (`AudioTempo.lead`), plus `speed` times the length of what came out
/// before it.
extension AudioDecodeLoop {
    /// The filter and where its output stands in the media.
    struct TempoStage {
        let filter: AudioTempo
        /// The media time of the first sample out: the first pushed, plus the lead; nil
        /// until one is pushed.
        var start: MediaTime?
        /// Frames given out since `start`.
        var outFrames = 0
        /// The time of the first sample pushed, and the frames pushed since: where the next
        /// push should begin if the input runs on without a gap.
        var inputStart: MediaTime?
        var inFrames = 0
    }

    /// A jump in the input's times larger than this (a corrupt packet dropped, a gap in a
    /// capture's audio) starts the filter again from the new time, as 1× stamps every run
    /// afresh; smaller differences are timestamp rounding.
    static let tempoGapTolerance = MediaTime.milliseconds(20)

    var speed: PlaybackSpeed { tempo?.filter.speed ?? .normal }

    /// Takes up the speed asked for: what the old filter still holds goes out at the old
    /// speed, stamped so, then a filter for the new one; the stamps run on continuously.
    mutating func followSpeed(waitForRoom: () -> Bool) -> Outcome {
        let wanted = wantedSpeed()
        guard wanted != speed else { return .running }
        drainTempo(waitForRoom: waitForRoom)
        return startTempo(at: wanted)
    }

    /// A seek: what the filter holds belongs to the old position; a new one starts empty.
    mutating func restartTempo() {
        guard tempo != nil else { return }
        _ = startTempo(at: speed)
    }

    mutating func startTempo(at wanted: PlaybackSpeed) -> Outcome {
        tempo = nil
        guard !wanted.isNormal else { return .running }
        do {
            tempo = TempoStage(filter: try AudioTempo(speed: wanted, format: sink.format, path: source.info.path))
            return .running
        } catch {
            return .failed((error as? AudioStreamError)?.reason ?? "\(error)")
        }
    }

    /// Pushes frames whose first plays at `pts` through the filter and offers what comes out.
    mutating func stretch(_ samples: UnsafePointer<Float>, frames: Int, pts: MediaTime,
                          waitForRoom: () -> Bool) -> WriteOutcome {
        guard frames > 0, let current = tempo else { return .written }
        let format = sink.format
        if let inputStart = current.inputStart,
           abs((pts - (inputStart + format.duration(ofFrames: current.inFrames))).microseconds) > Self.tempoGapTolerance.microseconds {
            // The filter's stamps count from its first sample: after a gap they would run
            // early by the gap for the rest of the file. What it holds goes out, and a new
            // one starts at the new time.
            drainTempo(waitForRoom: waitForRoom)
            if case .failed(let reason) = startTempo(at: current.filter.speed) { return .failed(reason) }
        }
        guard var stage = tempo else { return .written }
        if stage.start == nil {
            stage.start = pts + AudioTempo.lead(for: stage.filter.speed, sampleRate: format.sampleRate)
            stage.outFrames = 0
            stage.inputStart = pts
            stage.inFrames = 0
        }
        do { try stage.filter.push(samples, frames: frames) } catch {
            return .failed((error as? AudioStreamError)?.reason ?? "\(error)")
        }
        stage.inFrames += frames
        tempo = stage
        return offerStretched(waitForRoom: waitForRoom) ? .written : .interrupted
    }

    /// The end of the input, or of this speed: the filter's last samples go out.
    mutating func drainTempo(waitForRoom: () -> Bool) {
        guard let stage = tempo, stage.start != nil else { return }
        stage.filter.finish()
        _ = offerStretched(waitForRoom: waitForRoom)
    }

    /// Offers every run the filter has ready. False when a pending request or a stale serial
    /// stopped it (the rest is dropped: the seek that follows starts the filter again).
    private mutating func offerStretched(waitForRoom: () -> Bool) -> Bool {
        guard let stage = tempo, let start = stage.start else { return true }
        let speed = stage.filter.speed, format = sink.format
        var out = stage.outFrames
        var delivered = true
        stage.filter.pull { samples, count in
            let at = start + speed.media(inWall: format.duration(ofFrames: out))
            out += count
            delivered = offer(samples, frames: count, pts: at, speed: speed, waitForRoom: waitForRoom)
            return delivered
        }
        tempo?.outFrames = out
        return delivered
    }
}
