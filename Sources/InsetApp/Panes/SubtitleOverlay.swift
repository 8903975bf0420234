import InsetCore
import InsetPlayback
import InsetRender

/// Subtitle text as planes over the pictures: one over the full-screen picture, one over
/// the PiP window's (two videos can both show theirs). Each plane is transparent but for the
/// lines, a white caption on a near-black box, bottom-centred and wrapped to the picture's
/// width (`SubtitleLayout`); an ASS track's events each at its own place, in its colours
/// and emphasis (`StyledSubtitleLayout`).
///
/// UI thread. The lines are laid out and drawn only when the words, the picture's cells or
/// the margin change, not on every paint; each paint just adds the planes.
struct SubtitleOverlay {
    /// Above the full-screen video (0), under its control bar (10).
    var fullScreen = Layer(zIndex: 5)
    /// Above the PiP window's video (100) and chrome (101), under the overlay (200).
    var window = Layer(zIndex: 102)

    static let style = CellStyle(foreground: .white, background: RGB(16, 16, 16))

    /// A styled piece's cells: its colour, emphasis and its event's box.
    static func cellStyle(of piece: StyledSubtitleLayout.Piece) -> CellStyle {
        var attributes: CellAttributes = []
        if piece.bold { attributes.insert(.bold) }
        if piece.italic { attributes.insert(.italic) }
        if piece.underline { attributes.insert(.underline) }
        return CellStyle(foreground: piece.colour, background: piece.background, attributes: attributes)
    }

    /// The words found for each video at one loop turn's time: `tick` looks them up to see
    /// whether to paint, and the paint that follows at the same time reuses them instead of
    /// asking the store (a lock, an array and a joined string) a second time.
    private var lookups: [(video: ObjectIdentifier, at: HostTime, text: SubtitleWords?)] = []

    /// `video`'s words at `now`, from `lookUp` once per video and time.
    mutating func text(of video: Playback, at now: HostTime, lookUp: () -> SubtitleWords?) -> SubtitleWords? {
        let id = ObjectIdentifier(video)
        if let found = lookups.first(where: { $0.video == id && $0.at == now }) { return found.text }
        lookups.removeAll { $0.at != now }
        let text = lookUp()
        lookups.append((id, now, text))
        return text
    }

    struct Layer {
        private(set) var plane: Plane
        /// What the plane holds now; nil when it shows nothing.
        private(set) var drawn: Drawn?

        /// The last ASS header parsed, kept: a track's header is the same for all its events.
        private var sheet: (header: String, sheet: AssStyleSheet)?

        struct Drawn: Equatable {
            var text: SubtitleWords
            var area: CellRect
            var bottomMargin: Int
            var caption = SubtitleCaption()
        }

        init(zIndex: Int) { plane = Plane(size: .zero, zIndex: zIndex) }

        /// Draws `text` over `area` (screen cells of the picture), `bottomMargin` rows up
        /// from its bottom, unless it is what the plane already holds: an ASS track's events
        /// each at its place in its colours, other words as the plain caption.
        mutating func show(_ text: SubtitleWords, in area: CellRect, bottomMargin: Int, caption: SubtitleCaption = SubtitleCaption()) {
            let wanted = Drawn(text: text, area: area, bottomMargin: bottomMargin, caption: caption)
            guard wanted != drawn else { return }
            drawn = wanted
            plane.setFrame(area)
            plane.grid.fill(.transparent)
            let local = CellRect(origin: .zero, size: area.size)
            let columns: (Substring) -> Int = { CellGrid.columns(of: String($0)) }
            if let header = text.styleHeader {
                if sheet?.header != header { sheet = (header, AssStyleSheet(header: header)) }
                let styles = sheet!.sheet
                let events = text.events.compactMap { AssCellEvent(event: $0, sheet: styles) }
                for piece in StyledSubtitleLayout.place(events, sheet: styles, in: local, bottomMargin: bottomMargin, columns: columns) {
                    plane.grid.put(piece.text, at: piece.origin, style: SubtitleOverlay.cellStyle(of: piece))
                }
            } else {
                // `--sub-pos` and `--sub-color`: the plain caption's last row and its letters.
                let above = max(bottomMargin, caption.rowsBelow(in: area.size.rows))
                var style = SubtitleOverlay.style
                style.foreground = caption.colour
                for line in SubtitleLayout.lines(text.text, in: local, bottomMargin: above, columns: columns) {
                    plane.grid.put(line.text, at: line.origin, style: style)
                }
            }
            // `--secondary-sid`: the caption laid out as at the bottom, then moved to the top rows.
            guard let secondary = text.secondary else { return }
            let lines = SubtitleLayout.lines(secondary, in: local, columns: columns)
            let shift = lines.first?.origin.row ?? 0
            for line in lines {
                plane.grid.put(line.text, at: CellPoint(column: line.origin.column, row: line.origin.row - shift),
                               style: SubtitleOverlay.style)
            }
        }

        /// Nothing to show.
        mutating func hide() { drawn = nil }
    }
}
