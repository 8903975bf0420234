import InsetCore
import InsetPlayback

/// mpv's watch_later files (`WatchLaterStore`, docs/mpv.md "watch_later"): when mpv reads,
/// writes and removes them, in the director's terms. mpv 0.35 (player/configfiles.c) reads
/// a file's entry when it loads and removes it then, and writes one on `quit` with
/// `--save-position-on-quit` (also on `stop` and `loadfile … replace`), never at a file's
/// end nor on `playlist-next`: so a file watched to its end, or left for the next, starts
/// at 0 next time, and one quit part-way starts where it was.
extension Director {
    /// `media`'s entry in the folder, unless `--no-resume-playback`.
    func watchLaterEntry(for media: Playback.Media) -> WatchLaterEntry? {
        guard options.resumes, let store = options.watchLater else { return nil }
        return store.entry(for: media.path)
    }

    /// Where the folder says `media` starts: not with a `--start` of the command line (mpv
    /// keeps the command line's), not for live input, not at or past the end.
    func watchLaterStart(for media: Playback.Media) -> MediaTime? {
        guard options.start == nil, !media.info.isLive, let start = watchLaterEntry(for: media)?.start else { return nil }
        if let end = media.info.playableRange.end, start >= end { return nil }
        return start
    }

    /// `media` has started: its file goes, as mpv removes it once loaded.
    func forgetWatchLater(of media: Playback.Media) {
        guard options.resumes, let store = options.watchLater else { return }
        store.forget(media.path)
    }

    /// The player is quitting with `video` open: its position goes to the folder when
    /// `--save-position-on-quit` asks, with no start for live input (mpv: "Not seekable, or
    /// time unknown - not saving position") and not at all for a file that played to its end
    /// (mpv has no `quit` then: the list ran out).
    func saveWatchLater(of video: Playback) {
        guard let store = options.watchLater, store.savesOnQuit, !video.info.isStillImage else { return }
        let snapshot = video.snapshot
        guard !snapshot.isFinished else { return }
        let delay = video.sound?.delay ?? .zero
        store.write(WatchLaterEntry(start: video.range.isLive ? nil : snapshot.position, audioDelay: delay == .zero ? nil : delay),
                    for: video.path)
    }
}
