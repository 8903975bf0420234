/// The shape of the PCM samples that travel from the audio decoder to the sound device:
/// interleaved 32-bit floats, `channels` per frame, `sampleRate` frames a second.
///
/// The output decides it (it is what the device accepted); the decoder converts to it.
public struct AudioFormat: Hashable, Sendable, CustomStringConvertible {
    public var sampleRate: Int
    public var channels: Int

    public init(sampleRate: Int, channels: Int) {
        precondition(sampleRate > 0 && channels > 0, "an audio format needs a rate and channels")
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// Bytes of one frame (one float per channel).
    public var bytesPerFrame: Int { channels * MemoryLayout<Float>.size }

    /// How long `frames` frames play.
    public func duration(ofFrames frames: Int) -> MediaTime {
        MediaTime(microseconds: Int64(frames) * 1_000_000 / Int64(sampleRate))
    }

    /// How many frames play in `duration` (rounded to the nearest frame).
    public func frames(in duration: MediaTime) -> Int {
        Int((duration.microseconds * Int64(sampleRate) + 500_000) / 1_000_000)
    }

    public var description: String { "\(sampleRate) Hz, \(channels) ch, f32" }
}

/// What a sink did with the samples it was offered.
public enum AudioSinkResult: Equatable, Sendable {
    /// Took the first `frames` frames (0 when it is full: offer the rest again later).
    case accepted(frames: Int)
    /// The samples belong to a seek that has been superseded: drop them, do not retry.
    case stale
    /// The sink is closed for good.
    case closed
}

/// Where decoded audio goes: the audio output's ring buffer, seen from the decoder's side.
///
/// It lives here, in the pure core, so the media module (FFmpeg) can feed the audio module
/// (SDL) without either importing the other. `write` never blocks: the decoder owns the
/// waiting, so a seek or a stop reaches it while the sink is full.
public protocol AudioSink: AnyObject, Sendable {
    /// The format `write` expects.
    var format: AudioFormat { get }

    /// Offers interleaved frames whose first one plays at `pts`, tagged with the seek
    /// `serial` they were decoded for, each frame `speed` times its own length of media (2×
    /// sound holds two frames of the media in each frame played). Called from the decode
    /// thread only.
    func write(_ samples: UnsafeRawBufferPointer, pts: MediaTime, serial: Int, speed: PlaybackSpeed) -> AudioSinkResult
}

extension AudioSink {
    /// Frames at normal speed.
    public func write(_ samples: UnsafeRawBufferPointer, pts: MediaTime, serial: Int) -> AudioSinkResult {
        write(samples, pts: pts, serial: serial, speed: .normal)
    }
}
