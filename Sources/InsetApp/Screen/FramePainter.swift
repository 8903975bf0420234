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
        if screen.size != screenSize { screen.resize(to: screenSize) }
        compositor.compose(planes, into: &screen)
        if foldsToHalfBlocks { HalfBlockFolding.fold(&screen, in: screen.bounds) }
        return rasterizer.rasterize(screen)
    }

    /// The composed frame of the last `paint`, for tests and thumbnails.
    var lastScreen: CellGrid { screen }
}
