import InsetCore

/// Turns pixels into half-block cells: each cell is `▀` (U+2580) with the top pixel as its
/// foreground and the bottom pixel as its background, so a C x R grid shows C x 2R pixels.
///
/// The hot path of every video frame. It enters the grid's storage once, reads the image
/// through its raw row pointers and writes cells by pointer: no allocation, no String, no
/// per-pixel bounds check (clipping is worked out per row and per frame, up front).
public enum HalfBlockBlitter {
    /// Blits `region` of `image` (the whole image by default) into `grid` with the region's
    /// top-left pixel landing in cell `origin`.
    ///
    /// Pixel (x, y) of the region goes to cell (origin.column + x, origin.row + y / 2), top
    /// half when y is even. Cells falling outside the grid are skipped; pixels of the region
    /// outside the image, including the missing bottom pixel of an odd height, are black.
    public static func blit(_ image: RGBImage, region: PixelRect? = nil, into grid: inout CellGrid,
                            at origin: CellPoint = .zero) {
        let region = region ?? PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        guard region.width > 0, region.height > 0 else { return }
        let cells = CellRaster.halfBlocks.cells(for: region.size)
        // The cells to write: the region's cells, clipped to the grid.
        let target = CellRect(origin: origin, size: cells).intersection(grid.bounds)
        guard !target.isEmpty else { return }

        // Columns of the target whose pixel x lies inside the image; the rest stay black.
        let firstX = region.x + (target.minColumn - origin.column)
        let insideStart = min(max(0, -firstX), target.size.columns)
        let insideEnd = max(insideStart, min(target.size.columns, image.width - firstX))

        let gridColumns = grid.columns
        let bytesPerRow = image.bytesPerRow
        let pixels = image.bytes
        let imageHeight = image.height
        grid.withUnsafeMutableCells { buffer in
            let base = buffer.baseAddress!
            for row in target.minRow..<target.maxRow {
                let topY = region.y + 2 * (row - origin.row)
                let bottomY = topY + 1
                let topInside = topY >= 0 && topY < imageHeight && topY < region.y + region.height
                let bottomInside = bottomY >= 0 && bottomY < imageHeight && bottomY < region.y + region.height
                let out = base + row * gridColumns + target.minColumn
                let black = Cell.halfBlock(top: 0, bottom: 0)
                if insideStart > 0 { out.update(repeating: black, count: insideStart) }
                if insideEnd < target.size.columns {
                    (out + insideEnd).update(repeating: black, count: target.size.columns - insideEnd)
                }
                let xOffset = (firstX + insideStart) * RGBImage.bytesPerPixel
                let topRow = topInside ? pixels + topY * bytesPerRow + xOffset : nil
                let bottomRow = bottomInside ? pixels + bottomY * bytesPerRow + xOffset : nil
                blitRow(top: topRow, bottom: bottomRow, into: out + insideStart, count: insideEnd - insideStart)
            }
        }
    }

    /// One cell row. `top`/`bottom` point at the first pixel, nil for an all-black row.
    @inline(__always)
    private static func blitRow(top: UnsafeMutablePointer<UInt8>?, bottom: UnsafeMutablePointer<UInt8>?,
                                into out: UnsafeMutablePointer<Cell>, count: Int) {
        guard count > 0 else { return }
        switch (top, bottom) {
        case let (t?, b?):
            for i in 0..<count {
                out[i] = .halfBlock(top: packed(t + 3 * i), bottom: packed(b + 3 * i))
            }
        case let (t?, nil):
            for i in 0..<count { out[i] = .halfBlock(top: packed(t + 3 * i), bottom: 0) }
        case let (nil, b?):
            for i in 0..<count { out[i] = .halfBlock(top: 0, bottom: packed(b + 3 * i)) }
        case (nil, nil):
            out.update(repeating: .halfBlock(top: 0, bottom: 0), count: count)
        }
    }

    @inline(__always)
    private static func packed(_ p: UnsafeMutablePointer<UInt8>) -> UInt32 {
        UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
    }
}
