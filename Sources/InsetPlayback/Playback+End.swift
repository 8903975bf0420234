import InsetCore

/// The end of playback: once the picture and the sound have both had their time, the
/// machine decides (quit, loop, stay on the last frame).
extension Playback {
    /// Where the last frame's time on screen ends, once the picture has ended.
    var pictureEnd: MediaTime? {
        guard endOfStream, pending == nil else { return nil }
        return current.map { $0.time + $0.duration } ?? .zero
    }

    /// At the end of playback, once the last frame has had its time on screen and the
    /// last sample has been heard (the longer of the two streams), the machine decides
    /// (quit, loop, or stay on the last frame); its effects are returned.
    public func checkEnd(at now: HostTime) -> [PlaybackEffect] {
        if let stopAt, !endReported, !snapshot.isFinished, masterTime(at: now) >= stopAt {
            endReported = true
            return send(.reachedEnd, at: now)
        }
        if isSoundOnly {
            guard !endReported, let end = range.end, masterTime(at: now) >= end || (sound == nil && clock.time(at: now) >= end)
            else { return [] }
            endReported = true
            return send(.reachedEnd, at: now)
        }
        guard endOfStream, pending == nil, !endReported, !awaitingFirstFrame, !isStillImage, failure == nil else { return [] }
        guard PlaybackEnd.isReached(master: masterTime(at: now), pictureEnd: pictureEnd, sound: sound?.progress ?? .absent)
        else { return [] }
        endReported = true
        return send(.reachedEnd, at: now)
    }

    /// The end, by the app's own account (gapless: the next file's first sample was heard
    /// before this one's end was seen): told to the machine once, as `checkEnd` tells it.
    public func reportEnd(at now: HostTime) -> [PlaybackEffect] {
        guard !endReported else { return [] }
        endReported = true
        return send(.reachedEnd, at: now)
    }
}
