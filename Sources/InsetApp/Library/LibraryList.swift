import InsetCore
import InsetRender

/// What the app should do after the library pane handled an input.
enum LibraryAction: Equatable, Sendable {
    /// Nothing beyond redrawing (the selection or the scroll may have changed).
    case none
    /// Play entry `index` (only ever given for a playable entry).
    case play(Int)
    /// Open the details pane of entry `index`.
    case showDetails(Int)
    /// Tell the user this line (why an entry cannot be played).
    case message(String)
    /// The hint line's `? keys` was clicked.
    case showHelp
    /// The hint line's `q quit` was clicked.
    case quit
    /// The hint line's `Space ←/→ video` was clicked: the window's video plays or pauses.
    case pauseWindowVideo
    /// The hint line's `Tab the window` was clicked.
    case focusWindow
}

/// The list of files: which one is selected and which part of the list is in view.
///
/// A value owned by the UI thread; it holds no entries, only positions into the catalog's
/// list (which never reorders), so the app passes the current `entries` to each call.
/// `draw` records the pane's size, which paging and hit-testing then use; the app paints
/// after every resize before it handles more input, so they always agree with the screen.
///
/// Layout, top to bottom: a title line, a header row, one row per entry, a hint line.
struct LibraryList {
    /// The selected entry (0 when the list is empty).
    private(set) var selection = 0
    /// The entry shown on the first list row.
    private(set) var scrollOffset = 0
    /// The pane's size at the last `draw` (or `resize`).
    private(set) var size = CellSize(columns: 80, rows: 24)

    /// The first list row, below the title and the header.
    static let listTop = 2
    /// Rows one wheel step scrolls.
    static let wheelStep = 3

    /// How many entries fit between the header and the hint line.
    var visibleRows: Int { max(0, size.rows - LibraryList.listTop - 1) }

    /// The hint line's buttons; play and details act on the selection when clicked.
    enum Hint: Sendable { case play, details, help, quit, windowVideo, focusWindow }

    static let hints = HintLine<Hint>(items: [
        .init(key: "Enter", label: "play", action: .play),
        .init(key: "i", label: "details", action: .details),
        .init(key: "?", label: "keys", action: .help),
        .init(key: "q", label: "quit", action: .quit),
    ])

    /// While a video plays in the window: its keys, which act on it from here, and Tab,
    /// which gives the window the rest of them (issue 48). All six fit in 80 columns.
    static let hintsWithWindow = HintLine<Hint>(items: [
        .init(key: "Enter", label: "play", action: .play),
        .init(key: "i", label: "details", action: .details),
        .init(key: "Space ←/→", label: "video", action: .windowVideo),
        .init(key: "Tab", label: "the window", action: .focusWindow),
        .init(key: "?", label: "keys", action: .help),
        .init(key: "q", label: "quit", action: .quit),
    ])

    /// Whether a video plays in the window over the list: the hint line names its keys.
    var windowPlaying = false

    var hints: HintLine<Hint> { windowPlaying ? LibraryList.hintsWithWindow : LibraryList.hints }

    /// Takes a new size, keeping the selected entry in view.
    mutating func resize(to newSize: CellSize, entryCount: Int) {
        size = newSize
        select(selection, entryCount: entryCount)
    }

    /// Selects `index` (clamped to the list) and scrolls just enough to show it.
    mutating func select(_ index: Int, entryCount: Int) {
        selection = max(0, min(index, entryCount - 1))
        if selection < scrollOffset { scrollOffset = selection }
        if visibleRows > 0, selection >= scrollOffset + visibleRows { scrollOffset = selection - visibleRows + 1 }
        clampScroll(entryCount: entryCount)
    }

    /// Scrolls the view by `rows` without moving the selection (the wheel).
    mutating func scroll(by rows: Int, entryCount: Int) {
        scrollOffset += rows
        clampScroll(entryCount: entryCount)
    }

    /// Keeps the selection on the list and the view from running past the list's end.
    mutating func clampScroll(entryCount: Int) {
        selection = max(0, min(selection, entryCount - 1))
        scrollOffset = max(0, min(scrollOffset, entryCount - visibleRows))
    }

