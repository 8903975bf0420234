import InsetCore
import InsetPlayback
import InsetRender

extension LibraryList {
    /// Where each column of the list lies, in cells from the pane's left edge.
    struct Columns: Equatable {
        var name: Range<Int>
        /// A music file's "artist – title" from its tags: only while some entry has them,
        /// beside the name, so a list of videos looks as it always did.
        var music: Range<Int>?
        var duration: Range<Int>?
        /// How far the file was watched when it was last left (`ResumePositions`), in percent.
        var watched: Range<Int>?
        var size: Range<Int>?
        var video: Range<Int>?
        /// Where a failed entry's reason goes instead of duration, size and video.
        var reason: Range<Int>?
    }

    /// Widths of duration (`H:MM:SS`), watched (`Watched` over `37%`), size (`999.9 MB`) and
    /// video (`mpeg2video 720x576`).
    static let dataWidths = [8, 7, 9, 18]
    static let gap = 2
    /// The name keeps at least this much; narrower panes drop video, then size, then watched,
    /// then duration.
    static let minimumNameWidth = 12

    /// With `music`, the name's room is shared with the music column (the name keeps two
    /// fifths), when there is room for both at their least.
    static func columns(width: Int, music: Bool = false) -> Columns {
        var shown = dataWidths.count
        func needed(_ n: Int) -> Int { dataWidths.prefix(n).reduce(0) { $0 + $1 + gap } }
        while shown > 0, 1 + minimumNameWidth + needed(shown) + 1 > width { shown -= 1 }
        let right = max(1, width - 1)
        var column = max(1, right - needed(shown))
        var ranges: [Range<Int>] = []
        for w in dataWidths.prefix(shown) {
            column += gap
            ranges.append(column..<(column + w))
            column += w
        }
        let nameEnd = max(1, right - needed(shown))
        var name = 1..<nameEnd
        var musicRange: Range<Int>?
        if music, name.count >= 2 * minimumNameWidth + gap {
            let nameWidth = max(minimumNameWidth, name.count * 2 / 5)
            musicRange = (1 + nameWidth + gap)..<nameEnd
            name = 1..<(1 + nameWidth)
        }
        return Columns(
            name: name, music: musicRange,
            duration: ranges.count > 0 ? ranges[0] : nil,
            watched: ranges.count > 1 ? ranges[1] : nil,
            size: ranges.count > 2 ? ranges[2] : nil,
            video: ranges.count > 3 ? ranges[3] : nil,
            reason: ranges.first.map { $0.lowerBound..<right })
    }

    /// Paints the whole pane at `grid`'s size (which it records, see `resize`): title,
    /// header, the visible rows with the selection highlighted, the hint line. `focused`
    /// says whether keys go to this pane (the selection is brighter when they do).
    /// `watched`: where files were left, by their entry's path.
    mutating func draw(into grid: inout CellGrid, entries: [LibraryEntry], focused: Bool, watched: [String: MediaTime] = [:]) {
        if grid.size != size { resize(to: grid.size, entryCount: entries.count) }
        clampScroll(entryCount: entries.count)
        grid.fill(grid.bounds, with: LibraryTheme.blank)
        guard grid.rows > 0, grid.columns > 0 else { return }
        let columns = LibraryList.columns(width: grid.columns, music: entries.contains { LibraryList.musicTitle(of: $0) != nil })
        drawTitle(entries, into: &grid)
        if grid.rows > 2 { drawHeader(columns, into: &grid) }
        if entries.isEmpty, visibleRows > 0 {
            grid.put("No media files here.", at: CellPoint(column: 2, row: LibraryList.listTop), style: LibraryTheme.dim)
        }
        for row in 0..<visibleRows {
            let index = scrollOffset + row
            guard index < entries.count else { break }
            drawRow(entries[index], watched: watched[entries[index].path], selected: index == selection, focused: focused,
                    row: LibraryList.listTop + row, columns: columns, into: &grid)
        }
        if grid.rows > 1 { hints.draw(into: &grid, row: grid.rows - 1) }
    }

    private func drawTitle(_ entries: [LibraryEntry], into grid: inout CellGrid) {
        let count = entries.count
        let end = grid.put(" Library — \(count) file\(count == 1 ? "" : "s")", at: .zero, style: LibraryTheme.title)
        let waiting = entries.reduce(0) { $0 + ($1.isProbing ? 1 : 0) }
        if waiting > 0 {
            grid.put("  reading… \(count - waiting) of \(count) done", at: CellPoint(column: end, row: 0),
                     style: LibraryTheme.dim)
        }
    }

