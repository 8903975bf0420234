import InsetCore
import InsetRender

/// Planes in, terminal bytes out: compose (planes → one screen frame) then rasterize (diff
/// against what the terminal shows → escapes). The player, `inset cat` and the render
/// benchmark all go through this one type, so what is measured is what is shown.
///
/// Owned by the thread that writes to the terminal. After `paint`, `output` holds the
/// frame's bytes (valid until the next call); the caller writes them in one write.
final class FramePainter {
    private var compositor = Compositor()
    private var screen = CellGrid()
    let rasterizer: Rasterizer
    /// The link's quality ladder gave up the finer blitter: pattern cells go as half blocks
    /// (`HalfBlockFolding`, on the composed screen: only the picture has pattern glyphs).
    var foldsToHalfBlocks = false

    init(colorMode: ColorMode, perceptualThreshold: Int = 3) {
        rasterizer = Rasterizer(colorMode: colorMode, perceptualThreshold: perceptualThreshold)
    }

    var output: OutputBuffer { rasterizer.output }
    var lastStats: RasterStats { rasterizer.lastStats }

    /// The whole screen must be drawn again next time (resize, resume, foreign output).
    func invalidate() { rasterizer.invalidate() }

    @discardableResult
    func paint(_ planes: [Plane], screenSize: CellSize) -> RasterStats {
        paint(planes, screenSize: screenSize, byteLimit: nil, coarser: [])
        return rasterizer.lastStats
    }

    /// Paints as above; a frame over `byteLimit` bytes (a scene cut on a slow link: every
    /// cell changed) is taken back and drawn again at each of the `coarser` qualities in
    /// turn, until one fits (the last is kept whatever it costs). The ladder's rung stays
    /// where it is: the frames after draw at it again, bringing the cells it left coarse
    /// back a rung at a time as the link allows. Returns the bytes the frame took at the
    /// painter's own quality when it drew it coarser (what the rung costs: the ladder's
    /// measure), nil when it did not.
    @discardableResult
    func paint(_ planes: [Plane], screenSize: CellSize, byteLimit: Int?, coarser: ArraySlice<CellQuality>) -> Int? {
        if screen.size != screenSize { screen.resize(to: screenSize) }
        compositor.compose(planes, into: &screen)
        var folded = foldsToHalfBlocks
        if folded { HalfBlockFolding.fold(&screen, in: screen.bounds) }
        guard let byteLimit, !coarser.isEmpty else {
            rasterizer.rasterize(screen)
            return nil
        }
        rasterizer.keepForRedo()
        var bytes = rasterizer.rasterize(screen).bytes
        guard bytes > byteLimit else { return nil }
        let atQuality = bytes
        let tolerance = rasterizer.perceptualThreshold
        for quality in coarser where bytes > byteLimit {
            rasterizer.takeBackLast()
            rasterizer.perceptualThreshold = quality.tolerance
            if quality.halfBlocks && !folded {
                HalfBlockFolding.fold(&screen, in: screen.bounds)
                folded = true
            }
            bytes = rasterizer.rasterize(screen).bytes
        }
        rasterizer.perceptualThreshold = tolerance
        return atQuality
    }

    /// The composed frame of the last `paint`, for tests and thumbnails.
    var lastScreen: CellGrid { screen }
}
