/// The PiP window's controls and hit testing, defined once here so the view that draws a
/// button and the mouse handler that finds it agree to the cell.
///
/// With controls shown (on focus or hover):
/// - restore and close sit at the right end of the top border, 3 cells each, close last,
///   just left of the top-right corner cell; with two videos (`showsSwap`) the swap button
///   comes before restore;
/// - the transport row (−15, play/pause, +15, 1-cell gaps, 15 cells in all) is centred on
///   the video area's second-to-last row;
/// - the progress line is the video area's last row, its whole width.
/// Controls that do not fit a window (only when the screen is smaller than the minimum
/// window) are left out rather than overlapped.
public enum PiPControl: Hashable, Sendable, CaseIterable {
    case skipBackward, playPause, skipForward, restore, close
    /// Exchanges the window's video and the full-screen one (two videos only).
    case swap

    /// Cells wide, including a space each side of the glyph: `" -15 "`, `" ▶ "`, `" ⧉ "`.
    public var width: Int {
        switch self {
        case .skipBackward, .skipForward: 5
        case .playPause, .restore, .close, .swap: 3
        }
    }

    /// The state machine event a click (or Enter on the focused control) sends; nil for
    /// the swap, which concerns two machines (`ContentSwapCoordinator`).
    public var event: PlaybackEvent? {
        switch self {
        case .skipBackward: .skipBackward
        case .playPause: .togglePause
        case .skipForward: .skipForward
        case .restore: .restoreFromPiP
        case .close: .closePiP
        case .swap: nil
        }
    }

    /// Whether to draw it enabled: the skips grey out under linear playback and at the
    /// ends of the range; the others always act.
    public func isEnabled(in snapshot: PlaybackSnapshot) -> Bool {
        switch self {
        case .skipBackward: snapshot.canSkipBackward
        case .skipForward: snapshot.canSkipForward
        case .playPause, .restore, .close, .swap: true
        }
    }
}

/// What is under a cell of the PiP window.
public enum PiPRegion: Hashable, Sendable {
    /// The top border outside the buttons: drag it to move the window.
    case titleBar
    /// A corner cell: drag it to resize.
    case resizeHandle(PiPLayout.Corner)
    /// The left, right or bottom border.
    case border
    /// The picture, where no control is.
    case video
    case control(PiPControl)
    /// The progress line, at this fraction of its width (0 the first cell, 1 the last).
    case progress(fraction: Double)
    /// Any visible cell of a stashed window: a click pulls it back.
    case stashTab
}

extension PiPLayout {
    /// Cells between the transport buttons.
    public static let controlGap = 1

    /// Where `control` is drawn when the controls are shown; nil when it does not fit.
    public func rect(of control: PiPControl) -> CellRect? {
        switch control {
        case .restore, .close, .swap:
            guard frame.size.columns >= (control == .swap ? 13 : 10), control != .swap || showsSwap else { return nil }
            let closeColumn = frame.maxColumn - 1 - PiPControl.close.width
            let restoreColumn = closeColumn - PiPControl.restore.width
            let column = switch control {
            case .close: closeColumn
            case .restore: restoreColumn
            default: restoreColumn - PiPControl.swap.width
            }
            return CellRect(column: column, row: frame.minRow, columns: control.width, rows: 1)
        case .skipBackward, .playPause, .skipForward:
            let video = videoRect
            let transport: [PiPControl] = [.skipBackward, .playPause, .skipForward]
            let total = transport.reduce(0) { $0 + $1.width } + 2 * PiPLayout.controlGap
            guard video.size.rows >= 2, video.size.columns >= total else { return nil }
            var column = video.minColumn + (video.size.columns - total) / 2
            for item in transport {
                if item == control { return CellRect(column: column, row: video.maxRow - 2, columns: item.width, rows: 1) }
                column += item.width + PiPLayout.controlGap
            }
            return nil
        }
    }

    /// The progress line when the controls are shown; nil when the video area has no room.
    public var progressRect: CellRect? {
        let video = videoRect
        guard video.size.rows >= 2, video.size.columns >= 1 else { return nil }
        return CellRect(column: video.minColumn, row: video.maxRow - 1, columns: video.size.columns, rows: 1)
    }

    /// The cells of the top border the title may use: after the corner and one border cell,
    /// up to one cell before the buttons (or before the last border cell when they are hidden).
    public func titleRect(controlsShown: Bool) -> CellRect {
        let first = rect(of: .swap) ?? rect(of: .restore)
        let end = controlsShown ? (first.map { $0.minColumn - 1 } ?? frame.maxColumn - 2) : frame.maxColumn - 2
        let start = frame.minColumn + 2
        return CellRect(column: start, row: frame.minRow, columns: max(0, end - start), rows: 1)
    }

    /// What is at `point`, nil outside the window. Controls are found only when shown.
    public func hitTest(_ point: CellPoint, controlsShown: Bool) -> PiPRegion? {
        guard frame.contains(point) else { return nil }
        if stashedEdge != nil { return .stashTab }
        let atLeft = point.column == frame.minColumn, atRight = point.column == frame.maxColumn - 1
        let atTop = point.row == frame.minRow, atBottom = point.row == frame.maxRow - 1
        if (atLeft || atRight) && (atTop || atBottom) { return .resizeHandle(Corner(left: atLeft, top: atTop)) }
        if controlsShown, let control = PiPControl.allCases.first(where: { rect(of: $0)?.contains(point) == true }) {
            return .control(control)
        }
        if atTop { return .titleBar }
        if atLeft || atRight || atBottom { return .border }
        if controlsShown, let line = progressRect, line.contains(point) {
            let span = line.size.columns - 1
            return .progress(fraction: span > 0 ? Double(point.column - line.minColumn) / Double(span) : 0)
        }
        return .video
    }
}
