import InsetCore
import InsetPlayback

extension Director {
    /// Where `--start` puts `media`: a time from the start as given; `-T`, `N%` and `#C`
    /// (mpv's forms) counted on the file's playable range and chapters, known once it is
    /// open. Nil without `--start`, for `none`, and where the file has no end to count back
    /// from (live) or not that chapter: it plays from its start.
    func startPosition(in media: Playback.Media) -> MediaTime? {
        guard let start = options.start else { return nil }
        if case .fromStart(let time) = start { return time }
        let range = media.info.playableRange
        guard let offset = start.resolved(duration: range.duration, chapterStarts: media.info.chapters.map { $0.start - range.start })
        else { return nil }
        return range.start + offset
    }
}
