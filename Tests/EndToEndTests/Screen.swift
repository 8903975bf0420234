import Foundation

/// A pane as a person sees it: characters and their colours, read from `capture-pane -e`
/// (text with SGR escapes; tmux writes truecolor cells as 38;2 / 48;2).
struct Screen {
    struct Cell: Equatable {
        var character: Character = " "
        var foreground: RGBColor?
        var background: RGBColor?

        /// A cell of a picture: a half block, or a space on a colour other than black (the
        /// rasterizer sends a half block whose halves are one colour as a space on it).
        /// Letterbox bars are black spaces, and within the perceptual threshold of black
        /// (a few steps, which the rasterizer leaves alone), so near-black is not picture.
        var isPicture: Bool {
            character == "▀" || (character == " " && (background.map { max($0.r, $0.g, $0.b) > 8 } ?? false))
        }

        /// A picture cell in colour (not a grey of the UI).
        var isColourfulPicture: Bool {
            character == "▀" ? (foreground?.isColourful ?? false) : (isPicture && (background?.isColourful ?? false))
        }
    }

    struct RGBColor: Equatable {
        var r: Int, g: Int, b: Int
        /// Not a shade of grey: the video's colours, not the UI's.
        var isColourful: Bool { max(r, g, b) - min(r, g, b) > 40 }
    }

    let rows: [[Cell]]
    let text: String

    init(capture: String, columns: Int) {
        var rows: [[Cell]] = []
        var plain: [String] = []
        for line in capture.split(separator: "\n", omittingEmptySubsequences: false) {
            var cells: [Cell] = []
            var fg: RGBColor?, bg: RGBColor?
            var chars = Array(line)
            var i = 0
            var lineText = ""
            while i < chars.count {
                if chars[i] == "\u{1B}", i + 1 < chars.count, chars[i + 1] == "[" {
                    var j = i + 2
                    var parameters = ""
                    while j < chars.count, !chars[j].isLetter { parameters.append(chars[j]); j += 1 }
                    if j < chars.count, chars[j] == "m" { Screen.apply(parameters, &fg, &bg) }
                    i = j + 1
                    continue
                }
                cells.append(Cell(character: chars[i], foreground: fg, background: bg))
                lineText.append(chars[i])
                i += 1
            }
            chars.removeAll()
            while cells.count < columns { cells.append(Cell()) }
            rows.append(cells)
            plain.append(lineText)
        }
        self.rows = rows
        self.text = plain.joined(separator: "\n")
    }

    private static func apply(_ parameters: String, _ fg: inout RGBColor?, _ bg: inout RGBColor?) {
        let p = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var i = 0
        if p.isEmpty { fg = nil; bg = nil }
        while i < p.count {
            switch p[i] {
            case 0: fg = nil; bg = nil
            case 38 where i + 4 < p.count && p[i + 1] == 2: fg = RGBColor(r: p[i + 2], g: p[i + 3], b: p[i + 4]); i += 4
            case 48 where i + 4 < p.count && p[i + 1] == 2: bg = RGBColor(r: p[i + 2], g: p[i + 3], b: p[i + 4]); i += 4
            case 38 where i + 2 < p.count && p[i + 1] == 5: i += 2
            case 48 where i + 2 < p.count && p[i + 1] == 5: i += 2
            case 39: fg = nil
            case 49: bg = nil
            default: break
            }
            i += 1
        }
    }

    func line(_ row: Int) -> String { row < rows.count ? String(rows[row].map(\.character)) : "" }

    /// Rows holding picture cells in colour: where the video is.
    var videoRows: [Int] {
        rows.indices.filter { r in rows[r].filter { $0.isColourfulPicture }.count > 4 }
    }

    /// The columns the picture spans over all its rows: a row's black edge looks like the
    /// letterbox beside it (to a person too), but some row of the picture reaches each side.
    var videoColumnSpan: ClosedRange<Int>? {
        let spans = videoRows.compactMap { videoColumns(row: $0) }
        guard let first = spans.map(\.lowerBound).min(), let last = spans.map(\.upperBound).max() else { return nil }
        return first...last
    }

    /// The columns of row `row` that hold picture cells.
    func videoColumns(row: Int) -> ClosedRange<Int>? {
        let columns = rows[row].indices.filter { rows[row][$0].isPicture }
        guard let first = columns.first, let last = columns.last else { return nil }
        return first...last
    }

    /// The player's "M:SS / M:SS" time, in seconds shown, if the control bar is visible.
    var shownTime: (position: Int, duration: Int)? {
        for r in rows.indices.reversed() {
            let line = self.line(r)
            guard let range = line.range(of: #"\d+:\d\d / \d+:\d\d"#, options: .regularExpression) else { continue }
            let parts = line[range].split(separator: "/").map { $0.trimmingCharacters(in: .whitespaces) }
            func seconds(_ s: String) -> Int {
                s.split(separator: ":").reduce(0) { $0 * 60 + (Int($1) ?? 0) }
            }
            return (seconds(parts[0]), seconds(parts[1]))
        }
        return nil
    }
}

extension Screen {
    /// The PiP window: the box whose top border carries the title with the time. Returns
    /// its frame as (column, row, columns, rows), 0-based.
    var pipWindow: (column: Int, row: Int, columns: Int, rows: Int)? {
        for r in rows.indices {
            let line = rows[r].map(\.character)
            guard let left = line.firstIndex(of: "┌"), let right = line[left...].firstIndex(of: "┐") else { continue }
            let title = String(line[left...right])
            guard title.range(of: #"\d+:\d\d / \d+:\d\d"#, options: .regularExpression) != nil else { continue }
            var bottom = r + 1
            while bottom < rows.count, rows[bottom][left].character != "└" { bottom += 1 }
            guard bottom < rows.count else { return nil }
            return (left, r, right - left + 1, bottom - r + 1)
        }
        return nil
    }

    /// The time in the PiP window's title, in seconds.
    var pipTime: Int? {
        guard let window = pipWindow else { return nil }
        let title = line(window.row)
        guard let range = title.range(of: #"\d+:\d\d / "#, options: .regularExpression) else { return nil }
        return title[range].dropLast(3).split(separator: ":").reduce(0) { $0 * 60 + (Int($1) ?? 0) }
    }
}
