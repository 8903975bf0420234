import InsetCore
import InsetMedia
import InsetRender

/// What the app should do after the details pane handled an input.
enum DetailsAction: Equatable, Sendable {
    case none
    /// Back to the library.
    case back
    /// Play this entry (only given when it is playable).
    case play
    /// Tell the user this line (why the entry cannot be played).
    case message(String)
    /// The hint line's `? keys` was clicked.
    case showHelp
    /// The hint line's `q quit` was clicked.
    case quit
}

/// The facts of one entry and a still preview of it, drawn by the player's own renderer.
///
/// A value owned by the UI thread. The picture is loaded by a `StillPreview` (its own
/// thread) the first time the pane is drawn at a size with room for it, and again when
/// that room changes size; meanwhile the last picture stays, centred. Dropping the pane
/// (or `stop()`) abandons a load in progress.
///
/// Layout: a title line, the body, a hint line. In the body the facts sit on the left and
/// the preview to their right when the pane is at least `sideBySideColumns` wide (most
/// terminals, and video is wide); on narrower panes the facts sit on top and the preview
/// below, so the picture never gets squeezed into a sliver.
struct FileDetails {
    /// The entry's position in the catalog (what `.play` refers to).
    let index: Int
    private(set) var entry: LibraryEntry
    /// The pane's size at the last `draw`.
    private(set) var size = CellSize(columns: 80, rows: 24)
    private(set) var preview: StillPreview?
    /// The picture on show: the newest one loaded, kept while a reload for a new size runs.
    private(set) var shownFrame: VideoFrame?
    /// How the preview's cells hold pixels: the player's way, so it looks as the video will
    /// (real pixels when the terminal takes them and no other picture has them; the app
    /// says which before each draw, and a change loads the still again).
    var raster: CellRaster
    /// The preview drawn as the player draws video, at the preview's place in the pane:
    /// blitted cells, or holes (placeholder cells inside tmux) with the picture for the
    /// presenter to send as pixels.
    var previewLayer = VideoLayer()
    private var seenGeneration = 0

    static let sideBySideColumns = 80
    /// Facts never take more than this share of a side-by-side pane.
    static let maximumFactsShare = 0.5

    init(entry: LibraryEntry, index: Int, raster: CellRaster = .halfBlocks, allowance: InputAllowance = .webOnly) {
        self.entry = entry
        self.index = index
        self.raster = raster
        self.allowance = allowance
    }

    /// What the preview may open (the names the user gave, their headers).
    private let allowance: InputAllowance

    /// Kitty placeholders (inside tmux): the image id the preview's cells name.
    mutating func showPicturesAsPlaceholders(imageID: UInt32?) { previewLayer.placeholderImageID = imageID }

    /// Takes a newer copy of the entry (its probe finished while the pane was open).
    mutating func update(_ newEntry: LibraryEntry) {
        guard newEntry != entry else { return }
        entry = newEntry
        if !entry.hasPicture { stop() }
    }

    /// True when a preview arrived (or failed) since the last call: the app redraws.
    mutating func poll() -> Bool {
        guard let preview else { return false }
        let generation = preview.generation
        defer { seenGeneration = generation }
        return generation != seenGeneration
    }

    /// Whether a preview is still being loaded (the app may poll more often).
    var isLoading: Bool { preview?.isLoading ?? false }

    /// Abandons the preview load, if any (its thread ends on its own, soon); the picture
    /// already shown is kept. Call when the pane is left.
    mutating func stop() {
        preview?.cancel()
        preview = nil
        seenGeneration = 0
    }

    /// Records the pane's size (`draw` does, from its grid).
    mutating func resize(to newSize: CellSize) { size = newSize }

    // MARK: - Layout

    struct Layout: Equatable {
        var facts: CellRect
        var preview: CellRect
    }

