import InsetCore
import InsetMedia

/// A sound-only file's picture drawn from its sound (`Visualizer`, FFmpeg's filters): its
/// pipeline is a video's as far as the rest of the player goes (frames on the sound's
/// clock, full screen or in the window), and the `visualizer` command replaces it.
extension Playback {
    /// The visualiser drawing this file's picture; nil when none does.
    public var visualizer: Visualizer? { pipeline?.visualizer }

    /// Sound with no picture of its own: the sound-only screen, or a visualiser drawing it
    /// (gapless playback goes on from one such file to the next).
    public var isSoundAlone: Bool { isSoundOnly || visualizer != nil }

    /// Whether the picture comes from the sound: a file of sound alone with no cover.
    public var picturesSound: Bool { visualizer != nil || (isSoundOnly && cover == nil && info.audio != nil) }

    /// A music file's "artist – title" from its tags, for a file with no moving picture of
    /// its own (a video's container title is not a piece's name); nil without a title tag.
    public static func musicTitle(of info: MediaInfo) -> String? {
        guard info.video.map({ $0.isAttachedPicture }) ?? true else { return nil }
        return info.tags?.displayTitle
    }

    /// Whether the bar says the video's name: a page's title, or a piece's from its tags.
    public var namedOnBar: Bool { title != nil || Playback.musicTitle(of: info) != nil }

    /// Draws the sound with `wanted` from the time heard on (nil: the sound-only screen).
    /// False when this file's picture is not the sound's, or the filter would not open.
    public func drawSound(with wanted: Visualizer?, at now: HostTime) -> Bool {
        guard picturesSound, wanted != visualizer else { return picturesSound }
        let viewport = renderSize ?? Viewport(cells: CellSize(columns: 80, rows: 24))
        var replacement: VideoPipeline?
        if let wanted {
            replacement = Playback.visualize(path, info: info, with: wanted, viewport: viewport, allowance: allowance,
                                            interrupt: MediaInterrupt())
            guard replacement != nil else { return false }
        }
        // Not held while paused: its first picture shows at once, as after a seek.
        let target = replacePicturePipeline(with: replacement, at: now)
        current = nil
        // The next picture is shown at once and sets the clock, as after a seek.
        awaitingFirstFrame = replacement != nil
        if replacement == nil { clock.set(target, at: now) }
        note(.pictureChanged(replacement != nil), at: now)
        return true
    }
}
