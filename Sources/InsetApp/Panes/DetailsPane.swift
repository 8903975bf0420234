import InsetCore
import InsetMedia
import InsetRender

/// A file's details: its facts and a preview picture, loaded off the UI thread.
final class DetailsPane: Pane {
    private(set) var details: FileDetails?
    private var plane = Plane(size: .zero, zIndex: 0, fill: .blank, isOpaque: true)
    /// The image id of the preview's placeholder cells, when pictures go out that way.
    let placeholderImageID: UInt32?

    init(placeholderImageID: UInt32?) { self.placeholderImageID = placeholderImageID }

    var keyContext: KeyBindings.Context { .details }

    /// Shows `entry`'s details, the previous ones' preview stopped.
    func show(_ entry: LibraryEntry, index: Int, raster: CellRaster, allowance: InputAllowance = .webOnly) {
        details?.stop()
        details = FileDetails(entry: entry, index: index, raster: raster, allowance: allowance)
        if placeholderImageID != nil { details!.showPicturesAsPlaceholders(imageID: placeholderImageID) }
    }

    /// The catalog learnt more of the file shown.
    func update(from entries: [LibraryEntry]) {
        guard let index = details?.index, entries.indices.contains(index) else { return }
        details?.update(entries[index])
    }

    func stop() { details?.stop() }

    var previewLayer: VideoLayer? { details?.previewLayer }

    func handle(_ command: Command, at now: HostTime) -> [PaneRequest] {
        guard let details else { return [.back] }
        return requests(details.handle(command), index: details.index)
    }

    func handle(_ mouse: MouseEvent, at now: HostTime) -> [PaneRequest] {
        guard let details, mouse.action == .press else { return [] }
        return requests(details.handle(mouse, origin: .zero), index: details.index)
    }

    private func requests(_ action: DetailsAction, index: Int) -> [PaneRequest] {
        switch action {
        case .none: []
        case .back: [.back]
        case .play: [.open(entry: index)]
        case .message(let text): [.message(text)]
        case .showHelp: [.execute(.help)]
        case .quit: [.quit]
        }
    }

    func tick(at now: HostTime) -> Bool { details?.poll() ?? false }

    func nextWake(after now: HostTime) -> Duration? { details?.isLoading == true ? .milliseconds(50) : nil }

    func resize(to size: CellSize) { plane.resize(to: size, fill: .blank) }

    /// `raster`: the video's, or cells while a window's picture takes the pixels.
    func draw(into planes: inout [Plane], focused: Bool, raster: CellRaster) {
        details?.raster = raster
        details?.draw(into: &plane.grid, focused: focused)
        planes.append(plane)
    }

    func draw(into planes: inout [Plane], focused: Bool, at now: HostTime) {
        guard let raster = details?.raster else { planes.append(plane); return }
        draw(into: &planes, focused: focused, raster: raster)
    }
}
