import InsetCore
import InsetPlayback

/// A seek being found before it is made (ARCHITECTURE.md, "Seek preview"): a held seek
/// key, a press and drag along a progress line, the pointer over one. The held key's
/// timing is `SeekScrub`'s; what the user sees is `SeekPreview`'s.
struct Scrubbing {
    var keys = SeekScrub()
    /// The video a held key moves the target of, and where its progress line is.
    weak var keyVideo: Playback?
    var keyPlace = SeekPreview.Place.fullScreen
    /// The progress line a press began a drag on, until its release.
    var drag: SeekPreview.Place?
}

/// A progress line on screen: whose, where on the screen, and how wide its video is there.
struct ProgressLineSpot {
    let place: SeekPreview.Place
    let video: Playback
    let line: CellRect
    let videoColumns: Int

    /// The time at `column` of the line, clamped to its ends.
    func time(atColumn column: Int) -> MediaTime? { ProgressLine.time(atColumn: column, of: line, in: video.snapshot) }

    /// The line's column of `time`.
    func column(of time: MediaTime) -> Int {
        line.minColumn + (ProgressLine.column(of: time, in: video.snapshot, columns: line.size.columns) ?? 0)
    }
}
