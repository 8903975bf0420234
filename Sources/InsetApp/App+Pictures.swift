import InsetCore
import InsetLog
import InsetPlayback
import InsetRender
import InsetTerminal

extension App {
    /// After a paint: tells the presenter which pictures the screen shows now, and writes
    /// what it answers at once (deletions, pictures to put back after a full redraw).
    func presentPicture() {
        guard let presenter = picturePresenter else { return }
        var pictures = presenter.output.usesPlaceholders ? placeholderPictures() : visiblePictures(sixel: presenter.output.leavesPixels)
        // From the frame's cells to the terminal's: embedded, the frame is at the rectangle.
        let origin = terminal.origin
        if !presenter.output.usesPlaceholders, origin != .zero {
            for index in pictures.indices {
                pictures[index].cells.origin.column += origin.column
                pictures[index].cells.origin.row += origin.row
            }
        }
        let now = HostTime.now()
        let frame = painter.lastScreen
        let isHole = { (cell: CellPoint) -> Bool in
            let column = cell.column - origin.column, row = cell.row - origin.row
            return column >= 0 && row >= 0 && column < frame.size.columns && row < frame.size.rows
                && frame[column, row] == VideoLayer.pictureHole
        }
        if presenter.show(pictures, redrawn: painter.lastStats.fullRedraw, at: now, isHole: isHole, write: writePicture) {
            // Sixel (or iTerm2) pixels would stay where no picture goes now: the screen is drawn again
            // first, which takes them, and the pictures follow that paint.
            painter.invalidate()
            paint(at: now)
        }
        if director.options.showStats { director.overlays.pictureFigures = presenter.figures(at: now) }
    }

    /// A picture's bytes count with the frame's in `--stats`, as they are its picture.
    func writePicture(_ bytes: UnsafeRawBufferPointer) {
        _ = writePicture(bytes, abandonable: false)
    }

    /// Writes a picture; with `abandonable` (where the output allows it,
    /// `PictureOutput.canBeCutShort`), in slices, stopping early when a key or a signal
    /// comes, or when the pacer says the terminal takes it too slowly
    /// (`PicturePacer.shouldCutShort`): on a slow terminal a picture can take seconds, `q`
    /// must not wait for it, and the pacer learns the drain from the part sent and shrinks
    /// the next, rather than queue this one. The output says where its picture may end
    /// (`cutPoint`: a sixel image anywhere in its data, a kitty transmission after a whole
    /// chunk) and how (`abandon`).
    func writePicture(_ bytes: UnsafeRawBufferPointer, abandonable: Bool) -> PicturePresenter.WriteOutcome {
        terminal.asOneWrite { writeSlices(bytes, abandonable: abandonable) }
    }

    private func writeSlices(_ bytes: UnsafeRawBufferPointer, abandonable: Bool) -> PicturePresenter.WriteOutcome {
        // Embedded, the cursor is the program's beside: a picture that moves it puts it back.
        if embedded { _ = try? terminal.write(App.saveCursor) }
        defer { if embedded { _ = try? terminal.write(App.restoreCursor) } }
        let slice = 16 * 1024
        let begun = HostTime.now()
        guard abandonable, let output = picturePresenter?.output, output.canBeCutShort, bytes.count > 4 * slice else {
            let blocked = (try? terminal.write(bytes)) ?? .zero
            director.wrotePicture(bytes: bytes.count)
            measureLink(bytes: bytes.count, blocked: blocked, drained: terminal.lastDrain, at: begun)
            return .whole
        }
        let pacer = picturePresenter?.pacer
        let start = ContinuousClock.now
        var sent = 0
        var blocked = Duration.zero
        var drained = TerminalWriter.Drain(bytes: 0, duration: .zero)
        defer { measureLink(bytes: sent, blocked: blocked, drained: drained.bytes > 0 ? drained : nil, at: begun) }
        while sent < bytes.count {
            var end = bytes.count - sent < 2 * slice ? bytes.count : sent + slice
            if end < bytes.count { end = output.cutPoint(in: bytes, from: end) }
            blocked += (try? terminal.write(UnsafeRawBufferPointer(rebasing: bytes[sent..<end]))) ?? .zero
            if let slice = terminal.lastDrain {
                drained.bytes += slice.bytes
                drained.duration += slice.duration
            }
            sent = end
            guard bytes.count - sent > 64 else { continue }
            let key = terminal.hasPendingInput
            if key || pacer?.shouldCutShort(after: ContinuousClock.now - start, sent: sent, of: bytes.count) == true {
                Log.info("picture cut short at \(sent) of \(bytes.count) bytes \(key ? "for a key" : "for time")")
                _ = try? terminal.write(output.abandon)
                director.wrotePicture(bytes: sent)
                return key ? .cutForKey : .cutForTime(sent: sent)
            }
        }
        director.wrotePicture(bytes: bytes.count)
        return .whole
    }

