import InsetCore
import InsetMedia
import InsetPlayback

/// Where each file was left: read when a file opens, kept when its video stops (closed,
/// replaced, quit). The rules are `ResumePositions`'; the file is `ResumeStore`'s.
extension Director {
    /// Where `media` starts if it was left part-way: nil with `--start` or `--no-resume`,
    /// with no store (the tests' directors), for live input, a still picture, or a file
    /// never stopped part-way (or changed since).
    func resumePosition(for media: Playback.Media) -> MediaTime? {
        guard !hasFileStart(media.path) else { return nil }
        if let start = watchLaterStart(for: media) { return start }
        guard options.resumes, options.start == nil, let store = options.resumeStore,
              !media.info.isLive, !media.info.isStillImage, let position = store.remembered(for: media.path).position
        else { return nil }
        // The file is the same (size and time), but a position past what can be played is
        // no place to start (a file cut short since it was read whole).
        if let end = media.info.playableRange.end, position >= end { return nil }
        return position
    }

    /// Stops `video` and keeps where it was for its next play (or forgets it when it was
    /// watched to the end). Every way a video is let go comes here, except a failure.
    func retire(_ video: Playback) {
        // The next file queued behind its sound goes first: the output closes with it.
        if gapless.next?.predecessor === video { cancelGapless() }
        keepPosition(of: video)
        raiseLetGo(video)
        panes.seekPreview.forget(video)
        video.stop()
    }

    /// Keeps where `video` is for its next play, and the library's Watched column with it,
    /// while it stays open: the window closed with `x` (the video paused behind it) or the
    /// file ended on its last frame. Before (issue 48 item 8) only a video let go was kept,
    /// so both waited for quit.
    func keepPosition(of video: Playback) {
        if let store = options.resumeStore, !video.range.isLive, !video.info.isStillImage {
            let snapshot = video.snapshot
            let end = video.range.end
            store.record(snapshot.isFinished ? end ?? snapshot.position : snapshot.position, end: end,
                         audioDelay: video.sound?.delay ?? .zero, for: video.path)
        }
        panes.library.refreshWatched(from: options.resumeStore)
    }

    /// The delay `media`'s sound starts with: the one it was last played with (unless
    /// `--no-resume`), else `--audio-delay`'s.
    func audioDelay(for media: Playback.Media) -> MediaTime {
        if let delay = watchLaterEntry(for: media)?.audioDelay { return delay }
        guard options.resumes, let store = options.resumeStore, !media.info.isLive,
              let remembered = store.remembered(for: media.path).audioDelay else { return options.audioDelay }
        return remembered
    }
}
