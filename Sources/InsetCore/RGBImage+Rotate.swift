extension RGBImage {
    /// Fills this image with `source` turned clockwise by `rotation`. For a quarter turn the
    /// source must have this image's width and height exchanged.
    public func copyRotated(from source: RGBImage, rotation: VideoRotation) {
        let w = size.width, h = size.height
        precondition(rotation.swapsAxes
            ? (source.width == h && source.height == w)
            : (source.width == w && source.height == h), "rotation size mismatch")
        let srcRow = source.bytesPerRow, dstRow = bytesPerRow
        let src = source.bytes, dst = bytes
        for y in 0..<h {
            let out = dst + y * dstRow
            for x in 0..<w {
                // (x, y) in the output comes from (sx, sy) in the source.
                let sx: Int, sy: Int
                switch rotation {
                case .none: sx = x; sy = y
                case .clockwise90: sx = y; sy = source.height - 1 - x
                case .upsideDown: sx = w - 1 - x; sy = h - 1 - y
                case .clockwise270: sx = source.width - 1 - y; sy = x
                }
                let p = src + sy * srcRow + sx * 3
                let q = out + x * 3
                q[0] = p[0]; q[1] = p[1]; q[2] = p[2]
            }
        }
    }
}
