import InsetCore
import InsetMedia

/// `--secondary-sid` in the pixel modes: the second text track drawn into the picture by a
/// libass of its own, at the top and in the plain style, as mpv draws its second track
/// (top-aligned plain text), so no text row covers the picture. In the cell modes it is the
/// plain caption in the top rows (`SubtitleOverlay`).
extension PlaybackSubtitles {
    /// The second track's text cues shown at `time` (the delay already taken off): nil when
    /// there is none to show (no second track, the one shown as first, a picture track).
    func secondaryCues(at time: MediaTime) -> [SubtitleCue]? {
        guard let index = secondary, index != selection.selected, selection.tracks.indices.contains(index),
              !selection.tracks[index].isBitmap else { return nil }
        return store.active(track: selection.tracks[index].id, at: time).filter { $0.text?.isEmpty == false }
    }

    /// Draws the second track's words shown at `time` at the top of `image`. UI thread, once
    /// per frame shown, after the first track's (`burn`).
    func burnSecondary(into image: RGBImage, at time: MediaTime) {
        guard drawsTextIntoPicture, let cues = secondaryCues(at: time) else {
            burnedSecondary = []
            return
        }
        burnedSecondary = cues.compactMap(\.text)
        if cues.isEmpty && secondaryRenderer == nil { return }
        if secondaryRenderer == nil { secondaryRenderer = SubtitleRenderer(fonts: fonts) }
        secondaryRenderer?.look = textStyle
        secondaryRenderer?.draw(cues.map { PlainAssScript.cue($0, top: true) }, header: PlainAssScript.header,
                                converted: true, at: time, into: image)
    }

    /// Whether the second track's words at `time` differ from those in the frame on screen
    /// (a cue that arrived while paused); what it found is taken as drawn.
    func secondaryCuesChanged(at time: MediaTime) -> Bool {
        guard drawsTextIntoPicture, visible else { return false }
        let words = secondaryCues(at: time - delay)?.compactMap(\.text) ?? []
        guard words != burnedSecondary else { return false }
        burnedSecondary = words
        return true
    }
}
