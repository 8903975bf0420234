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
public final class SoundTrack {
    public let output: AudioOutput
    /// The pipeline heard now; replaced when `a` moves to a track of another input.
    public private(set) var pipeline: AudioPipeline
    private let events = SoundEventBox()
    /// The picture's demuxer: a seek of it moves the sound too when the sound reads it.
    private let pictureDemuxer: Demuxer
    /// A second input whose sound is heard beside the picture (a site's separate stream,
    /// `--audio-file`); its demuxer is this track's to stop.
    private let separate: Demuxer?
    /// Every sound track `a` goes through: the picture's input's own, then the separate one.
    private let choices: [Choice]
    private var current: Int
    /// The newest serial the output was flushed to: a pipeline on another input starts above it.
    var lastSerial = 0
    public private(set) var speed = PlaybackSpeed.normal
    /// The format asked of the device for this sound (what the file has).
    public let wanted: AudioFormat
    /// Whether `stop` closes the output: false while this track is queued behind another's
    /// sound in that one's output (`SoundTrack+Gapless`), until it takes the output over.
    var ownsOutput = true
    /// This track's first serial while its sound waits in the ring behind another's.
    var queuedSerial: Int?
    /// The next file's sound, queued behind this one's in its output.
    public var successor: SoundTrack?
    private var started = false

    public struct Choice {
        public var demuxer: Demuxer
        /// The stream heard; nil for the input's best.
        public var stream: Int32?
        public var label: String
    }

    /// What a video plays with: sound on or off, how loud.
    public struct Options: Sendable {
        public var muted = false
        public var volume = 100
        /// The language of the track to play (`--audio-lang`), when the file has it.
        public var language: String?
        /// `--audio-device`: the device, when this sound is the first to open one.
        public var device: String?

        public init(muted: Bool = false, volume: Int = 100, language: String? = nil, device: String? = nil) {
            self.muted = muted
            self.volume = volume
            self.language = language
            self.device = device
        }
    }

    /// Opens the device for the sound and the pipeline that feeds it: the separate input's
    /// sound when there is one (it is heard first, as mpv hears `--audio-file`), else the
    /// picture's input's. Throws `AudioError` (no device) or `AudioStreamError`/`MediaError`
    /// (no playable sound); the caller then plays without sound and says why once.
    /// `following`: another track's output this one is to be written into, behind that
    /// one's sound (`queue(behind:)`), when `gapless` allows for the two formats; else it
    /// throws `GaplessRefusal`.
    init(demuxer: Demuxer, separate source: MediaSource? = nil, options: Options, following: Following? = nil) throws {
        pictureDemuxer = demuxer
        var choices = demuxer.source.audioTracks.map { Choice(demuxer: demuxer, stream: Int32($0.stream.index), label: $0.label) }
        if choices.isEmpty, demuxer.source.info.audio != nil { choices = [Choice(demuxer: demuxer, stream: nil, label: "audio")] }
        var first: Int?
        if let source {
            guard source.info.audio != nil else { throw AudioStreamError.noAudioStream(path: source.info.path) }
            let separate = Demuxer(source: source)
            separate.staysOpenWithoutLanes = true
            self.separate = separate
            let name = PrintableText.escaped(((source.info.path as NSString).lastPathComponent as NSString).deletingPathExtension)
            choices.append(Choice(demuxer: separate, stream: nil, label: "external, \(name)"))
            first = choices.count - 1
        } else {
            separate = nil
            // The track in the language asked for (`--audio-lang`), else the container's choice.
            first = options.language.flatMap { wanted in demuxer.source.audioTracks.firstIndex { $0.speaks(wanted) } }
        }
        guard !choices.isEmpty else { throw AudioStreamError.noAudioStream(path: demuxer.source.info.path) }
        let chosen = first.map { choices[$0] } ?? Choice(demuxer: demuxer, stream: nil, label: "")
        self.choices = choices
        let heard = chosen.demuxer.source.info.audio.map { audio in
            chosen.stream.flatMap { index in chosen.demuxer.source.audioTracks.first { $0.stream.index == Int(index) }?.stream } ?? audio
        }
        let wanted = AudioFormat(sampleRate: max(1, heard?.sampleRate ?? 48000), channels: max(1, heard?.channels ?? 2))
        self.wanted = wanted
        if let following, !following.mode.follows(playing: following.wanted, next: wanted) {
            separate?.stop()
            throw GaplessRefusal.format(playing: following.wanted, next: wanted)
        }
        let output = try following?.output
            ?? AudioOutput(wanted: wanted, options: .init(volume: options.volume, muted: options.muted, device: options.device))
        ownsOutput = following == nil
        let heardPipeline: AudioPipeline
        do {
            heardPipeline = try Self.pipeline(for: chosen, sink: output, events: events)
        } catch {
            if following == nil { output.close() }
            separate?.stop()
            throw error
        }
        self.output = output
        pipeline = heardPipeline
        current = first ?? choices.firstIndex { $0.demuxer === demuxer && $0.stream == Int32(heardPipeline.stream.index) } ?? 0
    }

    private static func pipeline(for choice: Choice, sink output: AudioOutput, events: SoundEventBox) throws -> AudioPipeline {
        try AudioPipeline(demuxer: choice.demuxer, track: choice.stream, sink: output.ring) { events.post($0) }
    }

    /// Starts decoding; later calls do nothing (a queued track started before its playback).
    public func start() {
        guard !started else { return }
        started = true
        pipeline.start()
    }

