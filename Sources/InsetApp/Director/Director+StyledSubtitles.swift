import InsetCore

/// libass's subtitles in the pixel modes are part of the frame (`PlaybackSubtitles.burnStyled`),
/// drawn as it goes on screen. Playing, the next frame brings a change within a frame's time;
/// paused, nothing would: the frame is decoded again when its cues change.
extension Director {
    /// A paused video whose cues changed since its frame was drawn (a cue that arrived from
    /// the decoder after the frame, after a seek or at start) decodes that frame again.
    func redrawStyledSubtitlesWhilePaused(at now: HostTime) {
        videos.forEach { video in
            guard !video.snapshot.isPlaying, let subtitles = video.subtitles, let frame = video.current,
                  subtitles.styledCuesChanged(at: frame.time) else { return }
            video.decodeCurrentFrameAgain(at: now)
        }
    }
}
