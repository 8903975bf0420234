import InsetCore
import InsetRender

/// The full-screen player's controls: a progress line and, below it, play/pause, −15, +15,
/// the PiP button, and time / duration. Drawn from the state machine's snapshot only; a
/// click becomes the same `PlaybackEvent` a key sends.
struct ControlBar {
    enum Control: Hashable, CaseIterable {
        case playPause, skipBackward, skipForward, pip, help, progress
    }

    static let height = 2
    static let background = RGB(24, 24, 28)
    static let normal = CellStyle(foreground: RGB(230, 230, 230), background: background)
    static let disabled = CellStyle(foreground: RGB(100, 100, 106), background: background)
    static let accent = CellStyle(foreground: RGB(250, 200, 60), background: background, attributes: .bold)

    /// The buttons of the second row, left to right, with their widths in cells (labels
    /// " ❚❚ ", " «15 ", " 15» ", " ⧉ PiP "), one cell apart.
    private static let buttons: [(Control, Int)] = [(.playPause, 4), (.skipBackward, 5), (.skipForward, 5), (.pip, 7)]

    /// Where `control` sits on a bar `width` cells wide, relative to the bar's top-left.
    /// Arithmetic only: it is asked on every drawn frame and every click.
    static func rect(of control: Control, width: Int) -> CellRect {
        var column = 1
        for (button, columns) in buttons {
            if button == control { return CellRect(column: column, row: 1, columns: columns, rows: 1) }
            column += columns + 1
        }
        switch control {
        case .progress: return CellRect(column: 1, row: 0, columns: max(0, width - 2), rows: 1)
        default: return CellRect(column: max(column, width - 4), row: 1, columns: 3, rows: 1)  // help
        }
    }

    /// The control at `point` (relative to the bar), if any.
    static func control(at point: CellPoint, width: Int) -> Control? {
        Control.allCases.first { rect(of: $0, width: width).contains(point) }
    }

    /// Draws the bar into `grid` (the bar's own plane, `height` rows).
    /// `status`: a passing state said after the time, in the accent colour ("buffering…").
    /// `place`: the file's place in its list ("2/3"), after the time; `title`: a page's, after that.
    /// `chapters`: where the file's chapters start, marked on the progress line.
    /// `step`: how far the skip buttons go, which their labels say (the config's `skip-step`).
    static func draw(_ snapshot: PlaybackSnapshot, status: String? = nil, place: String? = nil, title: String? = nil,
                     chapters: [Chapter] = [], step: MediaTime = PlaybackEvent.skipInterval, into grid: inout CellGrid) {
        let width = grid.columns
        grid.fill(grid.bounds, color: background)
        func rect(_ control: Control) -> CellRect { ControlBar.rect(of: control, width: width) }
        drawProgress(snapshot, chapters: chapters, in: rect(.progress), into: &grid)
        let canBack = snapshot.canSkipBackward, canForward = snapshot.canSkipForward
        put(snapshot.isPlaying ? " ❚❚ " : " ▶  ", rect(.playPause), normal, &grid)
        let steps = SkipLabel.text(step)
        put(" «\(steps) ", rect(.skipBackward), canBack ? normal : disabled, &grid)
        put(" \(steps)» ", rect(.skipForward), canForward ? normal : disabled, &grid)
        put(" ⧉ PiP ", rect(.pip), snapshot.pip.isPossible ? normal : disabled, &grid)
        var column = rect(.pip).maxColumn + 2
        let time = snapshot.elapsed.clockString
        let total = snapshot.range.map { $0.isLive ? "LIVE" : ($0.duration ?? .zero).clockString } ?? "--:--"
        column = grid.put("\(time) / \(total)", at: CellPoint(column: column, row: 1), style: normal)
        if !snapshot.speed.isNormal {
            column = grid.put("  \(snapshot.speed)", at: CellPoint(column: column, row: 1), style: accent)
        }
        if let place { column = grid.put("  \(place)", at: CellPoint(column: column, row: 1), style: disabled) }
        if let title { column = grid.put("  \(title)", at: CellPoint(column: column, row: 1), style: disabled) }
        if let status {
            column = grid.put("  \(status)", at: CellPoint(column: column, row: 1), style: accent)
        }
        if let reason = snapshot.skipDisabledReason, snapshot.isLinear {
            grid.put("  (\(reason))", at: CellPoint(column: column, row: 1), style: disabled)
        }
        put("?", CellRect(column: rect(.help).minColumn + 1, row: 1, columns: 1, rows: 1), normal, &grid)
    }

    private static func put(_ text: String, _ rect: CellRect, _ style: CellStyle, _ grid: inout CellGrid) {
        grid.put(text, at: rect.origin, style: style, clip: rect)
    }

    private static func drawProgress(_ snapshot: PlaybackSnapshot, chapters: [Chapter], in rect: CellRect, into grid: inout CellGrid) {
        guard rect.size.columns > 0 else { return }
        let remainingStyle = CellStyle(foreground: RGB(90, 90, 96), background: background)
        guard let duration = snapshot.range?.duration, duration > .zero else {
            let label = snapshot.range?.isLive == true ? "LIVE" : ""
            for c in 0..<rect.size.columns { grid[rect.minColumn + c, rect.minRow] = Cell("─", style: remainingStyle) }
            grid.put(label, at: rect.origin, style: accent)
            return
        }
        ProgressLine.draw(snapshot, in: rect, background: background, chapters: chapters, into: &grid)
    }
}
