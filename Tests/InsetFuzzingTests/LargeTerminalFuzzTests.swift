import InsetCore
import InsetFuzzing
import Testing

/// The very-large-terminal fuzz target (issue 42 item 5): its inputs, and the largest screen
/// and cells the probe takes, lay out pictures inside the pixel bound.
@Suite("Very large terminals fuzz target (issue 42 item 5)")
struct LargeTerminalFuzzTests {
    @Test("issue 42 item 5: a fixed seed's inputs pass the target's check")
    func fixedSeed() {
        for index in 0..<500 {
            let input = LargeTerminalFuzz.input(seed: 1, index: index)
            #expect(LargeTerminalFuzz.check(input) == nil, "input \(index): \(input)")
        }
    }

    @Test("issue 42 item 5: 65535x65535 cells that say they are 512x512 pixels each, with a video past screenshots' bound")
    func largestScreen() {
        let input = LargeTerminalFuzz.Input(cells: CellSize(columns: 65535, rows: 65535), windowPixels: .zero,
                                            replies: Array("\u{1B}[6;512;512t".utf8), coded: PixelSize(width: 16384, height: 16384),
                                            sampleAspect: Ratio(32767, 1), rotation: .clockwise90)
        #expect(LargeTerminalFuzz.check(input) == nil)
    }
}
