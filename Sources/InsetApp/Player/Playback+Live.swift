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

    /// Whether the picture may seek: live input seeks within what it kept of its past, but
    /// its sound cannot follow (it is read afresh by its own source), so live input with
    /// sound does not skip at all rather than play the picture against the wrong sound.
    var pictureCanSeek: Bool { !range.isLive || sound == nil }
}
