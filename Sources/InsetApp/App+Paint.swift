import Foundation
import InsetCore
import InsetRender
import InsetTerminal

extension App {
    /// Sizes the panes' planes for the terminal.
    func layout() {
        let size = session.size
        player.layout(size, current: playerPlayback?.current)
        libraryPlane.resize(to: size, fill: .blank)
        detailsPlane.resize(to: size, fill: .blank)
        shellPlane.resize(to: size, fill: .blank)
        shellDrawnGeneration = .max
        library.resize(to: size, entryCount: catalog.count)
        libraryDirty = true
    }

    /// Composes the pane, the PiP window and the overlay, rasterizes against what the
    /// terminal shows and writes the frame in one write; the write's blocking time is
    /// measured, and a slow terminal shows up as late frames that the playback drops.
    func paint(at now: HostTime) {
        needsPaint = false
        lastPaintAt = now
        // With two videos the player shows the second; the window always shows `playback`.
        let front = frontPlayback
        switch screen {
        case .player:
            if let front {
                player.planes(front.snapshot, soundOnly: front.isSoundOnly ? front.name : nil, cover: front.cover,
                              status: front.buffering.label, at: now, into: &planes)
            } else {
                if let opening { player.drawOpening(opening.name) }
                planes.append(player.video.plane)
            }
        case .library:
            if libraryDirty {
                library.draw(into: &libraryPlane.grid, entries: catalog.entries, focused: focus == .pane)
                libraryDirty = false
            }
            planes.append(libraryPlane)
        case .details:
            details?.raster = previewRaster
            details?.draw(into: &detailsPlane.grid, focused: focus == .pane)
            planes.append(detailsPlane)
        case .shell:
            drawShell()
            planes.append(shellPlane)
        }
        if pip != nil, let playback {
            pip!.layout.showsSwap = second != nil
            pip!.planes(playback.snapshot, frame: playback.current, title: playback.name, focused: focus == .pip, at: now, into: &planes)
        }
        appendSubtitlePlanes(at: now)
        if helpVisible || message != nil || options.showStats {
            drawOverlay()
            planes.append(overlay)
        }
        painter.paint(planes, screenSize: session.size)
        planes.removeAll(keepingCapacity: true)
        let blocked = painter.output.withUnsafeBytes { bytes in (try? session.writer.write(bytes)) ?? .zero }
        front?.statistics.painted(bytes: painter.lastStats.bytes, blocked: blocked, at: now)
        presentPicture()
    }

    /// The overlay: the key list of the screen in front, a message, the stats corner.
    func drawOverlay() {
        let size = session.size
        if overlay.size != size { overlay.resize(to: size) } else { overlay.grid.fill(.transparent) }
        if options.showStats, let stats = (frontPlayback ?? playback)?.statistics {
            let offset = stats.audioVideoOffset.map { "  A-V \($0.microseconds >= 0 ? "+" : "")\($0.microseconds / 1000) ms" } ?? ""
            let variant = stats.variant.map { "  variant \($0)" } ?? ""
            let text = " \(stats.paintsPerSecond) fps  drop \(stats.dropped)  catch-up \(stats.catchUps)  \(stats.bytesPerPaint / 1024) KB/frame\(offset)\(variant) "
            overlay.grid.put(text, at: CellPoint(column: max(0, size.columns - CellGrid.columns(of: text)), row: 0),
                             style: CellStyle(foreground: .white, background: .black))
        }
        if let message {
            let text = CellGrid.truncated(" \(message.text) ", toColumns: size.columns)
            let row = max(0, size.rows - 4)
            overlay.grid.put(text, at: CellPoint(column: max(0, (size.columns - CellGrid.columns(of: text)) / 2), row: row),
                             style: CellStyle(foreground: .black, background: RGB(250, 200, 60)))
        }
        if helpVisible { HelpOverlay.draw(HelpOverlay.keys(for: focus == .pip && pip != nil ? nil : screen, bindings: options.keyBindings, prefix: options.prefix.description), into: &overlay.grid) }
    }
}

/// The `?` screen: every key and mouse action of the screen in front.
enum HelpOverlay {

    /// The keys of `screen` (nil: the focused window) from the bindings, with what the
    /// mouse does there. `prefix`: the shell pane's prefix chord, as `--prefix` set it.
    static func keys(for screen: App.Screen?, bindings: KeyBindings, prefix: String = "C-]") -> [(String, String)] {
        func lines(_ contexts: [KeyBindings.Context], keyPrefix: String = "") -> [(String, String)] {
            bindings.helpLines(for: contexts, keyPrefix: keyPrefix).map { ($0.keys, $0.help) }
        }
        switch screen {
        case .player?:
            return lines([.player, .global]) + [
                ("click", "the control bar's buttons; the progress line seeks"),
                ("move mouse", "show the controls"),
            ]
        case .library?:
            return lines([.library, .global]) + [("click twice", "play it full screen")]
        case .details?:
            return lines([.details, .global])
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
