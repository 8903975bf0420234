import InsetCore
import InsetMedia

/// What the network does to a playing video, as the user is told: the picture waiting for
/// its input ("buffering…" on the bar) and an input cut before its end (one notice).
///
/// Starvation is judged from the frame queue and the clock only, not from how the input
/// is read, so a demuxer with packet queues of its own can feed `buffering` later
/// (with how much it holds) without this changing.
extension Playback {
    /// One look per tick: playing (as the user asked: the clock itself stops while it
    /// waits), not at the end, no frame waiting and none queued. The clock and the sound
    /// hold while it waits and go on when a frame comes.
    func watchInput(of pipeline: VideoPipeline, at now: HostTime) {
        let playing = machine.snapshot.isPlaying
        let starved = playing && !endOfStream && !hasPendingFrame && pipeline.frames.count == 0
        let before = buffering.buffered
        if buffering.observe(starved: starved, buffered: pipeline.demuxer.bufferedAhead, at: now) { bufferingChanged = true }
        // What is buffered grows while the bar says so: said again at each tenth of a second.
        if buffering.isBuffering, before.map({ $0.microseconds / 100_000 }) != buffering.buffered.map({ $0.microseconds / 100_000 }) {
            bufferingChanged = true
        }
        noteRefusedDocuments(of: pipeline)
        if buffering.isBuffering {
            holdForInput(true, at: now)
        } else if heldForInput && playing && !starved {
            holdForInput(false, at: now)
        }
    }

    /// Whether the bar's buffering state changed since the last call.
    public func takeBufferingChange() -> Bool {
        defer { bufferingChanged = false }
        return bufferingChanged
    }

    /// At the end of the picture's input: whether a read failed there (the connection was
    /// reset and the reconnects could not heal it) rather than the stream ending.
    func noteCut(of pipeline: VideoPipeline) {
        guard cutNotice == nil, let reason = pipeline.inputCut else { return }
        let at = current?.time ?? machine.snapshot.position
        cutNotice = "the stream was cut at \(at.clockString) (\(reason)); what had arrived was played"
    }

    /// A playlist reload the input refused (`OpenGuard`: too big, or naming variants), said
    /// once when it happens: the stream plays what it read and ends when that runs out.
    func noteRefusedDocuments(of pipeline: VideoPipeline) {
        guard !refusalSaid else { return }
        let (count, why) = pipeline.refusedDocuments
        guard count > 0 else { return }
        refusalSaid = true
        cutNotice = "a reload of its playlist was refused (\(why)); what had arrived plays on"
    }

    /// The cut notice, once.
    public func takeCutNotice() -> String? {
        defer { cutNotice = nil }
        return cutNotice
    }
}
