import InsetCore

extension App {
    /// End or l: a live video, full screen or in the focused window, jumps to the newest
    /// frame read, the live edge. False otherwise, so the key goes on as before (End
    /// selects the last file in the library).
    func jumpToLiveEdge(at now: HostTime) -> Bool {
        guard focus == .pip && pip != nil || screen == .player, let video = focusedPlayback, video.range.isLive
        else { return false }
        if let target = video.liveEdgeTarget { perform(video.send(.seek(to: target), at: now), at: now) }
        show(message: "live", at: now)
        return true
    }
}
