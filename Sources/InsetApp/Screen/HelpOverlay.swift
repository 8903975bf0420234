import InsetCore
import InsetRender

/// The `?` screen: every key and mouse action of the screen in front.
enum HelpOverlay {

    /// The keys of `screen` (nil: the focused window) from the bindings, with what the
    /// mouse does there. `prefix`: the shell pane's prefix chord, as `--prefix` set it.
    /// `windowPlaying`: the window is up over the library or details, whose list then
    /// starts with the keys its video takes.
    static func keys(for place: Director.Place?, bindings: KeyBindings, prefix: String = "C-]",
                     windowPlaying: Bool = false) -> [(String, String)] {
        let windowVideo: [KeyBindings.Context] = windowPlaying ? [.windowVideo] : []
        func lines(_ contexts: [KeyBindings.Context], keyPrefix: String = "") -> [(String, String)] {
            bindings.helpLines(for: contexts, keyPrefix: keyPrefix).map { ($0.keys, $0.help) }
        }
        switch place {
        case .player?:
            return lines([.player, .global]) + [
                ("click", "the control bar's buttons"),
                ("drag the line", "see the time and its picture; let go to seek there"),
                ("hold ← →", "see where: the seek is made when the key is let go"),
                ("move mouse", "show the controls; over the line, its picture"),
            ]
        case .library?:
            return lines(windowVideo + [.library, .global]) + [("click twice", "play it full screen")]
        case .details?:
            return lines(windowVideo + [.details, .global])
        case .shell?:
            return [("any key", "goes to the shell (Ctrl-C too); mouse to programs that ask")]
                + lines([.shell, .window, .global], keyPrefix: prefix + " ")
                + [("\(prefix) \(prefix)", "send \(prefix) itself to the shell"),
                   ("exit", "close the shell: back to where you were")]
        case nil:
            return lines([.window, .global]) + [
                ("drag title", "move (snaps to the nearest corner)"),
                ("drag corner", "resize, aspect kept"),
                ("hover", "show the window's controls"),
                ("drag the line", "see the time and its picture; let go to seek there"),
            ]
        }
    }

    static func draw(_ entries: [(String, String)], into grid: inout CellGrid) {
        let keyWidth = entries.map { CellGrid.columns(of: $0.0) }.max() ?? 0
        let textWidth = entries.map { CellGrid.columns(of: $0.1) }.max() ?? 0
        let width = min(grid.columns, keyWidth + textWidth + 7)
        let height = min(grid.rows, entries.count + 2)
        let box = CellRect(column: max(0, (grid.columns - width) / 2), row: max(0, (grid.rows - height) / 2),
                           columns: width, rows: height)
        let style = CellStyle(foreground: RGB(230, 230, 230), background: RGB(30, 30, 36))
        grid.fill(box, color: style.background)
        grid.drawBox(box, title: "keys", style: style)
        let keyStyle = CellStyle(foreground: RGB(250, 200, 60), background: style.background, attributes: .bold)
        for (index, entry) in entries.enumerated() {
            let row = box.minRow + 1 + index
            guard row < box.maxRow - 1 else { break }
            grid.put(entry.0, at: CellPoint(column: box.minColumn + 2, row: row), style: keyStyle, clip: box)
            grid.put(entry.1, at: CellPoint(column: box.minColumn + 4 + keyWidth, row: row), style: style, clip: box)
        }
    }
}
