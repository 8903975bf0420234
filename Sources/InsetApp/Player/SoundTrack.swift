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
    }

    /// Opens the device for the file's sound and the pipeline that feeds it. Throws
    /// `AudioError` (no device) or `AudioStreamError`/`MediaError` (no playable sound); the
    /// caller then plays without sound and says why once.
    init(path: String, audio: AudioStreamInfo, options: Options, interrupt: MediaInterrupt = MediaInterrupt()) throws {
        let wanted = AudioFormat(sampleRate: max(1, audio.sampleRate), channels: max(1, audio.channels))
        output = try AudioOutput(wanted: wanted, options: .init(volume: options.volume, muted: options.muted))
        let events = self.events
        do {
            pipeline = try AudioPipeline(path: path, sink: output.ring, interrupt: interrupt) { events.post($0) }
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

    /// Moves the sound to `time`; the old serial's samples are never played.
    func seek(to time: MediaTime) {
        guard let (serial, _) = pipeline.seek(to: time) else { return }
        output.flush(serial: serial)
        events.clearEnd()
    }

    /// The time of the sample the listener hears now; nil while the device has not played
    /// any sample of the current serial yet (just opened or sought), or once the sound has
    /// ended (its clock would stand still while the picture goes on).
    func clockTime(at now: HostTime) -> MediaTime? {
        if events.hasEnded { return nil }
        return output.clockTime(at: now)
    }

    /// A reason the sound stopped for good (undecodable audio), once.
    func takeFailure() -> String? { events.takeFailure() }

    var isMuted: Bool { output.isMuted }
    var volume: Int { output.volume }
    func setMuted(_ muted: Bool) { output.setMuted(muted) }
    func setVolume(_ volume: Int) { output.setVolume(volume) }
}

/// Events from the audio decode thread, kept for the UI thread to read.
private final class EventBox: @unchecked Sendable {
    private let lock = NSLock()
    private var ended = false
    private var failure: String?

    func post(_ event: AudioPipeline.Event) {
        lock.withLock {
            switch event {
            case .endOfStream: ended = true
            case .failed(let reason): failure = reason; ended = true
            }
        }
    }

    var hasEnded: Bool { lock.withLock { ended } }
    func clearEnd() { lock.withLock { ended = false } }
    func takeFailure() -> String? {
        lock.withLock { defer { failure = nil }; return failure }
    }
}
