import InsetCore

/// Maps 24-bit colours to the xterm 256-colour palette and to the 16 ANSI colours.
///
/// 256 colours use only the 6x6x6 cube (16–231, levels 0, 95, 135, 175, 215, 255) and the
/// grey ramp (232–255, 8 + 10k): indices 0–15 are the user's theme colours, which differ
/// from terminal to terminal, so a picture quantised to them would come out wrong. The 16
/// colour mode has no choice but the theme; it assumes xterm's default values.
///
/// Distance is "redmean" (Riemersma, compuphase.com/cmetric.htm): squared RGB differences
/// weighted by how sensitive the eye is to each channel, with red and blue weights sliding
/// with the mean red. It tracks perceived difference far better than plain RGB distance
/// (greens and dark blues no longer collapse) at the cost of a few integer multiplies,
/// whereas CIELAB would need a float cube root per colour and curved boundaries that the
/// table's box bounds could not be exact for. In integers, scaled by 512 so it is exact:
/// `(1024 + s)·ΔR² + 2048·ΔG² + (1534 − s)·ΔB²` where `s = r1 + r2`.
///
/// Lookups go through `PaletteTable`, built once on first use and shared.
public enum ColorQuantizer {
    /// The six levels of each axis of the xterm colour cube.
    public static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// xterm's default values for the 16 theme colours.
    static let ansiColors: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The colour a palette index shows: xterm's defaults for 0–15, the cube, the ramp.
    public static func rgb(forIndex index: Int) -> RGB {
        precondition((0...255).contains(index), "palette index \(index) out of range")
        switch index {
        case 0..<16:
            return ansiColors[index]
        case 16..<232:
            let i = index - 16
            return RGB(cubeLevels[i / 36], cubeLevels[(i / 6) % 6], cubeLevels[i % 6])
        default:
            let v = UInt8(8 + 10 * (index - 232))
            return RGB(v, v, v)
        }
    }

    /// The redmean distance, squared and scaled by 512 (see the type's summary).
    @inline(__always)
    public static func distance(_ a: RGB, _ b: RGB) -> Int {
        let s = Int(a.r) + Int(b.r)
        let dr = Int(a.r) - Int(b.r), dg = Int(a.g) - Int(b.g), db = Int(a.b) - Int(b.b)
        return (1024 + s) * dr * dr + 2048 * dg * dg + (1534 - s) * db * db
    }

    /// Whether two packed colours are within `threshold` (a scaled squared `distance`).
    @inline(__always)
    static func isClose(_ a: UInt32, _ b: UInt32, within threshold: Int) -> Bool {
        // A palette or default colour (TerminalColor) is only ever equal to itself.
        a == b || ((a | b) < TerminalColor.paletteTag && distance(RGB(packed: a), RGB(packed: b)) <= threshold)
    }

    /// `distance` for the same change on all three channels of one step: a grey moving by
    /// Δ is `greyStepDistance · Δ²` away. Thresholds are given in such grey steps.
    public static let greyStepDistance = 1024 + 2048 + 1534

    /// Shared tables, built on first use (`static let` initialisation is thread-safe).
    static let table256 = PaletteTable(palette: (16..<256).map { (UInt8($0), rgb(forIndex: $0)) }, search: .xterm256)
    static let table16 = PaletteTable(palette: (0..<16).map { (UInt8($0), rgb(forIndex: $0)) }, search: .exhaustive)

    /// The nearest xterm-256 index (16–255) by table lookup.
    @inline(__always)
    public static func index256(_ color: RGB) -> UInt8 { table256.index(packed: color.packed) }

    @inline(__always)
    public static func index256(packed: UInt32) -> UInt8 { table256.index(packed: packed) }

    /// The nearest of the 16 ANSI colours (0–15), by table lookup.
    @inline(__always)
    public static func index16(_ color: RGB) -> UInt8 { table16.index(packed: color.packed) }

    @inline(__always)
    public static func index16(packed: UInt32) -> UInt8 { table16.index(packed: packed) }

    /// The nearest 256-colour index by comparing all 240 entries; the slow reference.
    public static func nearest256Exhaustive(_ color: RGB) -> UInt8 { table256.nearestExhaustive(color) }

    /// The nearest 16-colour index by comparing all 16 entries; the slow reference.
    public static func nearest16Exhaustive(_ color: RGB) -> UInt8 { table16.nearestExhaustive(color) }
}
