import InsetCore
import InsetMedia

/// Text subtitles drawn into the picture by libass, in the pixel modes: the frame is
/// encoded with its subtitle, so no text row cuts the picture (the director draws no
/// subtitle plane then, `Director.appendSubtitlePlanes`).
extension PlaybackSubtitles {
    /// Whether the text of the track shown goes into the picture: pixel modes, a text track
    /// whose ASS header is known (its decoder opened), and libass at hand.
    public var drawsStyledText: Bool {
        guard drawsTextIntoPicture, let track = selection.current, !track.isBitmap else { return false }
        return store.styleHeader(track: track.id) != nil
    }

    /// Draws the text cues of `track` shown at `time` into `image` with libass. UI thread,
    /// once per frame shown, as the picture subtitles are blended.
    func burnStyled(_ track: SubtitleTrack, into image: RGBImage, at time: MediaTime) {
        guard drawsTextIntoPicture, let header = store.styleHeader(track: track.id) else { return }
        let cues = store.active(track: track.id, at: time).filter { !$0.assEvents.isEmpty }
        burnedEvents = cues.map(\.assEvents)
        if cues.isEmpty && styledRenderer == nil { return }
        if styledRenderer == nil { styledRenderer = SubtitleRenderer(fonts: fonts) }
        styledRenderer?.look = textStyle
        // `--sub-ass-override=strip`: the words alone, in the plain style, as mpv's shadow track.
        if textStyle.override == .strip {
            styledRenderer?.draw(cues.map { PlainAssScript.cue($0, top: false) }, header: PlainAssScript.header,
                                 converted: true, at: time, into: image)
        } else {
            // SRT, WebVTT and mov_text come through libavcodec's header: mpv's plain style is theirs.
            let converted = !PlaybackSubtitles.styledCodecs.contains(track.codec)
            styledRenderer?.draw(cues, header: header, converted: converted, at: time, into: image)
        }
    }

    /// Whether the cues shown at `time` differ from those drawn into the frame on screen:
    /// a cue the decoder delivered after the frame (as after a seek while paused). Says so
    /// once per change: what it found is taken as drawn, the frame being decoded again.
    public func styledCuesChanged(at time: MediaTime) -> Bool {
        let secondaryChanged = secondaryCuesChanged(at: time)
        guard drawsStyledText, let track = selection.current else { return secondaryChanged }
        let events = store.active(track: track.id, at: time - delay).filter { !$0.assEvents.isEmpty }.map(\.assEvents)
        guard events != burnedEvents else { return secondaryChanged }
        burnedEvents = events
        return true
    }
}
