import InsetCore
import InsetMedia

extension Playback {
    /// Live input: the newest frame read, the live edge (see `VideoPipeline.bufferedRange`);
    /// nil for a file or before the first keyframe.
    var liveEdge: MediaTime? {
        guard range.isLive else { return nil }
        return pipeline?.bufferedRange?.newest
    }

    /// Tells the machine where the live edge is, so a skip forward stops at the newest
    /// frame read rather than at the one shown; called with each frame shown.
    func reportLiveEdge(at now: HostTime) {
        guard let edge = liveEdge, edge != machine.snapshot.newestFrame else { return }
        send(.newestFrameChanged(edge), at: now)
    }

    /// Where End and l go: half a second short of the live edge, the newest frame that
    /// leaves the decoder without waiting for more input (frame threads hold the last few
    /// back), and a time the sound, with its own source and buffer, has too. Nil when
    /// playback is already there or the input is not live.
    public var liveEdgeTarget: MediaTime? {
        guard let edge = liveEdge else { return nil }
        let target = edge - VideoPipeline.liveEdgeMargin
        return target > machine.snapshot.position ? target : nil
    }
}
