/// One rung of the cells' quality ladder (`QualityLadder`): what a frame of cells gives up
/// to fit the link, cheapest fidelity first.
///
/// 1. Coarser colours: a wider colour tolerance (the rasterizer's perceptual threshold, in
///    grey steps). A cell whose colours moved less is left as the last frame drew it, and a
///    run of cells within it shares one SGR colour: flat and slow areas stop costing bytes,
///    edges and motion keep theirs.
/// 2. The finer blitter given up, last before frames are (octants, sextants, quadrants
///    folded to half blocks): the same colours over each half of the cell, the detail inside
///    a half lost, fewer distinct cells and a glyph a byte shorter.
///
/// Measured on Big Buck Bunny at 160x45 (its first 60 frames by `inset cat`, bytes a frame
/// and PSNR at 2x4 pixels a cell): half blocks 109 KB at ±3 (28.5 dB), 62 KB at ±6 (28.2),
/// 38 KB at ±10 (27.6), 23 KB at ±16 (26.3); octants 140 KB at ±3 (32.0), 74 KB at ±10
/// (30.2), folded to half blocks at ±16 32 KB (26.1). The 256 colours were a rung once and
/// are not: 37 KB at 22.7 dB, more bytes and 4 dB worse than ±16 in RGB.
public struct CellQuality: Hashable, Sendable, CustomStringConvertible {
    /// The perceptual threshold, grey steps.
    public var tolerance: Int
    /// The picture's finer-than-half pattern glyphs folded to half blocks.
    public var halfBlocks: Bool

    public init(tolerance: Int, halfBlocks: Bool = false) {
        self.tolerance = tolerance
        self.halfBlocks = halfBlocks
    }

    /// The tolerance at full quality (the painter's own): colour changes under it are not
    /// seen on video.
    public static let fullTolerance = 3
    /// The tolerances, full quality's first.
    static let tolerances = [fullTolerance, 6, 10, 16, 24, 32]

    /// The ladder for cells drawn by `blitter` in `colorMode`: rung 0 is what the player
    /// draws on a terminal nothing limits.
    public static func ladder(blitter: Blitter, colorMode: ColorMode) -> [CellQuality] {
        let finer = blitter != .half
        // The palettes compare indices: no tolerance to widen; only the blitter to give up.
        let widened = colorMode == .truecolor ? tolerances : [fullTolerance]
        // A finer blitter keeps its detail down to the last tolerance but one; then it goes.
        let kept = finer ? widened.dropLast(widened.count > 1 ? 1 : 0) : widened[...]
        var rungs = kept.map { CellQuality(tolerance: $0) }
        if finer { rungs += widened.suffix(2).map { CellQuality(tolerance: $0, halfBlocks: true) } }
        return rungs
    }

    /// As `--stats` shows it: "±3", "±24 half".
    public var description: String {
        "±\(tolerance)" + (halfBlocks ? " half" : "")
    }
}
