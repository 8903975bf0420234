/// Where the sound stands, as far as the end of playback is concerned.
public enum SoundProgress: Equatable, Sendable {
    /// No sound plays (none in the file, no device, or it failed): it does not hold the end.
    case absent
    /// The decoder is still writing: where the sound ends is not known yet.
    case decoding
    /// Every sample is written; the last one ends at `lastTime` (nil: nothing was written).
    case decoded(lastTime: MediaTime?)
}

/// The end of playback is the end of the longest stream that plays: the last frame's end
/// when the picture is longer, the last sample's end when the sound is (the last picture
/// stays meanwhile). Pure, so the rule is tested without a file.
public enum PlaybackEnd {
    /// Whether the master clock has passed the end. `pictureEnd` is where the last frame's
    /// time on screen ends, nil while frames are still to come.
    public static func isReached(master: MediaTime, pictureEnd: MediaTime?, sound: SoundProgress) -> Bool {
        guard let end = time(pictureEnd: pictureEnd, sound: sound) else { return false }
        return master >= end
    }

    /// The time playback ends at, once both streams' ends are known; nil before.
    public static func time(pictureEnd: MediaTime?, sound: SoundProgress) -> MediaTime? {
        guard let pictureEnd else { return nil }
        switch sound {
        case .absent, .decoded(lastTime: nil): return pictureEnd
        case .decoding: return nil
        case .decoded(let lastTime?): return max(pictureEnd, lastTime)
        }
    }
}
