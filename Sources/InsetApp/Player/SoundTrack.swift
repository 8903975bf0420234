import Foundation
import InsetAudio
import InsetCore
import InsetMedia

/// The sound of the video being played: the audio pipeline decoding into the output's ring,
/// and the output device, whose position is the master clock while it plays (as ffplay's
/// audio clock is).
///
/// Threads: made and driven on the UI thread; the audio decode thread writes into the
/// ring, SDL's thread reads it. Events from the decode thread arrive through `events`.
final class SoundTrack {
    let output: AudioOutput
    let pipeline: AudioPipeline
    private let events = EventBox()

    /// What a video plays with: sound on or off, how loud.
    struct Options: Sendable {
        var muted = false
        var volume = 100
        /// The language of the track to play (`--audio-lang`), when the file has it.
        var language: String?
    }

    /// Opens the device for the file's sound and the pipeline that feeds it. Throws
    /// `AudioError` (no device) or `AudioStreamError`/`MediaError` (no playable sound); the
    /// caller then plays without sound and says why once.
    init(demuxer: Demuxer, audio: AudioStreamInfo, options: Options) throws {
        // The track in the language asked for (`--audio-lang`), else the container's choice.
        let chosen = options.language.flatMap { wanted in demuxer.source.audioTracks.first { $0.speaks(wanted) } }
        let audio = chosen?.stream ?? audio
        let wanted = AudioFormat(sampleRate: max(1, audio.sampleRate), channels: max(1, audio.channels))
        output = try AudioOutput(wanted: wanted, options: .init(volume: options.volume, muted: options.muted))
        let events = self.events
        do {
            pipeline = try AudioPipeline(demuxer: demuxer, track: chosen.map { Int32($0.stream.index) }, sink: output.ring) {
                events.post($0)
            }
        } catch {
            output.close()
            throw error
        }
    }

    func start() { pipeline.start() }

    func stop() {
        pipeline.stop()
        output.close()
    }

    func play() {
        pipeline.setPaused(false)
        output.pause(false)
    }

    func pause() {
        output.pause(true)
        pipeline.setPaused(true)
    }

    /// Moves the sound to `time` (a file played without a picture); the old serial's
    /// samples are never played.
    func seek(to time: MediaTime) {
        guard let (serial, _) = pipeline.seek(to: time) else { return }
        follow(serial: serial)
    }

    /// Goes on to the next sound track (after the last, the first) from `time`, the time
    /// heard now: the old track's samples still waiting are dropped. Returns the track's
    /// place and label ("audio 2/3: fra, Commentary"); nil when there is only one.
    func nextTrack(at time: MediaTime) -> String? {
        let tracks = pipeline.tracks
        guard tracks.count > 1 else { return nil }
        let next = (pipeline.currentTrack + 1) % tracks.count
        let serial = pipeline.switchTrack(to: next, at: time)
        output.flush(serial: serial)
        events.begin(serial: serial)
        stall = nil
        return "audio \(next + 1)/\(tracks.count): \(tracks[next].label)"
    }

    /// The track heard, as `nextTrack` says it; nil when there is only one.
    var trackLabel: String? {
        let tracks = pipeline.tracks
        guard tracks.count > 1 else { return nil }
        return "audio \(pipeline.currentTrack + 1)/\(tracks.count): \(tracks[pipeline.currentTrack].label)"
    }

    /// The picture's pipeline moved the input both read (seek `serial`): the sound goes
    /// with it, and the old serial's samples are never played.
    func follow(serial: Int) {
        pipeline.followSeek()
        output.flush(serial: serial)
        events.begin(serial: serial)
        stall = nil
    }

    /// Whether the sound holds the end of playback, and until when (see `PlaybackEnd`).
    var progress: SoundProgress { events.progress }

    /// The time of the sample the listener hears now; nil while the device has not played
    /// any sample of the current serial yet (just opened or sought), or once the last
    /// sample has been heard (its clock would stand still while the picture goes on).
    ///
    /// The decoder writing its last sample is not the end: the ring and the device still
    /// hold a few hundred milliseconds, and the clock runs on through them.
    func clockTime(at now: HostTime) -> MediaTime? {
        switch events.progress {
        case .absent, .decoded(lastTime: nil): return nil
        case .decoding: return output.clockTime(at: now)
        case .decoded(let last?):
            guard let heard = output.clockTime(at: now) else { return nil }
            // The clock stops at the last sample written; microsecond rounding of segment
            // times may leave it a hair short of `last`.
            if heard >= last - Self.endTolerance { return nil }
            return hasStalled(at: heard, now: now) ? nil : heard
        }
    }

    /// Within this of the last sample's end, the last sample has been heard.
    static let endTolerance = MediaTime.milliseconds(2)

    /// Where the ended sound's clock last moved, and when.
    private var stall: (heard: MediaTime, since: HostTime)?

    /// An ended sound whose clock has not moved for a quarter second will not move again
    /// (its device stopped short of the last sample): the system clock takes over rather
    /// than leaving playback waiting for an end that never comes.
    private func hasStalled(at heard: MediaTime, now: HostTime) -> Bool {
        guard let stall, stall.heard == heard else {
            self.stall = (heard, now)
            return false
        }
        return now.elapsed(since: stall.since) >= .milliseconds(250)
    }

    /// A reason the sound stopped for good (undecodable audio), once.
    func takeFailure() -> String? { events.takeFailure() }

    var isMuted: Bool { output.isMuted }
    var volume: Int { output.volume }
    func setMuted(_ muted: Bool) { output.setMuted(muted) }
    func setVolume(_ volume: Int) { output.setVolume(volume) }
    func setSpeed(_ speed: PlaybackSpeed) { pipeline.setSpeed(speed) }
}

/// Events from the audio decode thread, kept for the UI thread to read.
private final class EventBox: @unchecked Sendable {
    private let lock = NSLock()
    /// The serial of the last seek: an end reported for an older one is news of a
    /// position left behind.
    private var serial = 0
    private var ended = false
    private var lastTime: MediaTime?
    private var failed = false
    private var failure: String?

    func post(_ event: AudioPipeline.Event) {
        lock.withLock {
            switch event {
            case .endOfStream(let endedSerial, let last):
                guard endedSerial >= serial else { return }
                ended = true
                lastTime = last
            case .failed(let reason): failure = reason; failed = true
            }
        }
    }

    var progress: SoundProgress {
        lock.withLock { failed ? .absent : ended ? .decoded(lastTime: lastTime) : .decoding }
    }

    /// A seek to `serial`: the sound goes on from there (a failure stays).
    func begin(serial: Int) {
        lock.withLock { self.serial = serial; ended = false; lastTime = nil }
    }
    func takeFailure() -> String? {
        lock.withLock { defer { failure = nil }; return failure }
    }
}
