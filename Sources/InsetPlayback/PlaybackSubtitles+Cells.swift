import InsetCore

/// What a cell plane shows of the subtitles at a time: the words, and for an ASS/SSA track
/// the header and events they came from, so cells keep each event's place, colour and
/// emphasis (`StyledSubtitleLayout`). Other text codecs (SRT, WebVTT, mov_text) reach
/// libass as events too, with a header of libavcodec's default style; in cells they keep
/// the plain bottom-centred caption they always had.
public struct SubtitleWords: Equatable, Sendable {
    public var text: String
    /// The track's ASS header, nil for a plain track.
    public var styleHeader: String?
    /// The events on screen ("Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text").
    public var events: [String]
    /// The `--secondary-sid` track's words, shown at the top as plain text; nil for none.
    public var secondary: String?

    public init(text: String, styleHeader: String? = nil, events: [String] = [], secondary: String? = nil) {
        self.text = text; self.styleHeader = styleHeader; self.events = events; self.secondary = secondary
    }
}

extension PlaybackSubtitles {
    /// The codecs whose styles and places were written by their author.
    static let styledCodecs: Set = ["ass", "ssa"]

    /// The words on screen at `time` (`text(at:)`), with the events that place and colour
    /// them when the track is ASS/SSA; nil when nothing shows.
    public func words(at time: MediaTime) -> SubtitleWords? {
        let secondary = secondaryText(at: time)
        guard let text = text(at: time) else { return secondary.map { SubtitleWords(text: "", secondary: $0) } }
        guard let track = selection.current, PlaybackSubtitles.styledCodecs.contains(track.codec),
              let header = store.styleHeader(track: track.id) ?? track.styleHeader else {
            return SubtitleWords(text: text, secondary: secondary)
        }
        let events = store.active(track: track.id, at: time - delay).flatMap(\.assEvents)
        return SubtitleWords(text: text, styleHeader: events.isEmpty ? nil : header, events: events, secondary: secondary)
    }

    /// The words of the `--secondary-sid` track at `time`, as plain text: nil when it is the
    /// track shown, a picture track, hidden, between its cues, or drawn into the picture by
    /// libass (pixel modes, `burnSecondary`).
    public func secondaryText(at time: MediaTime) -> String? {
        guard visible, !drawsTextIntoPicture, let index = secondary, index != selection.selected, selection.tracks.indices.contains(index),
              !selection.tracks[index].isBitmap else { return nil }
        let words = store.active(track: selection.tracks[index].id, at: time - delay).compactMap(\.text).filter { !$0.isEmpty }
        return words.isEmpty ? nil : words.joined(separator: "\n")
    }
}
