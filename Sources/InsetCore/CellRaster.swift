/// How a picture is drawn into cells: the blitters that split a cell into sub-pixels, each
/// shown in one of two colours, or real pixels sent through a graphics protocol.
public enum Blitter: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// `▀`: 1x2 sub-pixels per cell, drawn by every terminal.
    case half
    /// The quadrant blocks `▘▝▖▗▚▞…`: 2x2, in every monospace font since Unicode 1.
    case quadrant
    /// Sextants (Unicode 13, U+1FB00…): 2x3.
    case sextant
    /// Octants (Unicode 16, U+1CD00…): 2x4; kitty, foot, wezterm and ghostty draw them
    /// natively, without a font.
    case octant

    /// Sub-pixels per cell, across and down.
    public var subPixels: PixelSize {
        switch self {
        case .half: PixelSize(width: 1, height: 2)
        case .quadrant: PixelSize(width: 2, height: 2)
        case .sextant: PixelSize(width: 2, height: 3)
        case .octant: PixelSize(width: 2, height: 4)
        }
    }

    public var description: String { rawValue }
}

/// The pixel grid a cell holds for one way of drawing: `pixelsPerCell` across and down,
/// and the shape of one pixel (width / height), which the letterbox needs to keep the
/// picture's aspect. A cell blitter's sub-pixels are as wide as a cell's share; real
/// pixels (kitty, sixel) are the terminal's own, square.
public struct CellRaster: Hashable, Sendable, CustomStringConvertible {
    public var pixelsPerCell: PixelSize
    public var pixelAspect: Double
    /// The blitter that draws these pixels into cells; nil for real pixels, which a
    /// graphics protocol sends instead.
    public var blitter: Blitter?
    /// Whether the terminal scales a picture to the cells it is placed at (kitty, iTerm2):
    /// then a picture can have fewer pixels a cell than the terminal's and still fill them
    /// (`bounded(for:)`). Sixel pixels are the screen's own.
    public var scalesToCells: Bool

    public init(pixelsPerCell: PixelSize, pixelAspect: Double, blitter: Blitter? = nil, scalesToCells: Bool = false) {
        self.blitter = blitter
        self.scalesToCells = blitter == nil && scalesToCells
        self.pixelsPerCell = PixelSize(width: max(1, pixelsPerCell.width), height: max(1, pixelsPerCell.height))
        self.pixelAspect = pixelAspect.isFinite && pixelAspect > 0 ? pixelAspect : 1
    }

    /// A cell's width over its height when the terminal does not say: the usual 1:2.
    public static let assumedCellAspect = 0.5

    /// The sub-pixel grid of `blitter` on cells of `cellAspect` (width / height).
    public init(blitter: Blitter, cellAspect: Double = CellRaster.assumedCellAspect) {
        let sub = blitter.subPixels
        let aspect = cellAspect.isFinite && cellAspect > 0 ? cellAspect : CellRaster.assumedCellAspect
        self.init(pixelsPerCell: sub, pixelAspect: aspect * Double(sub.height) / Double(sub.width), blitter: blitter)
    }

    /// Real pixels: the cell's size in pixels as the terminal reported it.
    public init(cellPixels: PixelSize, scalesToCells: Bool = false) {
        self.init(pixelsPerCell: cellPixels, pixelAspect: 1, scalesToCells: scalesToCells)
    }

    /// This raster for pictures of `cells`: itself, unless the terminal scales pictures to
    /// their cells and `cells` of it are past `PictureBound`; then fewer pixels a cell, as
    /// many as keep the picture inside the bound, the pixel's shape set so that the picture
    /// keeps its aspect when the terminal stretches it over the cells (issue 42 item 5:
    /// an 8K kitty screen of 10x20 cells gets pictures of 7x14 a cell, filling the screen).
    public func bounded(for cells: CellSize) -> CellRaster {
        guard scalesToCells else { return self }
        let factor = PictureBound.scale(for: pixels(for: cells))
        guard factor < 1 else { return self }
        let width = max(1, Int(Double(pixelsPerCell.width) * factor))
        let height = max(1, Int(Double(pixelsPerCell.height) * factor))
        guard width != pixelsPerCell.width || height != pixelsPerCell.height else { return self }
        let shape = Double(pixelsPerCell.width * height) / Double(pixelsPerCell.height * width)
        return CellRaster(pixelsPerCell: PixelSize(width: width, height: height), pixelAspect: pixelAspect * shape,
                          scalesToCells: true)
    }

