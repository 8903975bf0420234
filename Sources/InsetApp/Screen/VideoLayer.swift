import InsetCore
import InsetMedia
import InsetRender

/// The video as a plane: a viewport of cells, black where the picture does not reach (the
/// letterbox bars), the latest frame blitted with the viewport's blitter where its
/// placement says.
///
/// Owned by the UI thread. Showing a frame of the same size and placement as the last one
/// only overwrites the picture's cells: the bars are painted once per placement change.
struct VideoLayer {
    private(set) var plane: Plane
    private var paintedPlacement: PicturePlacement?

    init(zIndex: Int = 0) {
        plane = Plane(size: .zero, zIndex: zIndex, fill: VideoLayer.bar, isOpaque: true)
    }

    static let bar = Cell(glyph: 0x20, foreground: 0, background: 0)
    /// Where real pixels (kitty, sixel) go: a space no other plane draws (default
    /// foreground on black), so the screen frame tells which cells the picture may cover.
    static let pictureHole = Cell(glyph: 0x20, foreground: TerminalColor.defaultForeground, background: 0)

    /// With kitty's Unicode placeholders (inside tmux), the image id the picture's cells
    /// name: they are placeholder cells (`Cell.kittyPlaceholder`) instead of holes, so the
    /// terminal shows the picture wherever tmux puts them, under whatever covers them.
    /// Cells past the 297th row or column cannot be numbered and stay holes.
    var placeholderImageID: UInt32?

    /// The picture to send as pixels, when the viewport has no blitter: the image, the part
    /// of it shown, and the cells it covers, relative to the plane.
    struct Picture {
        var image: RGBImage
        var region: PixelRect
        var cells: CellRect
        /// Which frame it is (serial, time), to tell a new frame in a recycled image.
        var frame: (serial: Int, time: MediaTime)
        var raster: CellRaster
    }
    private(set) var picture: Picture?

    /// The cells that `frame.viewport` covers at `origin`.
    var frame: CellRect { plane.frame }

    mutating func setOrigin(_ origin: CellPoint) { plane.origin = origin }
    mutating func setVisible(_ visible: Bool) { plane.isVisible = visible }

    /// Draws `frame` into the plane, resizing the plane to `cells` (the frame's viewport
    /// unless told otherwise).
    ///
    /// A frame scaled for another viewport (decoded before a resize, still in the queue)
    /// is centred as it is: the layout changes at once and the picture's size catches up
    /// within the queue's few frames, without a seek.
    mutating func show(_ frame: VideoFrame, in cells: CellSize? = nil) {
        guard let image = frame.image, let viewport = frame.viewport else { return }
        let cells = cells ?? viewport.cells
        guard let placement = PicturePlacement(frame: frame, image: image, in: cells) else { return }
        if plane.size != cells {
            plane.resize(to: cells, fill: VideoLayer.bar)
            paintedPlacement = nil
        }
        if paintedPlacement != placement {
            plane.grid.fill(VideoLayer.bar)
            paintedPlacement = placement
        }
        if let blitter = viewport.raster.blitter {
            plane.grid.blit(image, as: blitter, region: placement.region, at: placement.cell)
            picture = nil
        } else {
            let covered = CellRect(origin: placement.cell, size: viewport.raster.cells(for: placement.region.size))
                .intersection(plane.grid.bounds)
            if let id = placeholderImageID {
                fillPlaceholders(covered, imageID: id)
            } else {
                plane.grid.fill(covered, with: VideoLayer.pictureHole)
            }
            picture = Picture(image: image, region: placement.region, cells: covered,
                              frame: (frame.serial, frame.time), raster: viewport.raster)
        }
    }

    /// Numbers the cells of `covered` from its top-left for image `imageID`.
    private mutating func fillPlaceholders(_ covered: CellRect, imageID: UInt32) {
        let limit = KittyGraphicsEncoder.maxPlaceholderCells
        for row in covered.minRow..<covered.maxRow {
            for column in covered.minColumn..<covered.maxColumn {
                let r = row - covered.minRow, c = column - covered.minColumn
                plane.grid[column, row] = r < limit && c < limit
                    ? .kittyPlaceholder(imageID: imageID, row: r, column: c) : VideoLayer.pictureHole
            }
        }
    }

    /// Fills the plane with bars (nothing to show: before the first frame, a placeholder).
    mutating func clear(to size: CellSize) {
        plane.resize(to: size, fill: VideoLayer.bar)
        paintedPlacement = nil
        picture = nil
    }

    /// Writes text over the plane (the PiP placeholder); the next frame paints over it.
    mutating func drawText(_ text: String, at point: CellPoint, style: CellStyle) {
        plane.grid.put(text, at: point, style: style)
        paintedPlacement = nil
        picture = nil
    }
}
