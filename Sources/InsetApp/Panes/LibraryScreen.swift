import InsetCore
import InsetRender

/// The library pane: the catalog's files, one selected. Drawn again only when the
/// selection, the catalog, the size or the focus changed.
final class LibraryScreen: Pane {
    let catalog: LibraryCatalog
    private(set) var list = LibraryPane()
    private var plane = Plane(size: .zero, zIndex: 0, fill: .blank, isOpaque: true)
    private var drawnFocused: Bool?

    init(catalog: LibraryCatalog) { self.catalog = catalog }

    var keyContext: KeyBindings.Context { .library }

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
            list.draw(into: &plane.grid, entries: catalog.entries, focused: focused)
            drawnFocused = focused
        }
        planes.append(plane)
    }
}
