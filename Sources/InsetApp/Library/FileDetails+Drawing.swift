import Foundation
import InsetCore
import InsetMedia
import InsetRender

extension FileDetails {
    /// One line of the facts column. Lines that `wrap` (a failure's reason) are broken at
    /// spaces to the column's width; the others are cut with `…`.
    struct FactLine {
        var text: String
        var style: CellStyle
        var wraps = false
    }

    /// What the facts column says: `inset probe`'s report once probed, else the path, the
    /// size and where probing stands (reading, or why the file cannot be played).
    var factLines: [FactLine] {
        guard case .ready(let info) = entry.state else {
            var lines = [FactLine(text: FileDetails.row("file", PrintableText.escaped(entry.path)), style: LibraryTheme.text)]
            if let size = entry.fileSize {
                lines.append(FactLine(text: FileDetails.row("size", ProbeReport.byteCount(size)), style: LibraryTheme.text))
            }
            lines.append(FactLine(text: "", style: LibraryTheme.text))
            if let failure = entry.failure {
                lines.append(FactLine(text: "cannot play: " + PrintableText.escaped(failure.reason), style: LibraryTheme.failed, wraps: true))
            } else if entry.state == .stream {
                lines.append(FactLine(text: LibraryEntry.streamNote, style: LibraryTheme.dim))
            } else {
                lines.append(FactLine(text: "reading…", style: LibraryTheme.dim))
            }
            return lines
        }
        return ProbeReport.text(info).split(separator: "\n").map { line in
            // Stream headings ("video stream #0") stand out from their indented facts.
            let heading = line.hasPrefix("video stream") || line.hasPrefix("audio stream")
            return FactLine(text: PrintableText.escaped(String(line)), style: heading ? LibraryTheme.header : LibraryTheme.text)
        }
    }

    /// A `name          value` row laid out as `ProbeReport` lays out its rows.
    static func row(_ name: String, _ value: String) -> String {
        name.padding(toLength: 14, withPad: " ", startingAt: 0) + value
    }

    /// Paints the whole pane at `grid`'s size (which it records): the title, the facts,
    /// the preview (starting its load when the room for it is new), the hint line.
    mutating func draw(into grid: inout CellGrid, focused: Bool) {
        resize(to: grid.size)
        grid.fill(grid.bounds, with: LibraryTheme.blank)
        guard grid.rows > 0, grid.columns > 0 else { return }
        grid.put(" Details — " + entry.name, at: .zero, style: focused ? LibraryTheme.title : LibraryTheme.dim)
        let layout = self.layout
        drawFacts(in: layout.facts, into: &grid)
        preparePreview(for: layout.preview)
        drawPreview(in: layout.preview, into: &grid)
        if grid.rows > 1 { FileDetails.hints.draw(into: &grid, row: grid.rows - 1) }
    }

    private func drawFacts(in area: CellRect, into grid: inout CellGrid) {
        var row = area.minRow
        for line in factLines {
            let pieces = line.wraps ? FileDetails.wrap(line.text, toColumns: area.size.columns) : [line.text]
            for piece in pieces {
                guard row < area.maxRow else { return }
                grid.put(LibraryFormat.fit(piece, toColumns: area.size.columns),
                         at: CellPoint(column: area.minColumn, row: row), style: line.style, clip: area)
                row += 1
            }
        }
    }

    /// The picture, letterboxed in black; or, until there is one, a line saying why not.
    private mutating func drawPreview(in area: CellRect, into grid: inout CellGrid) {
        guard !area.isEmpty else { return previewLayer.clear(to: .zero) }
        grid.fill(area, with: LibraryTheme.pictureBar)
        if let frame = shownFrame, frame.image != nil {
            previewLayer.setOrigin(area.origin)
            previewLayer.show(frame, in: area.size)
            grid.place(previewLayer.plane.grid, at: area.origin)
            return
        }
        previewLayer.clear(to: .zero)
        let text: String
        switch (entry.state, preview?.state) {
        case (.probing, _): text = "reading…"
        case (.failed, _): text = "no preview"
        case (.stream, _): text = "no preview: " + LibraryEntry.streamNote
        case (.ready, _) where !entry.hasPicture: text = "no video (audio only)"
        case (_, .failed(let reason)?): text = "no preview: " + reason
        default: text = "loading preview…"
        }
        let shown = LibraryFormat.fit(text, toColumns: area.size.columns)
        let column = area.minColumn + (area.size.columns - CellGrid.columns(of: shown)) / 2
        grid.put(shown, at: CellPoint(column: column, row: area.minRow + area.size.rows / 2),
                 style: CellStyle(foreground: LibraryTheme.dim.foreground, background: .black), clip: area)
    }

    /// The facts' word wrap, measured as the grid draws; a word wider than the line is cut
    /// where it reaches the edge (a long path shows whole, over several lines).
    static func wrap(_ text: String, toColumns limit: Int) -> [String] {
        WordWrap.lines(of: text, width: limit) { CellGrid.columns(of: String($0)) }
    }
}
