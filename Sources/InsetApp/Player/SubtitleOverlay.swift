import InsetCore
import InsetRender

/// Subtitle text as a plane over the picture: transparent but for the lines, each a white
/// caption on a near-black box, bottom-centred and wrapped to the picture's width
/// (`SubtitleLayout`).
///
/// UI thread. The lines are laid out and drawn only when the words, the picture's cells
/// or the margin change, not on every paint; each paint just adds the plane.
struct SubtitleOverlay {
    private(set) var plane = Plane(size: .zero, zIndex: SubtitleOverlay.fullScreenZ)
    /// What the plane holds now; nil when it shows nothing.
    private(set) var drawn: Drawn?

    struct Drawn: Equatable {
        var text: String
        var area: CellRect
        var bottomMargin: Int
        var zIndex: Int
    }

    /// Above the full-screen video (0), under its control bar (10).
    static let fullScreenZ = 5
    /// Above the PiP window's video (100) and chrome (101), under the overlay (200).
    static let windowZ = 102
    static let style = CellStyle(foreground: .white, background: RGB(16, 16, 16))

    /// Draws `text` over `area` (screen cells of the picture) unless it is what the plane
    /// already holds.
    mutating func show(_ text: String, in area: CellRect, bottomMargin: Int, zIndex: Int) {
        let wanted = Drawn(text: text, area: area, bottomMargin: bottomMargin, zIndex: zIndex)
        guard wanted != drawn else { return }
        drawn = wanted
        plane.zIndex = zIndex
        plane.setFrame(area)
        plane.grid.fill(.transparent)
        let local = CellRect(origin: .zero, size: area.size)
        for line in SubtitleLayout.lines(text, in: local, bottomMargin: bottomMargin,
                                         columns: { CellGrid.columns(of: String($0)) }) {
            plane.grid.put(line.text, at: line.origin, style: SubtitleOverlay.style)
        }
    }

    /// Nothing to show.
    mutating func hide() { drawn = nil }

    var isShowing: Bool { drawn != nil }
}