    public func stop() {
        dropSuccessor()
        pipeline.stop()
        separate?.stop()
        if ownsOutput { output.close() }
    }

    public func play() {
        pipeline.setPaused(false)
        output.pause(false)
    }

    public func pause() {
        output.pause(true)
        pipeline.setPaused(true)
    }

    /// Moves the sound to `time` (a file played without a picture, or a sound of its
    /// own input); the old serial's samples are never played.
    public func seek(to time: MediaTime) {
        dropSuccessor()
        guard let (serial, _) = pipeline.seek(to: time) else { return }
        flush(to: serial)
    }

    /// Goes on to the next sound track (after the last, the first) from `time`, the time
    /// heard now: the old track's samples still waiting are dropped. Returns the track's
    /// place and label ("audio 2/3: fra, Commentary") and whether the picture's input must
    /// be sought to `time` for it (back to one of its own tracks from a separate input's:
    /// its sound was not kept while another was heard); nil when there is only one.
    public func nextTrack(at time: MediaTime) -> (label: String, seekPicture: Bool)? {
        guard choices.count > 1 else { return nil }
        dropSuccessor()
        let next = (current + 1) % choices.count
        let choice = choices[next]
        var seekPicture = false
        if pipeline.reads(choice.demuxer), let index = pipeline.tracks.firstIndex(where: { Int32($0.stream.index) == choice.stream }) {
            flush(to: pipeline.switchTrack(to: index, at: time))
        } else {
            let paused = output.paused
            pipeline.stop()
            choice.demuxer.raiseSerial(above: lastSerial)
            guard let replacement = try? Self.pipeline(for: choice, sink: output, events: events) else { return nil }
            pipeline = replacement
            pipeline.setSpeed(speed)
            pipeline.setPaused(paused)
            if choice.demuxer === pictureDemuxer {
                // The picture's demuxer moves both to `time` (the caller seeks); the new
                // lane takes the seek's marker.
                seekPicture = true
            } else if let (serial, _) = pipeline.seek(to: time) {
                flush(to: serial)
            }
            pipeline.start()
        }
        current = next
        return ("audio \(next + 1)/\(choices.count): \(choice.label)", seekPicture)
    }

    /// The track heard, as `nextTrack` says it; nil when there is only one.
    var trackLabel: String? {
        guard choices.count > 1 else { return nil }
        return "audio \(current + 1)/\(choices.count): \(choices[current].label)"
    }

    /// The picture's pipeline moved its input to `target` (seek `serial`): a sound read
    /// from the same input takes the marker in its lane; a sound of its own input seeks
    /// there itself. The old serial's samples are never played.
    func follow(serial: Int, target: MediaTime) {
        dropSuccessor()
        guard pipeline.reads(pictureDemuxer) else { return seek(to: target) }
        pipeline.followSeek()
        flush(to: serial)
    }

    /// The input heard now.
    var heardDemuxer: Demuxer { choices[current].demuxer }

    /// The sound begins at `serial` without the output being flushed (queued behind another
    /// track's: `queue(behind:)`).
    func begin(serial: Int) {
        lastSerial = max(lastSerial, serial)
        events.begin(serial: serial)
    }

    private func flush(to serial: Int) {
        lastSerial = max(lastSerial, serial)
        output.flush(serial: serial)
        events.begin(serial: serial)
        stall = nil
    }

    /// Whether the sound holds the end of playback, and until when (see `PlaybackEnd`).
    public var progress: SoundProgress { events.progress }

    /// The time of the sample the listener hears now; nil while the device has not played
    /// any sample of the current serial yet (just opened or sought), or once the last
    /// sample has been heard (its clock would stand still while the picture goes on).
    ///
    /// The decoder writing its last sample is not the end: the ring and the device still
    /// hold a few hundred milliseconds, and the clock runs on through them.
    func clockTime(at now: HostTime) -> MediaTime? {
        heardTime(at: now).map { $0 + delay }
    }

    /// `--audio-delay`, `audio-delay`: the sound plays this much later than its picture
    /// (earlier when negative), as mpv's: the picture is shown at the time heard plus it.
    public var delay = MediaTime.zero

    /// The time of the sample heard now, as `clockTime` says, before the delay. Nil while
    /// the device is gone (SDL goes on calling back and throws the sound away, at a pace
    /// of its own): the system clock carries on from the last time heard.
    private func heardTime(at now: HostTime) -> MediaTime? {
        if output.deviceLost { return nil }
        // The ring is another track's, or already this one's successor's.
        if !isHeard { return nil }
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

    /// The tracks' names in the order `a` steps through them, and which is heard (the
    /// control socket's `track-list` and `aid`).
    public var trackNames: [String] { choices.map(\.label) }
    public var heardTrack: Int { current }
    public var isMuted: Bool { output.isMuted }
    public var volume: Int { output.volume }
    public func setMuted(_ muted: Bool) { output.setMuted(muted) }
    public func setVolume(_ volume: Int) { output.setVolume(volume) }
    /// The mix's level for this video: 100 when it is the one heard, the window's volume
    /// beside another.
    public var mixLevel: Int { output.mixLevel }
    public func setMixLevel(_ level: Int) { output.setMixLevel(level) }
    public func setSpeed(_ speed: PlaybackSpeed) { self.speed = speed; pipeline.setSpeed(speed) }
}
