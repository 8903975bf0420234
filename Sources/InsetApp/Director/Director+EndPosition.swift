import InsetCore
import InsetPlayback

extension Director {
    /// Where `--end` ends `media`, as `startPosition(in:)` reads `--start`: a time from the
    /// start as given; mpv's `-T`, `N%` and `#C` counted on the file's playable range and
    /// chapters, known once it is open. Nil without `--end`, for `none`, and where the file
    /// has no end to count back from (live) or not that chapter: it plays to its end.
    func endPosition(in media: Playback.Media) -> MediaTime? {
        guard let end = options.end else { return nil }
        if case .fromStart(let time) = end { return time }
        let range = media.info.playableRange
        guard let offset = end.resolved(duration: range.duration, chapterStarts: media.info.chapters.map { $0.start - range.start })
        else { return nil }
        return range.start + offset
    }
}
