import InsetCore
import Testing
@testable import InsetRender

/// The rasterizer's output, fed to a strict terminal model, must leave the screen exactly
/// as the composed frame says, after every frame of long random sequences.
@Suite("Replay into a terminal model")
struct ReplayTests {
    static let seeds: [UInt64] = [1, 2, 3, 4, 5, 6]

    @Test("every frame lands exactly", arguments: seeds, ColorMode.allCases)
    func everyFrameLands(seed: UInt64, mode: ColorMode) throws {
        for content in [ReplayScene.Content.noisy, .mostlyStatic] {
            try run(seed: seed, content: content, mode: mode, threshold: 0, frames: 50)
        }
    }

    @Test("with a threshold, the screen is the baseline and within the threshold", arguments: [11, 12, 13] as [UInt64])
    func thresholdReplay(seed: UInt64) throws {
        try run(seed: seed, content: .mostlyStatic, mode: .truecolor, threshold: 4, frames: 50)
        try run(seed: seed, content: .noisy, mode: .truecolor, threshold: 4, frames: 50)
    }

    private func run(seed: UInt64, content: ReplayScene.Content, mode: ColorMode, threshold: Int, frames: Int) throws {
        var scene = ReplayScene(seed: seed, content: content)
        let rasterizer = Rasterizer(colorMode: mode, perceptualThreshold: threshold)
        var model = TerminalModel(size: scene.screen)
        model.scramble(seed: seed &* 31)
        var changedInDiffs = 0, cellsInDiffs = 0
        for index in 0..<frames {
            let (frame, event) = scene.nextFrame()
            switch event {
            case .none: break
            case .resized: model.resize(to: frame.size, junkSeed: seed &+ UInt64(index))
            case .invalidated:
                model.scramble(seed: seed &* 7 &+ UInt64(index))
                rasterizer.invalidate()
            }
            let stats = try replay(frame, through: rasterizer, into: &model)
            if !stats.fullRedraw {
                changedInDiffs += stats.cellsChanged
                cellsInDiffs += frame.size.count
            }
            let context = "seed \(seed) \(content) \(mode) frame \(index) screen \(frame.size)"
            if threshold == 0 {
                let mismatch = firstMismatch(model, frame, mode: mode)
                try #require(mismatch == nil, "\(context): \(mismatch ?? "")")
            } else {
                let problem = thresholdViolation(model, frame, shown: rasterizer.baseline, threshold: threshold)
                try #require(problem == nil, "\(context): \(problem ?? "")")
            }
            if event != .none { #expect(stats.fullRedraw, "\(context): expected a full redraw") }
        }
        if content == .mostlyStatic && threshold == 0 {
            // Diffing must pay off on static content: most cells are left alone.
            #expect(changedInDiffs * 2 < cellsInDiffs, "seed \(seed): \(changedInDiffs) of \(cellsInDiffs) cells changed")
        }
    }
}

/// Checks the threshold contract: the screen equals the rasterizer's baseline, and every
/// colour on it is within the threshold of the frame's; glyphs and attributes are exact.
func thresholdViolation(_ model: TerminalModel, _ frame: CellGrid, shown: CellGrid, threshold: Int) -> String? {
    let limit = threshold * threshold * ColorQuantizer.greyStepDistance
    for row in 0..<frame.rows {
        for column in 0..<frame.columns {
            let want = frame[column, row], base = shown[column, row], have = model[column, row]
            let baseShown = ModelCell(glyph: base.glyph, foreground: RGB(packed: base.foreground),
                                      background: RGB(packed: base.background), attributes: base.attributes)
            if have != baseShown { return "cell (\(column),\(row)): screen \(have) but baseline \(baseShown)" }
            guard let fg = have.foreground, let bg = have.background else { return "cell (\(column),\(row)) has a default colour" }
            var glyph = TerminalGlyph.shown(want.glyph, foreground: want.foreground, background: want.background,
                                            attributes: want.attributes.intersection(.all))
            var (wantFG, wantBG) = (want.foreground, want.background)
            // Shown by its complement, the colours swapped: the same picture.
            let complement = SubCellGlyphs.complement(of: glyph)
            if complement != 0 && have.glyph == complement && want.attributes.isEmpty {
                glyph = complement
                (wantFG, wantBG) = (wantBG, wantFG)
            }
            if have.glyph != glyph || have.attributes != want.attributes {
                return "cell (\(column),\(row)): glyph or attributes differ: \(have)"
            }
            if ColorQuantizer.distance(fg, RGB(packed: wantFG)) > limit || ColorQuantizer.distance(bg, RGB(packed: wantBG)) > limit {
                return "cell (\(column),\(row)): \(have) beyond the threshold of \(RGB(packed: wantFG)) / \(RGB(packed: wantBG))"
            }
        }
    }
    return nil
}
