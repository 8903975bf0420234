import InsetCore
import InsetMedia
import InsetRender

/// Where a scaled frame's picture lands in an area of cells, and the part of it that fits.
///
/// A frame is scaled for a viewport; the area it is shown in is usually that viewport
/// (then its letterbox placement is kept), but for a few frames after a resize it is not
/// (decoded before the resize, still queued): then the picture is centred, on whole cells,
/// and whatever runs past the area is cut off, until frames of the new size arrive.
struct PicturePlacement: Equatable {
    /// The cell where the region's top-left pixel goes, relative to the area.
    var cell: CellPoint
    /// The part of the image to draw.
    var region: PixelRect

    init?(frame: VideoFrame, image: RGBImage, in area: CellSize) {
        guard let viewport = frame.viewport else { return nil }
        let perCell = viewport.raster.pixelsPerCell
        let room = viewport.raster.pixels(for: area)
        var x = frame.placement.x, y = frame.placement.y
        if viewport.cells != area {
            x = (room.width - image.width) / 2
            y = (room.height - image.height) / 2
        }
        // Start on a cell boundary, so each cell holds whole sub-pixels of the picture.
        x = Self.floor(x, perCell.width)
        y = Self.floor(y, perCell.height)
        let cropX = max(0, -x), cropY = max(0, -y)
        x = max(0, x); y = max(0, y)
        let region = PixelRect(x: cropX, y: cropY, width: min(image.width - cropX, room.width - x),
                               height: min(image.height - cropY, room.height - y))
        guard region.width > 0, region.height > 0 else { return nil }
        self.cell = CellPoint(column: x / perCell.width, row: y / perCell.height)
        self.region = region
    }

    /// Rounds down to a multiple of `step`, negative values included.
    private static func floor(_ value: Int, _ step: Int) -> Int {
        value >= 0 ? value / step * step : -((-value + step - 1) / step * step)
    }
}
