extension RGBImage {
    /// Blends a subtitle picture over this image, which shows the whole video frame the
    /// bitmap's `frameSize` describes, scaled to this image's size: nearest-neighbour
    /// sampling (the pictures are flat colours), straight alpha.
    ///
    /// Runs on the UI thread once per frame shown with a picture subtitle, over the bitmap's
    /// rectangle only.
    public func blend(_ bitmap: SubtitleBitmap) {
        let frame = bitmap.frameSize
        guard !frame.isEmpty, bitmap.width > 0, bitmap.height > 0, width > 0, height > 0 else { return }
        // Target rectangle, in this image's pixels: the far edges round up, so a thin line
        // shrunk below a pixel still covers one.
        let x0 = max(0, bitmap.x * width / frame.width)
        let y0 = max(0, bitmap.y * height / frame.height)
        let x1 = min(width, ((bitmap.x + bitmap.width) * width + frame.width - 1) / frame.width)
        let y1 = min(height, ((bitmap.y + bitmap.height) * height + frame.height - 1) / frame.height)
        guard x1 > x0, y1 > y0 else { return }
        bitmap.rgba.withUnsafeBufferPointer { source in
            for y in y0..<y1 {
                let sy = min(bitmap.height - 1, max(0, y * frame.height / height - bitmap.y))
                let row = bytes + y * bytesPerRow
                for x in x0..<x1 {
                    let sx = min(bitmap.width - 1, max(0, x * frame.width / width - bitmap.x))
                    let s = (sy * bitmap.width + sx) * 4
                    let alpha = Int(source[s + 3])
                    if alpha == 0 { continue }
                    let p = row + x * RGBImage.bytesPerPixel
                    if alpha == 255 {
                        p[0] = source[s]; p[1] = source[s + 1]; p[2] = source[s + 2]
                        continue
                    }
                    for c in 0..<3 {
                        p[c] = UInt8((Int(source[s + c]) * alpha + Int(p[c]) * (255 - alpha) + 127) / 255)
                    }
                }
            }
        }
    }
}
