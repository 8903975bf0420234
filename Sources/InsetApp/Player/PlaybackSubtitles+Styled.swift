import InsetCore
import InsetMedia

/// Text subtitles drawn into the picture by libass, in the pixel modes: the frame is
/// encoded with its subtitle, so no text row cuts the picture (the director draws no
/// subtitle plane then, `Director.appendSubtitlePlanes`).
extension PlaybackSubtitles {
    /// Whether the text of the track shown goes into the picture: pixel modes, a text track
    /// whose ASS header is known (its decoder opened), and libass at hand.
    var drawsStyledText: Bool {
        guard drawsTextIntoPicture, let track = selection.current, !track.isBitmap else { return false }
        return store.styleHeader(track: track.id) != nil
    }

    /// Draws the text cues of `track` shown at `time` into `image` with libass. UI thread,
    /// once per frame shown, as the picture subtitles are blended.
    func burnStyled(_ track: SubtitleTrack, into image: RGBImage, at time: MediaTime) {
        guard drawsTextIntoPicture, let header = store.styleHeader(track: track.id) else { return }
        let cues = store.active(track: track.id, at: time).filter { !$0.assEvents.isEmpty }
        if cues.isEmpty && styledRenderer == nil { return }
        if styledRenderer == nil { styledRenderer = SubtitleRenderer(fonts: fonts) }
        styledRenderer?.draw(cues, header: header, at: time, into: image)
    }
}
