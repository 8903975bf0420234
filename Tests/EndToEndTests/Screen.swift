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
        /// A half block either way up (the rasterizer sends ▄ with the colours swapped when
        /// that costs less), or a space on a colour.
        var isPicture: Bool {
            character == "▀" || character == "▄"
                || (character == " " && (background.map { max($0.r, $0.g, $0.b) > 8 } ?? false))
        }

        /// A picture cell in colour (not a grey of the UI), by its top half's colour.
        var isColourfulPicture: Bool {
            character == "▀" ? (foreground?.isColourful ?? false) : (isPicture && (background?.isColourful ?? false))
        }
    }

    struct RGBColor: Equatable {
        var r: Int, g: Int, b: Int
        /// Not a shade of grey: the video's colours, not the UI's.
        var isColourful: Bool { max(r, g, b) - min(r, g, b) > 40 }
    }

    /// A colour as the terminal names it: an entry of its palette, or 24-bit.
    enum Colour: Equatable, CustomStringConvertible {
        case palette(Int)
        case rgb(RGBColor)

        var rgb: RGBColor? { if case .rgb(let c) = self { c } else { nil } }
        var description: String {
            switch self {
            case .palette(let n): "p\(n)"
            case .rgb(let c): String(format: "#%02x%02x%02x", c.r, c.g, c.b)
            }
        }
    }

    /// A cell with all its SGR state: colours as the terminal names them and the
    /// attributes (1 bold, 2 dim, 3 italic, 4 underline, 5 blink, 7 reverse, 9 strike).
    /// The right half of a wide character is a cell of its own holding "\0".
    struct StyledCell: Equatable, CustomStringConvertible {
        var character: Character = " "
        var foreground: Colour?
        var background: Colour?
        var attributes: Set<Int> = []
        var description: String {
            "'\(character)' fg \(foreground?.description ?? "default") bg \(background?.description ?? "default") attrs \(attributes.sorted())"
        }
    }

    let rows: [[Cell]]
    /// The same cells with palette colours and attributes, for comparing panes exactly.
    let styled: [[StyledCell]]
    let text: String

    init(capture: String, columns: Int) {
        var styled: [[StyledCell]] = []
        var plain: [String] = []
        // capture-pane writes only changes, across lines too: the state carries over.
        var style = StyledCell()
        for line in capture.split(separator: "\n", omittingEmptySubsequences: false) {
            var cells: [StyledCell] = []
            let chars = Array(line)
            var i = 0
            var lineText = ""
            while i < chars.count {
                if chars[i] == "\u{1B}", i + 1 < chars.count, chars[i + 1] == "[" {
                    var j = i + 2
                    var parameters = ""
                    while j < chars.count, !chars[j].isLetter { parameters.append(chars[j]); j += 1 }
                    if j < chars.count, chars[j] == "m" { Screen.apply(parameters, to: &style) }
                    i = j + 1
                    continue
                }
                var cell = style
                cell.character = chars[i]
                cells.append(cell)
                if Screen.isWide(chars[i]) { cell.character = "\u{0}"; cells.append(cell) }
                lineText.append(chars[i])
                i += 1
            }
            // Cells past the end of a line are blank: capture-pane trims trailing spaces.
            while cells.count < columns { cells.append(StyledCell()) }
            styled.append(cells)
            plain.append(lineText)
        }
        self.styled = styled
        self.rows = styled.map { $0.map { Cell(character: $0.character, foreground: $0.foreground?.rgb, background: $0.background?.rgb) } }
        self.text = plain.joined(separator: "\n")
    }

    /// East Asian wide characters: the ones a terminal draws two columns wide.
    static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first?.value else { return false }
        switch scalar {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6:
            return true
        default:
            return false
        }
    }

    private static func apply(_ parameters: String, to style: inout StyledCell) {
        let p = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        if p.isEmpty { style = StyledCell(); return }
        var i = 0
        while i < p.count {
            switch p[i] {
            case 0: style = StyledCell()
            case 1, 2, 3, 4, 5, 7, 9: style.attributes.insert(p[i])
            case 22: style.attributes.subtract([1, 2])
            case 23: style.attributes.remove(3)
            case 24: style.attributes.remove(4)
            case 27: style.attributes.remove(7)
            case 30...37: style.foreground = .palette(p[i] - 30)
            case 90...97: style.foreground = .palette(p[i] - 90 + 8)
            case 40...47: style.background = .palette(p[i] - 40)
            case 100...107: style.background = .palette(p[i] - 100 + 8)
            case 39: style.foreground = nil
            case 49: style.background = nil
            case 38, 48:
                let isForeground = p[i] == 38
                var value: Colour?
                if i + 2 < p.count && p[i + 1] == 5 {
                    value = .palette(p[i + 2]); i += 2
                } else if i + 4 < p.count && p[i + 1] == 2 {
                    value = .rgb(RGBColor(r: p[i + 2], g: p[i + 3], b: p[i + 4])); i += 4
                }
                if isForeground { style.foreground = value } else { style.background = value }
            default: break
            }
            i += 1
        }
    }

    func line(_ row: Int) -> String {
        row < rows.count ? String(rows[row].map(\.character).filter { $0 != "\u{0}" }) : ""
    }

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
