import InsetCore

/// Very large terminals (issue 42 item 5): a terminal's size and cell-size replies at and past
/// their bounds, through the probe's parsing (`TerminalReplyParser`, the window's pixels over
/// its cells), the layout of a picture for each way of sending it (`Viewport.fit`: sixel's
/// own pixels, kitty's and iTerm2's scaled to their cells, blitters), and the visualiser's
/// drawing size. (A picture at the bound through the sixel encoder is `LargeSixelPictureTests`';
/// here it would take a debug build past the harness's 20 s an input.)
///
/// A failure is a picture past `PictureBound`, or outside its viewport, or a cell size taken
/// outside 1...512; a trap (an overflow, a precondition) ends the harness, which names the input.
public enum LargeTerminalFuzz {
    /// One input: the screen, the terminal's replies, and a video to lay out on it.
    public struct Input: Sendable, CustomStringConvertible {
        public var cells: CellSize
        public var windowPixels: PixelSize
        /// `CSI 6 ; H ; W t` and the like, as the terminal sends them.
        public var replies: [UInt8]
        public var coded: PixelSize
        public var sampleAspect: Ratio
        public var rotation: VideoRotation

        public init(cells: CellSize, windowPixels: PixelSize, replies: [UInt8], coded: PixelSize, sampleAspect: Ratio,
                    rotation: VideoRotation) {
            self.cells = cells; self.windowPixels = windowPixels; self.replies = replies
            self.coded = coded; self.sampleAspect = sampleAspect; self.rotation = rotation
        }

        public var description: String {
            "cells \(cells), window \(windowPixels), video \(coded) SAR \(sampleAspect) \(rotation)\n"
                + "replies \(String(decoding: replies.map { $0 == 0x1B ? UInt8(ascii: "^") : $0 }, as: UTF8.self))\n"
        }
    }

    /// Input `index` of the run seeded `seed`.
    public static func input(seed: UInt64, index: Int) -> Input {
        var random = FuzzRandom(seed: seed, index: index)
        func side(_ limit: Int) -> Int { random.pick([1, 2, limit, limit - 1, random.int(1...limit), random.int(1...300)]) }
        let cells = CellSize(columns: side(65535), rows: side(65535))
        let windowPixels = PixelSize(width: random.int(0...65535), height: random.int(0...65535))
        var replies: [UInt8] = []
        for _ in 0..<random.int(1...3) {
            let kind = random.pick([6, 6, 4, 8])
            let number = { (random: inout FuzzRandom) -> String in
                random.pick(["512", "513", "1", "0", "\(random.int(1...512))", "40000", "4294967296", "99999999999999999999", ""])
            }
            replies += Array("\u{1B}[\(kind);\(number(&random));\(number(&random))t".utf8)
        }
        return Input(cells: cells, windowPixels: windowPixels, replies: replies,
                     coded: PixelSize(width: side(16384), height: side(16384)),
                     sampleAspect: Ratio(random.pick([0, 1, 4, 32767, random.int(1...100)]), random.pick([0, 1, 3, 32767, random.int(1...100)])),
                     rotation: random.pick(VideoRotation.allCases))
    }

    /// What was wrong with `input`, nil when nothing was.
    public static func check(_ input: Input) -> String? {
        var parser = TerminalReplyParser()
        var capabilities = TerminalCapabilities(environment: [:])
        for reply in parser.feed(input.replies) { capabilities.record(reply) }
        if capabilities.cellPixels == nil, let cell = TerminalCapabilities.cellPixels(window: input.windowPixels, cells: input.cells) {
            capabilities.cellPixels = cell
        }
        let cell = capabilities.cellPixels ?? PixelSize(width: 10, height: 20)
        guard TerminalCapabilities.isPlausibleCell(cell) else { return "cell size \(cell) taken outside 1...512" }
        let rasters = [CellRaster(cellPixels: cell), CellRaster(cellPixels: cell, scalesToCells: true),
                       CellRaster(blitter: .half, cellAspect: Double(cell.width) / Double(cell.height)),
                       CellRaster(blitter: .octant, cellAspect: Double(cell.width) / Double(cell.height))]
        for raster in rasters {
            let viewport = Viewport(cells: input.cells, raster: raster)
            let rect = viewport.fit(coded: input.coded, sampleAspect: input.sampleAspect, rotation: input.rotation)
            guard PictureBound.contains(rect.size) else { return "\(raster): picture \(rect) past the bound" }
            guard rect.x >= 0, rect.y >= 0, rect.x + rect.width <= viewport.pixels.width, rect.y + rect.height <= viewport.pixels.height else {
                return "\(raster): picture \(rect) outside the viewport's \(viewport.pixels)"
            }
            let drawing = Visualizer.drawingSize(for: viewport.pixels)
            guard PictureBound.contains(drawing) else { return "\(raster): visualiser drawing \(drawing) past the bound" }
        }
        return nil
    }
}
