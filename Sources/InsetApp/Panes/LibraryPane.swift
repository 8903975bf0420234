import InsetCore
import InsetPlayback
import InsetRender

/// The library pane: the catalog's files, one selected. Drawn again only when the
/// selection, the catalog, the size or the focus changed.
final class LibraryPane: Pane {
    let catalog: LibraryCatalog
    private(set) var list = LibraryList()
    private var plane = Plane(size: .zero, zIndex: 0, fill: .blank, isOpaque: true)
    private var drawnFocused: Bool?

    /// Where the library's files were left, by their entry's path (`refreshWatched`).
    private(set) var watched: [String: MediaTime] = [:]

    init(catalog: LibraryCatalog) { self.catalog = catalog }

    /// Reads the positions kept in `store` again for the files listed (at start, and after
    /// a video stopped): each is matched by its path, size and time, as playing it would.
    func refreshWatched(from store: ResumeStore?) {
        guard let store else { return }
        let positions = store.load()
        var found: [String: MediaTime] = [:]
        if !positions.entries.isEmpty {
            // Paths first (no file touched), then the size and time of the few that match.
            let kept = Dictionary(positions.entries.map { ($0.key.path, $0) }, uniquingKeysWith: { $1 })
            for entry in catalog.entries {
                guard let kept = kept[ResumeStore.absolutePath(entry.path)], kept.position > .zero,
                      ResumeStore.key(for: entry.path) == kept.key else { continue }
                found[entry.path] = kept.position
            }
        }
        if found != watched { watched = found; invalidate() }
    }

    var keyContext: KeyBindings.Context { .library }

    /// Whether a video plays in the window over the list, whose keys the hint line then
    /// names; set by the director before each draw.
    var windowPlaying: Bool {
        get { list.windowPlaying }
        set { if newValue != list.windowPlaying { list.windowPlaying = newValue; invalidate() } }
    }

    /// Something it shows changed (the catalog's news, a failure recorded).
    func invalidate() { drawnFocused = nil }

    func handle(_ command: Command, at now: HostTime) -> [PaneRequest] {
        invalidate()
        return requests(list.handle(command, entries: catalog.entries))
    }

    func handle(_ mouse: MouseEvent, at now: HostTime) -> [PaneRequest] {
        invalidate()
        return requests(list.handle(mouse, entries: catalog.entries, origin: .zero))
    }

    private func requests(_ action: LibraryAction) -> [PaneRequest] {
        switch action {
        case .none: []
        case .play(let index): [.open(entry: index)]
        case .showDetails(let index): [.showDetails(index)]
        case .message(let text): [.message(text)]
        case .showHelp: [.execute(.help)]
        case .quit: [.quit]
        case .pauseWindowVideo: [.execute(.pause(nil))]
        case .focusWindow: [.focusWindow]
        }
    }

    func nextWake(after now: HostTime) -> Duration? { catalog.isProbing ? .milliseconds(50) : nil }

    func resize(to size: CellSize) {
        plane.resize(to: size, fill: .blank)
        list.resize(to: size, entryCount: catalog.count)
        invalidate()
    }

    func draw(into planes: inout [Plane], focused: Bool, at now: HostTime) {
        if drawnFocused != focused {
            list.draw(into: &plane.grid, entries: catalog.entries, focused: focused, watched: watched)
            drawnFocused = focused
        }
        planes.append(plane)
    }
}