    /// The body's split for a pane of `size` whose facts are `factsWidth` x `factsHeight`.
    static func layout(size: CellSize, factsWidth: Int, factsHeight: Int) -> Layout {
        let body = CellRect(column: 1, row: 2, columns: max(0, size.columns - 2), rows: max(0, size.rows - 3))
        if size.columns >= sideBySideColumns {
            let cap = Int(Double(body.size.columns) * maximumFactsShare)
            let width = max(0, min(factsWidth + 1, cap))
            return Layout(
                facts: CellRect(column: body.minColumn, row: body.minRow, columns: width, rows: body.size.rows),
                preview: CellRect(column: body.minColumn + width + 1, row: body.minRow,
                                  columns: max(0, body.size.columns - width - 1), rows: body.size.rows))
        }
        let factRows = min(factsHeight, max(0, body.size.rows / 2))
        return Layout(
            facts: CellRect(column: body.minColumn, row: body.minRow, columns: body.size.columns, rows: factRows),
            preview: CellRect(column: body.minColumn, row: body.minRow + factRows + 1,
                              columns: body.size.columns, rows: max(0, body.size.rows - factRows - 1)))
    }

    var layout: Layout {
        let lines = factLines
        // Stacked, the facts are as wide as the body: count the rows a wrapped reason takes.
        let bodyColumns = max(0, size.columns - 2)
        let height = lines.reduce(0) { $0 + ($1.wraps ? FileDetails.wrap($1.text, toColumns: bodyColumns).count : 1) }
        return FileDetails.layout(size: size, factsWidth: lines.map { CellGrid.columns(of: $0.text) }.max() ?? 0,
                                  factsHeight: height)
    }

    /// Starts (or restarts, for a new size) loading the picture for `area`.
    ///
    /// One load at a time: while one for another size runs (the terminal is being
    /// resized), it is left to finish and its picture is shown, centred, until the next
    /// draw asks for this size. So dragging a window edge never piles up decoders on a
    /// two-core machine that may be playing a video meanwhile.
    mutating func preparePreview(for area: CellRect) {
        if case .ready(let frame)? = preview?.state { shownFrame = frame }
        guard entry.hasPicture, !area.isEmpty else { return }
        let viewport = Viewport(cells: area.size, raster: raster)
        if preview?.viewport == viewport || preview?.isLoading == true { return }
        preview = nil
        seenGeneration = 0
        // Back at the size of the picture on show (a resize undone): nothing to load.
        if shownFrame?.viewport == viewport { return }
        preview = StillPreview(path: entry.path, viewport: viewport, allowance: allowance)
    }

    // MARK: - Input

    static let hints = HintLine<DetailsAction>(items: [
        .init(key: "Esc", label: "back", action: .back),
        .init(key: "Enter", label: "play", action: .play),
        .init(key: "?", label: "keys", action: .showHelp),
        .init(key: "q", label: "quit", action: .quit),
    ])

    /// A click on a hint acts as its key; a click on the picture plays it.
    func handle(_ mouse: MouseEvent, origin: CellPoint) -> DetailsAction {
        guard mouse.action == .press, mouse.button == .left else { return .none }
        let local = CellPoint(column: mouse.position.column - origin.column, row: mouse.position.row - origin.row)
        guard CellRect(origin: .zero, size: size).contains(local) else { return .none }
        if local.row == size.rows - 1 {
            let action = FileDetails.hints.action(atColumn: local.column, width: size.columns) ?? .none
            return action == .play ? play() : action
        }
        return layout.preview.contains(local) && entry.isPlayable ? .play : .none
    }

    /// The details' commands: `open` plays the file (or says why it cannot be played),
    /// `library` goes back. Anything else is `.none`: it is the app's.
    func handle(_ command: Command) -> DetailsAction {
        switch command {
        case .open: play()
        case .library: .back
        default: .none
        }
    }

    private func play() -> DetailsAction {
        entry.unplayableReason.map(DetailsAction.message) ?? .play
    }
}