    /// Half blocks on 1:2 cells: square pixels, two per cell. What the player drew before
    /// it knew other ways, and still its default.
    public static let halfBlocks = CellRaster(blitter: .half)

    /// This raster when it is a blitter's; for real pixels, half blocks on cells of their
    /// shape: for what is drawn in cells where the terminal could take pixels.
    public var inCells: CellRaster {
        guard blitter == nil else { return self }
        return CellRaster(blitter: .half, cellAspect: Double(pixelsPerCell.width) / Double(pixelsPerCell.height))
    }

    /// The pixels that `cells` hold.
    public func pixels(for cells: CellSize) -> PixelSize {
        PixelSize(width: max(0, cells.columns) * pixelsPerCell.width, height: max(0, cells.rows) * pixelsPerCell.height)
    }

    /// The cells `pixels` cover, a part-covered cell counted whole.
    public func cells(for pixels: PixelSize) -> CellSize {
        CellSize(columns: (max(0, pixels.width) + pixelsPerCell.width - 1) / pixelsPerCell.width,
                 rows: (max(0, pixels.height) + pixelsPerCell.height - 1) / pixelsPerCell.height)
    }

    public var description: String { "\(blitter.map { "\($0) " } ?? "pixels ")\(pixelsPerCell) per cell" }
}

/// Where a picture is to be shown: an area of cells and how they hold pixels. The media
/// side scales into `pixels`, letterboxed with the raster's pixel shape and aligned to
/// whole cells; the render side knows from `raster` how to draw what comes back.
public struct Viewport: Hashable, Sendable, CustomStringConvertible {
    public var cells: CellSize
    public var raster: CellRaster

    /// `raster` is bounded for `cells` (`CellRaster.bounded(for:)`): a viewport's pictures
    /// are never past `PictureBound` by its pixels a cell.
    public init(cells: CellSize, raster: CellRaster = .halfBlocks) {
        self.cells = cells
        self.raster = raster.bounded(for: cells)
    }

    public var pixels: PixelSize { raster.pixels(for: cells) }
    public var isEmpty: Bool { cells.isEmpty }

    /// The rectangle of `pixels` where a picture of this shape goes: as large as fits,
    /// centred, on whole cells, so every cell it touches is fully covered.
    /// A picture past `PictureBound` (a huge screen of pixels the terminal shows as they are,
    /// as sixel does, or more cells than any pixels a cell can bound) is fitted again into
    /// the bound, on whole cells, and centred where the larger one was.
    public func fit(coded: PixelSize, sampleAspect: Ratio, rotation: VideoRotation) -> PixelRect {
        let alignment = raster.pixelsPerCell
        let rect = Letterbox.fit(coded: coded, sampleAspect: sampleAspect, rotation: rotation, into: pixels,
                                 pixelAspect: raster.pixelAspect, rowAlignment: alignment.height,
                                 columnAlignment: alignment.width)
        guard !PictureBound.contains(rect.size) else { return rect }
        let smaller = PictureBound.fitting(rect.size)
        let room = PixelSize(width: max(alignment.width, smaller.width / alignment.width * alignment.width),
                             height: max(alignment.height, smaller.height / alignment.height * alignment.height))
        var bounded = Letterbox.fit(coded: coded, sampleAspect: sampleAspect, rotation: rotation, into: room,
                                    pixelAspect: raster.pixelAspect, rowAlignment: alignment.height,
                                    columnAlignment: alignment.width)
        bounded.x += rect.x + (rect.width - room.width) / 2 / alignment.width * alignment.width
        bounded.y += rect.y + (rect.height - room.height) / 2 / alignment.height * alignment.height
        return bounded
    }

    public var description: String { "\(cells) cells, \(raster)" }
}