    private func drawHeader(_ columns: Columns, into grid: inout CellGrid) {
        let style = LibraryTheme.header
        let row = 1
        grid.fill(CellRect(column: 0, row: row, columns: grid.columns, rows: 1), color: style.background)
        LibraryList.put("Name", in: columns.name, row: row, rightAligned: false, style: style, into: &grid)
        LibraryList.put("Artist – Title", in: columns.music, row: row, rightAligned: false, style: style, into: &grid)
        LibraryList.put("Duration", in: columns.duration, row: row, rightAligned: true, style: style, into: &grid)
        LibraryList.put("Watched", in: columns.watched, row: row, rightAligned: true, style: style, into: &grid)
        LibraryList.put("Size", in: columns.size, row: row, rightAligned: true, style: style, into: &grid)
        LibraryList.put("Video", in: columns.video, row: row, rightAligned: false, style: style, into: &grid)
    }

    private func drawRow(_ entry: LibraryEntry, watched: MediaTime?, selected: Bool, focused: Bool, row: Int, columns: Columns,
                         into grid: inout CellGrid) {
        let background = selected ? LibraryTheme.selection(focused: focused) : LibraryTheme.background
        func on(_ style: CellStyle) -> CellStyle { LibraryTheme.style(style, on: background) }
        grid.fill(CellRect(column: 0, row: row, columns: grid.columns, rows: 1), color: background)
        // A marker as well as the colour: it survives 16 colours and plain-text captures.
        if selected { grid.put("▸", at: CellPoint(column: 0, row: row), style: on(LibraryTheme.title)) }
        var nameStyle = on(LibraryTheme.text)
        if selected { nameStyle.attributes.insert(.bold) }
        if entry.failure != nil, columns.reason == nil { nameStyle = on(LibraryTheme.failed) }
        LibraryList.put(entry.name, in: columns.name, row: row, rightAligned: false, style: nameStyle, into: &grid)
        if let failure = entry.failure {
            LibraryList.put(failure.reason, in: columns.reason, row: row, rightAligned: false,
                            style: on(LibraryTheme.failed), into: &grid)
            return
        }
        let quiet = entry.isProbing ? on(LibraryTheme.dim) : on(LibraryTheme.text)
        LibraryList.put(LibraryList.musicTitle(of: entry) ?? "", in: columns.music, row: row, rightAligned: false,
                        style: on(LibraryTheme.text), into: &grid)
        LibraryList.put(LibraryFormat.duration(entry), in: columns.duration, row: row, rightAligned: true,
                        style: quiet, into: &grid)
        LibraryList.put(LibraryFormat.watched(watched, of: entry), in: columns.watched, row: row, rightAligned: true,
                        style: on(LibraryTheme.dim), into: &grid)
        LibraryList.put(LibraryFormat.size(entry.fileSize), in: columns.size, row: row, rightAligned: true,
                        style: on(LibraryTheme.text), into: &grid)
        LibraryList.put(LibraryFormat.video(entry), in: columns.video, row: row, rightAligned: false,
                        style: entry.isPlayable ? quiet : on(LibraryTheme.dim), into: &grid)
    }

    /// An entry's "artist – title", printable; nil for a file without a title tag or with a
    /// moving picture (`Playback.musicTitle`).
    static func musicTitle(of entry: LibraryEntry) -> String? {
        entry.info.flatMap(Playback.musicTitle(of:)).map(PrintableText.escaped)
    }

    /// `text` in the cells `range` of `row`, cut with `…` to fit.
    static func put(_ text: String, in range: Range<Int>?, row: Int, rightAligned: Bool, style: CellStyle,
                    into grid: inout CellGrid) {
        guard let range, !range.isEmpty else { return }
        let shown = LibraryFormat.fit(text, toColumns: range.count)
        let column = rightAligned ? range.upperBound - CellGrid.columns(of: shown) : range.lowerBound
        grid.put(shown, at: CellPoint(column: column, row: row), style: style,
                 clip: CellRect(column: range.lowerBound, row: row, columns: range.count, rows: 1))
    }
}
