extension RGBImage {
    /// Fills this image with `region` of `source` scaled down to this image's size, each
    /// pixel the average of the source pixels it covers (a box filter over whole pixels:
    /// what a picture sent smaller to a slow terminal needs, cheaply). The image must be no
    /// larger than the region.
    public func copyScaledDown(of region: PixelRect, from source: RGBImage) {
        precondition(width <= region.width && height <= region.height && width > 0 && height > 0)
        if size == region.size { copyPixels(of: region, from: source); return }
        // The source columns of each target column, worked out once per picture.
        var columnStarts = [Int](repeating: 0, count: width + 1)
        for x in 0...width { columnStarts[x] = region.x + x * region.width / width }
        columnStarts.withUnsafeBufferPointer { starts in
            for y in 0..<height {
                let y0 = region.y + y * region.height / height, y1 = region.y + (y + 1) * region.height / height
                let target = bytes + y * bytesPerRow
                for x in 0..<width {
                    let x0 = starts[x], x1 = starts[x + 1]
                    var r = 0, g = 0, b = 0
                    for sy in y0..<y1 {
                        var p = source.bytes + sy * source.bytesPerRow + x0 * RGBImage.bytesPerPixel
                        for _ in x0..<x1 {
                            r += Int(p[0]); g += Int(p[1]); b += Int(p[2])
                            p += RGBImage.bytesPerPixel
                        }
                    }
                    let count = (y1 - y0) * (x1 - x0), half = count / 2
                    let out = target + x * RGBImage.bytesPerPixel
                    out[0] = UInt8((r + half) / count); out[1] = UInt8((g + half) / count); out[2] = UInt8((b + half) / count)
                }
            }
        }
    }
}