    // MARK: - Hit-testing (pane-local cells)

    /// Where entry `index` is drawn, relative to the pane's top-left; nil when scrolled
    /// out of view.
    func rowRect(for index: Int) -> CellRect? {
        let row = index - scrollOffset
        guard row >= 0, row < visibleRows else { return nil }
        return CellRect(column: 0, row: LibraryList.listTop + row, columns: size.columns, rows: 1)
    }

    /// The entry drawn at `point` (pane-local), if any.
    func entryIndex(at point: CellPoint, entryCount: Int) -> Int? {
        guard point.column >= 0, point.column < size.columns else { return nil }
        let row = point.row - LibraryList.listTop
        guard row >= 0, row < visibleRows else { return nil }
        let index = scrollOffset + row
        return index < entryCount ? index : nil
    }

    // MARK: - Input

    /// The library's commands: `select …` moves the selection, `open` plays it, `details`
    /// shows its details. Anything else is `.none`: it is the app's.
    mutating func handle(_ command: Command, entries: [LibraryEntry]) -> LibraryAction {
        switch command {
        case .select(let move): self.move(move, entryCount: entries.count)
        case .open: return activate(selection, entries: entries)
        case .details: return entries.isEmpty ? .none : .showDetails(selection)
        default: break
        }
        return .none
    }

    /// `select next`, `select page-down`… (arrows, PgUp/PgDn, Home/End and vi's j/k/g/G
    /// by default).
    mutating func move(_ move: Command.SelectionMove, entryCount count: Int) {
        guard count > 0 else { return }
        let page = max(1, visibleRows - 1)
        switch move {
        case .previous: select(selection - 1, entryCount: count)
        case .next: select(selection + 1, entryCount: count)
        case .pageUp: select(selection - page, entryCount: count)
        case .pageDown: select(selection + page, entryCount: count)
        case .first: select(0, entryCount: count)
        case .last: select(count - 1, entryCount: count)
        }
    }

    /// A left press selects a row, or plays it when it was already selected (a double
    /// click without timing); a right press opens its details; the wheel scrolls; the hint
    /// line's hints act as their keys. `origin` is the pane's top-left on the screen.
    mutating func handle(_ mouse: MouseEvent, entries: [LibraryEntry], origin: CellPoint) -> LibraryAction {
        guard mouse.action == .press else { return .none }
        let local = CellPoint(column: mouse.position.column - origin.column, row: mouse.position.row - origin.row)
        guard CellRect(origin: .zero, size: size).contains(local) else { return .none }
        let count = entries.count
        switch mouse.button {
        case .wheelUp:
            scroll(by: -LibraryList.wheelStep, entryCount: count)
        case .wheelDown:
            scroll(by: LibraryList.wheelStep, entryCount: count)
        case .left where local.row == size.rows - 1:
            return hintAction(atColumn: local.column, entries: entries)
        case .left:
            guard let index = entryIndex(at: local, entryCount: count) else { break }
            if index == selection { return activate(index, entries: entries) }
            select(index, entryCount: count)
        case .right:
            guard let index = entryIndex(at: local, entryCount: count) else { break }
            select(index, entryCount: count)
            return .showDetails(index)
        default:
            break
        }
        return .none
    }

    /// Enter on an entry: play it, or say why it cannot be played.
    func activate(_ index: Int, entries: [LibraryEntry]) -> LibraryAction {
        guard entries.indices.contains(index) else { return .none }
        if let reason = entries[index].unplayableReason { return .message(reason) }
        return .play(index)
    }

    private func hintAction(atColumn column: Int, entries: [LibraryEntry]) -> LibraryAction {
        guard let hint = hints.action(atColumn: column, width: size.columns) else { return .none }
        switch hint {
        case .play: return activate(selection, entries: entries)
        case .details: return entries.isEmpty ? .none : .showDetails(selection)
        case .help: return .showHelp
        case .quit: return .quit
        case .windowVideo: return .pauseWindowVideo
        case .focusWindow: return .focusWindow
        }
    }
}
