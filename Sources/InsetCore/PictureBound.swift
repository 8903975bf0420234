/// The largest picture in pixels the player makes for a terminal: every frame scaled for a
/// viewport (and so every kitty, sixel and iTerm2 picture, the previews and thumbnails) and
/// the visualiser's drawing, as screenshots have theirs (`FrameGrab.largestArea`).
///
/// A terminal's size is what it says: a 8K screen of 10x20 cells is 7680x4320 pixels
/// (33 million), and a reply of 512x512 cells (inside the probe's 1...512) on 160x45 cells
/// is 82k x 23k (1.9 billion). Such a picture tripped the sixel palette's precondition
/// (its histogram counts up to 16.8 million pixels) and took kitty 3.6 GB and showcqt
/// 7.7 GB. Past the bound a picture is scaled down, its aspect kept: where the terminal
/// scales a picture to its cells (kitty, iTerm2) it still fills them
/// (`CellRaster.bounded(for:)`), elsewhere (sixel) it is smaller, centred.
///
/// 16.8 million pixels (a 16:9 picture of 5461x3072) is past what a terminal's video needs
/// and under the sixel histogram's bound; 8192 a side is the largest texture most GPUs take
/// and under kitty's 10,000.
public enum PictureBound {
    public static let largestArea = 1 << 24
    public static let largestSide = 8192

    public static func contains(_ size: PixelSize) -> Bool {
        size.width <= largestSide && size.height <= largestSide && size.width * size.height <= largestArea  // sides ≤ 8192: no overflow
    }

    /// By how much `size` is scaled to fit the bound: 1 when it fits, else under 1.
    public static func scale(for size: PixelSize) -> Double {
        guard size.width > 0, size.height > 0, !contains(size) else { return 1 }
        let width = Double(size.width), height = Double(size.height)
        return min(1, (Double(largestArea) / (width * height)).squareRoot(),
                   Double(largestSide) / width, Double(largestSide) / height)
    }

    /// `size` scaled down to fit the bound, its shape kept (each side rounded down, at
    /// least 1), or `size` itself when it fits.
    public static func fitting(_ size: PixelSize) -> PixelSize {
        let factor = scale(for: size)
        guard factor < 1 else { return size }
        return PixelSize(width: max(1, Int(Double(size.width) * factor)), height: max(1, Int(Double(size.height) * factor)))
    }
}
