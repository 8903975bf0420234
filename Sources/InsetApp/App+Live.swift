import InsetCore

extension App {
    /// End or l: a live video (full screen or in the window) jumps to the newest frame read,
    /// the live edge. False when the video is not live, so the key goes on as before.
    func jumpToLiveEdge(at now: HostTime) -> Bool {
        guard let playback, playback.range.isLive, screen == .player || pip != nil else { return false }
        if let edge = playback.liveEdge { send(.seek(to: edge), at: now) }
        show(message: "live", at: now)
        return true
    }
}
