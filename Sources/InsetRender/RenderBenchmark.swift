import InsetCore

/// A micro benchmark of the render path alone (blit → compose → rasterize into memory),
/// for `inset bench --stage render` and for profiling; no terminal, no decoder.
///
/// Each frame blits the image into a full-screen video plane, composes it under a small
/// boxed picture-in-picture plane (so the compositor clips and layers), and rasterizes
/// the result. With `.panning` the picture shifts by one pixel every frame, so nearly
/// every cell changes, as in real video; with `.still` every frame after the first is
/// identical, which measures the cost of finding that nothing changed.
public enum RenderBenchmark {
    public enum Motion: String, Sendable, CaseIterable {
        case panning, still
    }

    public struct Result: Sendable {
        public var frames: Int
        public var totalBytes: Int
        /// Wall time of each frame, all three stages, in nanoseconds.
        public var frameNanoseconds: [Int64]
        /// Totals per stage over all frames, in nanoseconds.
        public var blitNanoseconds: Int64
        public var composeNanoseconds: Int64
        public var rasterizeNanoseconds: Int64
        public var cellsChanged: Int

        public var bytesPerFrame: Double { frames > 0 ? Double(totalBytes) / Double(frames) : 0 }

        /// The `p`th percentile (0...100) of the frame times, in milliseconds.
        public func percentileMilliseconds(_ p: Double) -> Double {
            guard !frameNanoseconds.isEmpty else { return 0 }
            let sorted = frameNanoseconds.sorted()
            let rank = Int((p / 100 * Double(sorted.count - 1)).rounded())
            return Double(sorted[min(max(rank, 0), sorted.count - 1)]) / 1e6
        }

        public var framesPerSecond: Double {
            let total = frameNanoseconds.reduce(0, +)
            return total > 0 ? Double(frames) * 1e9 / Double(total) : 0
        }
    }

    /// Renders `frames` frames of `image` on a screen of `screen` cells and measures them.
    /// The image is shown from its top-left corner, cropped or padded with black to the
    /// screen's half-block pixel size.
    public static func run(image: RGBImage, screen: CellSize, frames: Int,
                           colorMode: ColorMode = .truecolor, perceptualThreshold: Int = 0,
                           motion: Motion = .panning) -> Result {
        let frames = max(0, frames)
        var result = Result(frames: frames, totalBytes: 0, frameNanoseconds: [], blitNanoseconds: 0,
                            composeNanoseconds: 0, rasterizeNanoseconds: 0, cellsChanged: 0)
        result.frameNanoseconds.reserveCapacity(frames)
        guard !screen.isEmpty else { return result }

        let pixels = screen.halfBlockPixels
        let pipSize = CellSize(columns: max(2, screen.columns / 3), rows: max(2, screen.rows / 3))
        var planes = [
            Plane(size: screen, zIndex: 0, fill: .blank, isOpaque: true),
            Plane(size: pipSize, origin: CellPoint(column: screen.columns - pipSize.columns - 1,
                                                   row: screen.rows - pipSize.rows - 1),
                  zIndex: 1, fill: .blank, isOpaque: true),
        ]
        planes[1].grid.drawBox(planes[1].grid.bounds, title: "Picture in picture",
                               style: CellStyle(foreground: RGB(200, 200, 200), background: .black))
        var compositor = Compositor()
        var frame = CellGrid(size: screen)
        let rasterizer = Rasterizer(colorMode: colorMode, perceptualThreshold: perceptualThreshold)
        let clock = ContinuousClock()

        for index in 0..<frames {
            let shift = motion == .panning ? index % 2 : 0
            let t0 = clock.now
            planes[0].grid.blitHalfBlocks(image, region: PixelRect(x: shift, y: 0, width: pixels.width,
                                                                    height: pixels.height))
            planes[1].grid.blitHalfBlocks(
                image, region: PixelRect(x: 1 - shift, y: 0, width: pipSize.columns - 2, height: 2 * (pipSize.rows - 2)),
                at: CellPoint(column: 1, row: 1))
            let t1 = clock.now
            compositor.compose(planes, into: &frame)
            let t2 = clock.now
            let stats = rasterizer.rasterize(frame)
            let t3 = clock.now
            result.blitNanoseconds += nanoseconds(t1 - t0)
            result.composeNanoseconds += nanoseconds(t2 - t1)
            result.rasterizeNanoseconds += nanoseconds(t3 - t2)
            result.frameNanoseconds.append(nanoseconds(t3 - t0))
            result.totalBytes += stats.bytes
            result.cellsChanged += stats.cellsChanged
        }
        return result
    }

    private static func nanoseconds(_ d: Duration) -> Int64 {
        let (seconds, attoseconds) = d.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
