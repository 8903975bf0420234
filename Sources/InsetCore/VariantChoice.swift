/// Which variant of an HLS or DASH stream (or which yt-dlp format) to fetch for the size the
/// picture is shown at: the one nearest above what the terminal can show of it, so nothing
/// is upscaled and nothing larger than that is fetched and decoded.
///
/// What the terminal can show: with real pixels (kitty, sixel), the raster's pixels the
/// letterboxed picture covers. With a cell blitter, twice its sub-pixels each way: the
/// scaler averages the area of each sub-pixel, and a source twice as fine each way gives it
/// four samples a sub-pixel; as scaling goes, finer shows nothing more (Big Buck Bunny's
/// frame averaged to 180p and then to half blocks' 160x90 is 56 dB from the same frame
/// averaged straight from 720p), and the 720p the screen's pixels used to choose carried
/// 2.5 to 7 times the bytes. What scaling does not say is the low variant's own
/// compression: an x264 CRF 23 180p is 10 to 13 dB further from the source at 160x90 than
/// a 720p of the same CRF (scripts/bench-fetch measures both, docs/streams.md has the table).
public enum VariantChoice {
    /// The index in `variants` of the one nearest above `target`: of those at least as wide
    /// and as tall, the smallest (by area, the first of equals); when none is, the largest.
    /// Nil when there are no variants.
    public static func nearestAbove(_ target: PixelSize, in variants: [PixelSize]) -> Int? {
        let area = { (size: PixelSize) in size.width * size.height }
        let above = variants.indices.filter { variants[$0].width >= target.width && variants[$0].height >= target.height }
        if let smallest = above.min(by: { area(variants[$0]) < area(variants[$1]) }) { return smallest }
        return variants.indices.max { area(variants[$0]) < area(variants[$1]) || area(variants[$0]) == area(variants[$1]) && $0 > $1 }
    }

    /// What the terminal can show of a picture of `coded` size shown letterboxed in
    /// `viewport`, in the coded picture's orientation (variants are listed by their coded
    /// size): real pixels as they are, a cell blitter's sub-pixels twice over.
    public static func target(for viewport: Viewport, coded: PixelSize, sampleAspect: Ratio = .one,
                              rotation: VideoRotation = .none) -> PixelSize {
        guard !viewport.isEmpty, !coded.isEmpty else { return .zero }
        let picture = viewport.fit(coded: coded, sampleAspect: sampleAspect, rotation: rotation)
        let cells = viewport.raster.cells(for: picture.size)
        let perCell = viewport.raster.pixelsPerCell
        let fineness = viewport.raster.blitter == nil ? 1 : 2
        let shown = PixelSize(width: cells.columns * perCell.width * fineness, height: cells.rows * perCell.height * fineness)
        return rotation.swapsAxes ? PixelSize(width: shown.height, height: shown.width) : shown
    }

    /// `nearestAbove(target(for:…))`: the variant for a picture shown in `viewport`, with
    /// the first variant's shape standing for all of them (a master playlist's variants
    /// are one picture at several sizes).
    public static func choose(for viewport: Viewport, in variants: [PixelSize], sampleAspect: Ratio = .one,
                              rotation: VideoRotation = .none) -> Int? {
        guard let shape = variants.first(where: { !$0.isEmpty }) else { return variants.isEmpty ? nil : 0 }
        let wanted = target(for: viewport, coded: shape, sampleAspect: sampleAspect, rotation: rotation)
        return nearestAbove(wanted, in: variants)
    }
}
