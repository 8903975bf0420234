import Foundation
import InsetCore
import InsetRender
import InsetTerminal

extension Player {
    /// Places the planes for the terminal's size: the video fills the screen, the control
    /// bar lies over its bottom rows (so showing and hiding it never rescales the video).
    func layout() {
        let size = session.size
        controls.setFrame(CellRect(column: 0, row: max(0, size.rows - ControlBar.height),
                                   columns: size.columns, rows: min(size.rows, ControlBar.height)))
        if current == nil { video.clear(to: size) }
    }

    func controlsVisible(at now: HostTime) -> Bool { now < controlsHideAt }

    func showControls(at now: HostTime) {
        if !controlsVisible(at: now) { needsPaint = true }
        controlsHideAt = now.advanced(by: Player.controlsTimeout)
    }

    func show(message text: String, at now: HostTime) {
        message = (text, now.advanced(by: .seconds(3)))
        needsPaint = true
    }

    func expireOverlays(at now: HostTime) {
        if let message, now >= message.until { self.message = nil; needsPaint = true }
        if !controlsVisible(at: now), controls.isVisible { needsPaint = true }
    }

    /// Composes the visible planes, rasterizes against what the terminal shows and writes
    /// the frame in one write. The write's blocking time is measured: a slow terminal
    /// shows up as late frames, which `advanceFrames` drops.
    func paint(at now: HostTime) {
        needsPaint = false
        let snapshot = machine.snapshot
        controls.isVisible = controlsVisible(at: now) || !snapshot.isPlaying
        if controls.isVisible { ControlBar.draw(snapshot, into: &controls.grid) }
        planes.append(video.plane)
        planes.append(controls)
        if helpVisible || message != nil || options.showStats {
            drawOverlay(snapshot)
            planes.append(overlay)
        }
        painter.paint(planes, screenSize: session.size)
        planes.removeAll(keepingCapacity: true)
        let blocked = painter.output.withUnsafeBytes { bytes in (try? session.writer.write(bytes)) ?? .zero }
        statistics.painted(bytes: painter.lastStats.bytes, blocked: blocked, at: now)
    }

    /// The overlay plane: the key list, a message, the stats corner. Transparent elsewhere.
    func drawOverlay(_ snapshot: PlaybackSnapshot) {
        let size = session.size
        if overlay.size != size { overlay.resize(to: size) } else { overlay.grid.fill(.transparent) }
        if options.showStats {
            let text = " \(statistics.paintsPerSecond) fps  drop \(statistics.dropped)  \(statistics.bytesPerPaint / 1024) KB/frame "
            let column = max(0, size.columns - CellGrid.columns(of: text))
            overlay.grid.put(text, at: CellPoint(column: column, row: 0),
                             style: CellStyle(foreground: RGB(255, 255, 255), background: RGB(0, 0, 0)))
        }
        if let message {
            let text = " \(message.text) "
            let row = max(0, size.rows - ControlBar.height - 2)
            let column = max(0, (size.columns - CellGrid.columns(of: text)) / 2)
            overlay.grid.put(text, at: CellPoint(column: column, row: row),
                             style: CellStyle(foreground: RGB(0, 0, 0), background: RGB(250, 200, 60)))
        }
        if helpVisible { HelpOverlay.draw(HelpOverlay.playerKeys, into: &overlay.grid) }
    }
}

/// The `?` screen: every key and mouse action of the screen it is on.
enum HelpOverlay {
    static let playerKeys: [(String, String)] = [
        ("Space", "play / pause"),
        ("← / →", "skip back / forward 15 s"),
        ("p", "picture in picture"),
        ("?", "this list"),
        ("q, Ctrl-C", "quit"),
        ("click", "the control bar's buttons; the progress line seeks"),
        ("move mouse", "show the controls"),
    ]

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
        for (index, entry) in entries.enumerated() where index + 1 < height - 1 || height == entries.count + 2 {
            let row = box.minRow + 1 + index
            guard row < box.maxRow - 1 else { break }
            grid.put(entry.0, at: CellPoint(column: box.minColumn + 2, row: row),
                     style: CellStyle(foreground: RGB(250, 200, 60), background: style.background, attributes: .bold), clip: box)
            grid.put(entry.1, at: CellPoint(column: box.minColumn + 4 + keyWidth, row: row), style: style, clip: box)
        }
    }
}
