import InsetCore
import InsetRender

/// Fits the cells' quality to the link (`--link-rate`): the link's one measure
/// (`LinkMeter`, fed by the app after every write, cells and pictures) becomes a byte budget
/// a frame (`LinkBudget`), and the cells' ladder (`CellQuality`, `QualityLadder`) picks the
/// rung whose frames fit it; the painter draws at that rung. On a terminal nothing limits
/// there is no budget and the rung stays the first: the player draws as it always did.
/// Pictures in pixels climb their own ladder in the presenter, from the same budget, and
/// are paced by the same meter.
///
/// UI thread (the loop that writes).
struct LinkFitter {
    private(set) var budget: LinkBudget
    private var ladder: QualityLadder
    let rungs: [CellQuality]
    /// The frames shown by the front video at the last paint: a paint with more carried a
    /// new frame, the only paints the ladder weighs (one for a key is a few bytes).
    private var framesShown = 0
    /// Times the rung changed, for the closing line.
    private var changes = 0
    /// Frames drawn coarser than the rung, being too large for the link (`frameByteLimit`).
    private(set) var framesDrawnCoarser = 0
    /// A frame may take this many budgets before it is drawn coarser: one a little over
    /// goes (the terminal's buffer and the smaller frames around it take it up), one of
    /// several (a scene cut: every cell changed) would hold the link for several frames'
    /// time, and those frames would be dropped.
    static let frameAllowance = 1.5

    /// `blitter` nil: pictures in pixels, no cells to fit. `meter`: the app's one measure
    /// of the link.
    init(setting: LinkRate, blitter: Blitter?, colorMode: ColorMode, meter: LinkMeter = LinkMeter()) {
        budget = LinkBudget(setting: setting, meter: meter)
        rungs = blitter.map { CellQuality.ladder(blitter: $0, colorMode: colorMode) } ?? [CellQuality(tolerance: CellQuality.fullTolerance)]
        ladder = QualityLadder(rungs: rungs.count)
    }

    var quality: CellQuality { rungs[ladder.rung] }
    var rung: Int { ladder.rung }

    /// Bytes a frame may take at `framesPerSecond`, nil when nothing limits.
    func bytesPerFrame(framesPerSecond: Double) -> Int? {
        budget.bytesPerFrame(framesPerSecond: framesPerSecond)
    }

    /// What the first frame may take while the link is not known (`--link-rate auto`):
    /// about what a pty's buffer takes at once. A whole screen at full quality is several
    /// times that (190 KB of half blocks at 160x45): on a slow link it would hold the first
    /// half second. Drawn coarser it goes at once on a fast terminal and the next frame
    /// brings it to full quality; on a slow one its write measures the link.
    static let unmeasuredFirstFrame = 16 * 1024

    /// The most bytes a frame may take before it is drawn coarser; nil when nothing limits.
    func frameByteLimit(framesPerSecond: Double) -> Int? {
        if case .auto = budget.setting, budget.measured == nil, framesShown == 0 { return Self.unmeasuredFirstFrame }
        return bytesPerFrame(framesPerSecond: framesPerSecond).map { Int(Double($0) * Self.frameAllowance) }
    }

    /// The rungs below the current one, the next coarser first: what a frame too large is
    /// drawn at instead.
    var coarserRungs: ArraySlice<CellQuality> { rungs[(ladder.rung + 1)...] }

    /// A paint's write: `bytes` at `start` (its drain already in the meter);
    /// `framesShown` by the front video so far. `bytesAtRung`: the frame was too large and
    /// drawn coarser, and took this many at the rung (what the ladder weighs: the rung's
    /// cost). Returns whether the rung changed (the painter is to be set again).
    mutating func painted(bytes: Int, bytesAtRung: Int? = nil, at start: HostTime, framesShown: Int,
                          framesPerSecond: Double) -> Bool {
        if bytesAtRung != nil { framesDrawnCoarser += 1 }
        guard framesShown != self.framesShown else { return false }
        self.framesShown = framesShown
        guard rungs.count > 1 else { return false }
        let changed = ladder.frame(bytes: bytesAtRung ?? bytes, budget: bytesPerFrame(framesPerSecond: framesPerSecond), at: start)
        if changed { changes += 1 }
        return changed
    }

    /// Sets the painter to draw at the current rung.
    func apply(to painter: FramePainter) {
        let quality = self.quality
        painter.rasterizer.perceptualThreshold = quality.tolerance
        painter.foldsToHalfBlocks = quality.halfBlocks
    }

    /// The closing line's part, the link's one rate: "link: 1.00 MB/s measured, cells ±24 half
    /// (rung 5 of 6, 4 changes)".
    var summary: String {
        let rate: String
        switch budget.setting {
        case .off: rate = "off"
        case .fixed(let bytes): rate = String(format: "%.2f MB/s assumed", Double(bytes) / 1e6)
        case .auto: rate = budget.measured.map { String(format: "%.2f MB/s measured", $0 / 1e6) } ?? "not limiting"
        }
        guard rungs.count > 1, budget.setting != .off else { return "link: \(rate)" }
        let coarser = framesDrawnCoarser > 0 ? ", \(framesDrawnCoarser) frames drawn coarser" : ""
        return "link: \(rate), cells \(quality) (rung \(rung) of \(rungs.count - 1), \(changes) changes\(coarser))"
    }

    /// The stats corner's figures: the rate (measured or assumed), the budget a frame, and
    /// the rung when not the first: "link 1.0 MB/s 34 KB/f ±24 half".
    func figures(framesPerSecond: Double) -> String {
        guard let rate = budget.bytesPerSecond, let perFrame = bytesPerFrame(framesPerSecond: framesPerSecond) else {
            return "link " + (budget.setting == .off ? "off" : "not limiting")
        }
        let megabytes = rate >= 1e6 ? String(format: "%.1f MB/s", rate / 1e6) : String(format: "%.0f KB/s", rate / 1e3)
        return "link \(megabytes) \(perFrame / 1000) KB/f" + (rungs.count > 1 ? " \(quality)" : "")
    }
}
