import InsetCore
import InsetRender

/// The bottom line of a pane (`Enter play · i details · ? keys · q quit`): each hint names
/// a key and is also a button, so every action of the pane can be reached by mouse too.
struct HintLine<Action> {
    struct Item {
        var key: String
        var label: String
        var action: Action
    }

    let items: [Item]

    static var separator: String { " · " }
    /// Hints start one cell in from the left edge, like the rows above them.
    static var leftMargin: Int { 1 }

    /// Where each hint lies on the line (columns from the pane's left edge). Hints that do
    /// not fit whole are left out, so a click never lands on a half-drawn one.
    func spans(width: Int) -> [(columns: Range<Int>, item: Item)] {
        var result: [(Range<Int>, Item)] = []
        var column = HintLine.leftMargin
        for item in items {
            let length = CellGrid.columns(of: item.key) + 1 + CellGrid.columns(of: item.label)
            guard column + length <= width - 1 else { break }
            result.append((column..<(column + length), item))
            column += length + CellGrid.columns(of: HintLine.separator)
        }
        return result
    }

    /// Paints the whole line `row` of `grid`: the hint background, keys in the accent.
    func draw(into grid: inout CellGrid, row: Int) {
        guard row >= 0, row < grid.rows else { return }
        grid.fill(CellRect(column: 0, row: row, columns: grid.columns, rows: 1), color: LibraryTheme.hint.background)
        for (index, span) in spans(width: grid.columns).enumerated() {
            if index > 0 {
                grid.put(HintLine.separator, at: CellPoint(column: span.columns.lowerBound - CellGrid.columns(of: HintLine.separator), row: row),
                         style: LibraryTheme.hint)
            }
            let after = grid.put(span.item.key, at: CellPoint(column: span.columns.lowerBound, row: row),
                                 style: LibraryTheme.hintKey)
            grid.put(" " + span.item.label, at: CellPoint(column: after, row: row), style: LibraryTheme.hint)
        }
    }

    /// The action of the hint at `column`, if one is there.
    func action(atColumn column: Int, width: Int) -> Action? {
        spans(width: width).first { $0.columns.contains(column) }?.item.action
    }
}

extension HintLine: Sendable where Action: Sendable {}
extension HintLine.Item: Sendable where Action: Sendable {}
