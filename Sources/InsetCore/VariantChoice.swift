/// Which variant of an HLS master playlist to play for the size the picture is shown at,
/// as AVPlayer chooses for its layer: the variant nearest above the picture's size on the
/// display, so nothing is upscaled and nothing larger than needed is fetched and decoded.
///
/// The size that counts is the picture's in *screen pixels*: the cells it covers (the
/// letterboxed picture, not the whole pane) times a cell's size on the screen. Not the
/// blitter's sub-pixels: half blocks hold 160x90 of them on a 160x45 terminal, and by that
/// measure 180p would do full screen, while the same cells are 1280x720 pixels or more of
/// the user's display, and the sharper variant's area averages give the blitter better
/// colours to pick from. AVPlayer likewise counts the layer's physical pixels, not its
/// points. With real pixels (kitty, sixel) the raster's pixels already are the screen's.
public enum VariantChoice {
    /// A cell's size on the screen when the terminal did not say: 8x16, the smallest
    /// common one (the VGA text cell). Guessing low is the cheap mistake: a variant a
    /// little under the screen's pixels looks the same through a blitter, whose sub-pixels
    /// are far coarser, while guessing high fetches and decodes a larger one for nothing.
    /// With it, a 160x45 terminal full screen is 1280x720 (720p) and the default PiP
    /// window there (38x11 cells of picture) 304x176 (180p).
    public static let assumedScreenCell = PixelSize(width: 8, height: 16)

    /// The index in `variants` of the one nearest above `target`: of those at least as wide
    /// and as tall, the smallest (by area, the first of equals); when none is, the largest.
    /// Nil when there are no variants.
    public static func nearestAbove(_ target: PixelSize, in variants: [PixelSize]) -> Int? {
        let area = { (size: PixelSize) in size.width * size.height }
        let above = variants.indices.filter { variants[$0].width >= target.width && variants[$0].height >= target.height }
        if let smallest = above.min(by: { area(variants[$0]) < area(variants[$1]) }) { return smallest }
        return variants.indices.max { area(variants[$0]) < area(variants[$1]) || area(variants[$0]) == area(variants[$1]) && $0 > $1 }
    }

    /// The size in screen pixels, in the coded picture's orientation (variants are listed
    /// by their coded size), of a picture of `coded` size shown letterboxed in `viewport`.
    /// `screenCell` is a cell's size on the screen when the terminal said it; ignored for a
    /// raster of real pixels, whose cell size is the screen's already.
    public static func target(for viewport: Viewport, coded: PixelSize, sampleAspect: Ratio = .one,
                              rotation: VideoRotation = .none, screenCell: PixelSize? = nil) -> PixelSize {
        guard !viewport.isEmpty, !coded.isEmpty else { return .zero }
        let picture = viewport.fit(coded: coded, sampleAspect: sampleAspect, rotation: rotation)
        let cells = viewport.raster.cells(for: picture.size)
        let cell = viewport.raster.blitter == nil ? viewport.raster.pixelsPerCell : (screenCell ?? assumedScreenCell)
        let shown = PixelSize(width: cells.columns * cell.width, height: cells.rows * cell.height)
        return rotation.swapsAxes ? PixelSize(width: shown.height, height: shown.width) : shown
    }

    /// `nearestAbove(target(for:…))`: the variant for a picture shown in `viewport`, with
    /// the first variant's shape standing for all of them (a master playlist's variants
    /// are one picture at several sizes).
    public static func choose(for viewport: Viewport, in variants: [PixelSize], sampleAspect: Ratio = .one,
                              rotation: VideoRotation = .none, screenCell: PixelSize? = nil) -> Int? {
        guard let shape = variants.first(where: { !$0.isEmpty }) else { return variants.isEmpty ? nil : 0 }
        let wanted = target(for: viewport, coded: shape, sampleAspect: sampleAspect, rotation: rotation, screenCell: screenCell)
        return nearestAbove(wanted, in: variants)
    }
}
