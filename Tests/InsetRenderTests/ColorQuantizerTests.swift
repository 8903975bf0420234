import InsetCore
import InsetTestSupport
import Testing
@testable import InsetRender

@Suite("Colour quantisation")
struct ColorQuantizerTests {
    /// Expected indices worked out by hand from the redmean distance (and checked against
    /// an independent script): mid grey 128 is exactly ramp entry 244 (8 + 10·12).
    static let paletteCases: [(RGB, UInt8)] = [
        (RGB(0, 0, 0), 16), (RGB(255, 255, 255), 231), (RGB(255, 0, 0), 196), (RGB(0, 255, 0), 46),
        (RGB(0, 0, 255), 21), (RGB(128, 128, 128), 244), (RGB(95, 135, 175), 67),
        (RGB(100, 101, 99), 241), (RGB(50, 52, 49), 236), (RGB(240, 240, 240), 255), (RGB(18, 18, 18), 233),
        (RGB(4, 4, 4), 16), (RGB(200, 100, 50), 167), (RGB(255, 128, 0), 208), (RGB(127, 127, 127), 244),
    ]

    @Test("known colours map to known 256-colour indices", arguments: paletteCases)
    func known(color: RGB, index: UInt8) {
        #expect(ColorQuantizer.index256(color) == index)
        #expect(ColorQuantizer.nearest256Exhaustive(color) == index)
    }

    static let ansiCases: [(RGB, UInt8)] = [
        (RGB(0, 0, 0), 0), (RGB(255, 255, 255), 15), (RGB(255, 0, 0), 9), (RGB(200, 0, 0), 1),
        (RGB(0, 0, 255), 4), (RGB(128, 128, 128), 8), (RGB(240, 240, 240), 7), (RGB(30, 30, 30), 0),
    ]

    @Test("known colours map to known 16-colour indices", arguments: ansiCases)
    func known16(color: RGB, index: UInt8) {
        #expect(ColorQuantizer.index16(color) == index)
    }

    @Test("every palette colour maps to itself")
    func paletteIsFixedPoint() {
        for index in 16..<256 {
            #expect(Int(ColorQuantizer.index256(ColorQuantizer.rgb(forIndex: index))) == index)
        }
        for index in 0..<16 {
            #expect(Int(ColorQuantizer.index16(ColorQuantizer.rgb(forIndex: index))) == index)
        }
    }

    @Test("palette values")
    func paletteValues() {
        #expect(ColorQuantizer.rgb(forIndex: 16) == RGB(0, 0, 0))
        #expect(ColorQuantizer.rgb(forIndex: 67) == RGB(95, 135, 175))
        #expect(ColorQuantizer.rgb(forIndex: 231) == RGB(255, 255, 255))
        #expect(ColorQuantizer.rgb(forIndex: 232) == RGB(8, 8, 8))
        #expect(ColorQuantizer.rgb(forIndex: 255) == RGB(238, 238, 238))
        #expect(ColorQuantizer.rgb(forIndex: 9) == RGB(255, 0, 0))
    }

    @Test("near-greys go to the grey ramp unless a cube grey is nearer")
    func nearGreys() {
        var rampHits = 0
        for v in stride(from: 0, through: 255, by: 1) {
            let c = RGB(UInt8(v), UInt8(min(255, v + 1)), UInt8(max(0, v - 1)))
            let index = ColorQuantizer.index256(c)
            let shown = ColorQuantizer.rgb(forIndex: Int(index))
            // The result is neutral: on the ramp, or one of the cube's own greys.
            #expect(shown.r == shown.g && shown.g == shown.b, "\(c) -> \(index)")
            if index >= 232 { rampHits += 1 }
        }
        // The ramp has 24 steps of 10 against the cube's 6 greys: it wins most.
        #expect(rampHits > 180)
    }

    @Test("the table agrees with the exhaustive search", arguments: [1, 2, 3] as [UInt64])
    func tableMatchesExhaustive(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var mismatches256 = 0, mismatches16 = 0
        for _ in 0..<20_000 {
            let c = rng.nextRGB()
            if ColorQuantizer.index256(c) != ColorQuantizer.nearest256Exhaustive(c) { mismatches256 += 1 }
            if ColorQuantizer.index16(c) != ColorQuantizer.nearest16Exhaustive(c) { mismatches16 += 1 }
        }
        // Ties go to the lowest index in both, so agreement is exact, not approximate.
        #expect(mismatches256 == 0)
        #expect(mismatches16 == 0)
    }

    @Test("the table agrees along every box edge, where it is most fragile")
    func boxEdges() {
        var mismatches = 0
        for r in stride(from: 0, through: 255, by: 7) {
            for g in [0, 7, 8, 47, 48, 114, 115, 116, 155, 195, 235, 255] {
                for b in stride(from: 0, through: 255, by: 8) {
                    let c = RGB(UInt8(r), UInt8(g), UInt8(b))
                    if ColorQuantizer.index256(c) != ColorQuantizer.nearest256Exhaustive(c) { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("the exact xterm search agrees with the exhaustive one on a lattice through every boundary")
    func xtermSearch() {
        var mismatches = 0
        // Steps of 5 hit every cube boundary (47/48, 115/116, ...) within a level or two,
        // and the grey walk starts from many different estimates.
        for r in stride(from: 0, through: 255, by: 5) {
            for g in stride(from: 0, through: 255, by: 5) {
                for b in stride(from: 0, through: 255, by: 5) {
                    let c = RGB(UInt8(r), UInt8(g), UInt8(b))
                    if XtermPaletteSearch.nearest(packed: c.packed) != ColorQuantizer.nearest256Exhaustive(c) { mismatches += 1 }
                }
            }
        }
        for v in 0...255 {
            for (dg, db) in [(0, 0), (1, -1), (-2, 3), (4, 4)] {
                let c = RGB(UInt8(v), UInt8(min(255, max(0, v + dg))), UInt8(min(255, max(0, v + db))))
                if XtermPaletteSearch.nearest(packed: c.packed) != ColorQuantizer.nearest256Exhaustive(c) { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("cube levels: nearest with ties going down")
    func cubeLevels() {
        for v in 0...255 {
            let best = (0..<6).min { abs(XtermPaletteSearch.level($0) - v) < abs(XtermPaletteSearch.level($1) - v) }!
            #expect(XtermPaletteSearch.nearestLevel(v) == best, "\(v)")
        }
    }

    @Test("most boxes resolve with one read")
    func ambiguity() {
        // Measured: 67 % for 256 colours (the grey ramp is dense), 23 % for 16.
        #expect(ColorQuantizer.table256.ambiguousFraction < 0.7)
        #expect(ColorQuantizer.table16.ambiguousFraction < 0.3)
    }

    @Test("redmean distance is symmetric, zero on equal colours, green-weighted")
    func distance() {
        let a = RGB(10, 200, 30), b = RGB(250, 20, 90)
        #expect(ColorQuantizer.distance(a, b) == ColorQuantizer.distance(b, a))
        #expect(ColorQuantizer.distance(a, a) == 0)
        #expect(ColorQuantizer.distance(RGB(0, 10, 0), .black) > ColorQuantizer.distance(RGB(0, 0, 10), .black))
        #expect(ColorQuantizer.distance(RGB(5, 5, 5), .black) == 25 * ColorQuantizer.greyStepDistance)
    }
}
