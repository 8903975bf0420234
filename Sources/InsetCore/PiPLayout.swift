/// Where the PiP window is and how big, in terminal cells: pure geometry that key and
/// mouse handlers change and the compositor draws. It knows nothing of playback.
///
/// The window's anatomy (all sizes below include it):
/// ```
/// ┌─ Title ───────── ⧉  ✕ ┐   row 0: top border carrying the title (and, with controls
/// │                       │          shown, restore and close at its right end)
/// │        video          │   the video area: the frame inset by one cell on every side
/// │   -15   ▶   +15       │   with controls shown: the transport row...
/// │━━━━━━━━━━─────────────│   ...and the progress line, over the video's last two rows
/// └───────────────────────┘   bottom border; the four corner cells are resize handles
/// ```
/// Putting the title in the top border costs no extra row, and overlaying the controls on
/// the video keeps the video area (and so the decoder's render size) unchanged when the
/// controls come and go. See `PiPLayout+Controls.swift` for the exact cells.
///
/// With half blocks a cell holds 1 x 2 pixels and is itself about 1:2, so pixels are square
/// and a picture of display aspect `a` (width / height) fills `2a` columns per row.
///
/// Windows live in the corners of the screen, a `margin` away from its edges, as on an
/// iPad: a move ends by snapping to the nearest corner, or, when most of the window was
/// dragged past the left or right edge, by stashing it there with a sliver left showing.
public struct PiPLayout: Hashable, Sendable {
    /// A corner of the screen or of the window.
    public enum Corner: Hashable, Sendable, CaseIterable {
        case topLeft, topRight, bottomLeft, bottomRight

        public init(left: Bool, top: Bool) {
            self = left ? (top ? .topLeft : .bottomLeft) : (top ? .topRight : .bottomRight)
        }
        public var isLeft: Bool { self == .topLeft || self == .bottomLeft }
        public var isTop: Bool { self == .topLeft || self == .topRight }
        public var opposite: Corner { Corner(left: !isLeft, top: !isTop) }
    }

    /// The side a window is stashed against.
    public enum Edge: Hashable, Sendable, CaseIterable { case left, right }

    /// The smallest window that still shows a picture, the controls and a few title letters.
    public static let minimumSize = CellSize(columns: 24, rows: 7)
    /// The window may take up to this share of the screen's columns and rows.
    public static let maximumShare = (numerator: 2, denominator: 3)
    /// Cells between a snapped window and the screen's edges.
    public static let margin = 1
    /// Columns of a stashed window left on screen, to pull it back by.
    public static let stashedVisibleColumns = 2
    /// Columns added or removed by one grow or shrink key press.
    public static let resizeStep = 4
    /// Cells the border takes: a column each side, the top row (with the title) and the bottom row.
    public static let chrome = CellSize(columns: 2, rows: 2)

    /// The terminal's size.
    public internal(set) var screen: CellSize
    /// The window, border included. A stashed window hangs off the screen; the compositor clips it.
    public internal(set) var frame: CellRect
    /// The edge the window is stashed against, nil when it is not stashed.
    public internal(set) var stashedEdge: Edge?
    /// The picture's display aspect, width / height (from `Letterbox.displayAspect`).
    public internal(set) var videoAspect: Double
    /// The swap button is in the top border: a second video plays full screen.
    public var showsSwap = false

    /// The default window: about a quarter of the screen wide, the video's aspect, in the
    /// bottom-right corner.
    public init(screen: CellSize, videoAspect: Double) {
        self.screen = screen
        self.videoAspect = PiPLayout.sanitized(videoAspect)
        let size = PiPLayout.fittedSize(width: screen.columns / 4, aspect: self.videoAspect, on: screen)
        frame = CellRect(origin: PiPLayout.origin(of: size, at: .bottomRight, on: screen), size: size)
    }

