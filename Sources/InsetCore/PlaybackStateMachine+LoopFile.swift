extension PlaybackStateMachine {
    /// mpv's `loop-file` set while the file plays (invidtui's repeat mode): it loops for
    /// ever, `count` more times, or not at all, from now; the plays already made are forgotten.
    public mutating func setLoopFile(_ loops: Bool, count: Int?) {
        configuration.loops = loops
        configuration.loopCount = count
        loopsDone = 0
    }
}

extension PlaybackStateMachine {
    /// The plays again left (mpv's `loop-file` as it counts down): nil while it loops for
    /// ever, or does not loop.
    public var loopsLeft: Int? {
        guard configuration.loops else { return nil }
        return configuration.loopCount.map { max(0, $0 - loopsDone) }
    }
}