    /// The pictures whose placeholder cells the screen shows: the PiP window's and the
    /// full-screen player's, each whole, under its layer's image id. Nothing is cut:
    /// whatever covers some of its cells replaced them (the terminal shows text there), and
    /// tmux does the clipping to the pane.
    func placeholderPictures() -> [PicturePresenter.Picture] {
        director.pictureLayers.compactMap { entry in
            guard let picture = entry.layer.picture, entry.layer.plane.isVisible, let id = entry.layer.placeholderImageID else { return nil }
            return .init(image: picture.image, region: picture.region, cells: picture.cells, frame: picture.frame, imageID: id)
        }
    }

    /// The videos' pictures where the screen shows them, bottom layer first: each cut into
    /// the rectangles whose cells are all still picture holes in the composed frame and not
    /// under a layer above (the window over the full-screen video; an overlay or the control
    /// bar over either): sixel pixels cover text, so they must stop where something is drawn
    /// over them. Kitty's pictures sit under text, but are cut the same way so both look
    /// alike. With sixel the screen's last row is left out too: an image that reaches it
    /// scrolls the screen in terminals that scroll sixel images.
    func visiblePictures(sixel: Bool) -> [PicturePresenter.Picture] {
        let layers = director.pictureLayers.filter { $0.layer.plane.isVisible }
        var pictures: [PicturePresenter.Picture] = []
        var bounds = CellRect(origin: .zero, size: terminal.size)
        // An image that reaches the terminal's last row scrolls it (embedded, only when the
        // rectangle reaches it).
        if sixel && terminal.origin.row + terminal.size.rows >= terminal.terminalSize.rows { bounds.size.rows -= 1 }
        let frame = painter.lastScreen
        for (index, entry) in layers.enumerated() {
            guard let picture = entry.layer.picture else { continue }
            let origin = entry.layer.plane.origin
            let onScreen = CellRect(column: origin.column + picture.cells.minColumn, row: origin.row + picture.cells.minRow,
                                    columns: picture.cells.size.columns, rows: picture.cells.size.rows)
            let above = layers[(index + 1)...].map(\.layer.frame)
            let parts = OpenRectangles.find(in: onScreen.intersection(bounds), limit: PicturePresenter.LayerImages.partsPerLayer) {
                column, row in
                frame[column, row] == VideoLayer.pictureHole
                    && !above.contains { $0.contains(CellPoint(column: column, row: row)) }
            }
            for (number, part) in parts.enumerated() {
                guard var cut = Self.part(of: picture, at: onScreen, showing: part) else { continue }
                cut.imageID = entry.imageID + UInt32(number)
                pictures.append(cut)
            }
        }
        return pictures
    }

    /// The pixels of `picture` (at `onScreen`) that fall in `part` of its cells.
    static func part(of picture: VideoLayer.Picture, at onScreen: CellRect, showing part: CellRect) -> PicturePresenter.Picture? {
        let perCell = picture.raster.pixelsPerCell
        var region = picture.region
        let skipX = (part.minColumn - onScreen.minColumn) * perCell.width
        let skipY = (part.minRow - onScreen.minRow) * perCell.height
        region.x += skipX
        region.y += skipY
        region.width = min(region.width - skipX, part.size.columns * perCell.width)
        region.height = min(region.height - skipY, part.size.rows * perCell.height)
        guard region.width > 0, region.height > 0 else { return nil }
        return .init(image: picture.image, region: region, cells: part, frame: picture.frame, pixelsPerCell: perCell)
    }
}