    /// Whether a window of the minimum size fits within the maximum share of this screen:
    /// the app's answer for `PlaybackEvent.pipSupportChanged`.
    public static func canShow(on screen: CellSize) -> Bool {
        screen.columns * maximumShare.numerator / maximumShare.denominator >= minimumSize.columns
            && screen.rows * maximumShare.numerator / maximumShare.denominator >= minimumSize.rows
    }

    /// The area the picture is drawn in: the frame inside its border.
    public var videoRect: CellRect {
        CellRect(column: frame.minColumn + 1, row: frame.minRow + 1,
                 columns: max(0, frame.size.columns - PiPLayout.chrome.columns),
                 rows: max(0, frame.size.rows - PiPLayout.chrome.rows))
    }

    /// The screen corner the window is nearest to, judged by its centre (ties go right and
    /// down, where the default window sits).
    public var nearestCorner: Corner {
        Corner(left: 2 * frame.minColumn + frame.size.columns < screen.columns,
               top: 2 * frame.minRow + frame.size.rows < screen.rows)
    }

    public var isStashed: Bool { stashedEdge != nil }
}

// MARK: - Sizes

extension PiPLayout {
    /// The minimum size, or the whole screen when the screen is smaller still.
    public static func minimumSize(on screen: CellSize) -> CellSize {
        CellSize(columns: max(1, min(minimumSize.columns, screen.columns)),
                 rows: max(1, min(minimumSize.rows, screen.rows)))
    }

    /// Two thirds of the screen, but never below the minimum size.
    public static func maximumSize(on screen: CellSize) -> CellSize {
        let least = minimumSize(on: screen)
        return CellSize(
            columns: max(least.columns, screen.columns * maximumShare.numerator / maximumShare.denominator),
            rows: max(least.rows, screen.rows * maximumShare.numerator / maximumShare.denominator))
    }

    /// The window height whose video area has the picture's aspect at this window width.
    public static func rows(forWidth width: Int, aspect: Double) -> Int {
        let videoColumns = max(1, width - chrome.columns)
        return max(1, Int((Double(videoColumns) / (2 * aspect)).rounded())) + chrome.rows
    }

    /// The window width whose video area has the picture's aspect at this window height.
    public static func columns(forHeight height: Int, aspect: Double) -> Int {
        let videoRows = max(1, height - chrome.rows)
        return max(1, Int((Double(videoRows) * 2 * aspect).rounded())) + chrome.columns
    }

    /// The size nearest `width` columns that keeps the aspect within the bounds. The bounds
    /// win over the aspect: a picture too tall or too wide to fit them at any width gets the
    /// nearest bounded size, and the renderer letterboxes it inside the video area.
    public static func fittedSize(width: Int, aspect: Double, on screen: CellSize) -> CellSize {
        let least = minimumSize(on: screen), most = maximumSize(on: screen)
        var w = min(max(width, least.columns), most.columns)
        while w > least.columns, rows(forWidth: w, aspect: aspect) > most.rows { w -= 1 }
        while w < most.columns, rows(forWidth: w, aspect: aspect) < least.rows { w += 1 }
        let h = min(max(rows(forWidth: w, aspect: aspect), least.rows), most.rows)
        return CellSize(columns: w, rows: h)
    }

    /// Where a window of `size` sits in `corner`, `margin` from the edges (less when the
    /// window is too big for the margin; never off the screen's top-left).
    public static func origin(of size: CellSize, at corner: Corner, on screen: CellSize) -> CellPoint {
        let column = corner.isLeft ? margin : screen.columns - margin - size.columns
        let row = corner.isTop ? margin : screen.rows - margin - size.rows
        return CellPoint(column: max(0, min(column, screen.columns - size.columns)),
                         row: max(0, min(row, screen.rows - size.rows)))
    }

    static func sanitized(_ aspect: Double) -> Double {
        aspect.isFinite && aspect > 0 ? aspect : 16.0 / 9.0
    }
}
