import InsetCore

/// What one call of `Rasterizer.rasterize` did.
public struct RasterStats: Hashable, Sendable {
    /// Bytes in the output, sync markers included.
    public var bytes: Int = 0
    /// Cells that differed from what the terminal showed and were written.
    public var cellsChanged: Int = 0
    /// Unchanged cells written again because that was shorter than moving past them.
    public var cellsRewritten: Int = 0
    /// The frame was drawn in full (first frame, new size, after `invalidate()`).
    public var fullRedraw: Bool = false

    public init() {}
}

/// Turns screen frames into the escapes that update the terminal: the *rasterize* stage.
///
/// It keeps a baseline, the cells the terminal shows now (in the terminal's terms: palette
/// indices in 256/16 colour modes), and for each new frame writes only the cells that
/// differ, into `output`, wrapped in synchronized-update markers (`ESC[?2026h` …
/// `ESC[?2026l`) so the terminal shows the frame at once. A frame identical to the last
/// writes only the two markers.
///
/// Bytes are kept few: the cursor and the SGR state are tracked, colours are sent only
/// when they differ from the current ones, and to reach the next changed cell on a row it
/// takes the shortest of CUP, CUF and re-writing the few unchanged cells in between.
///
/// With a `perceptualThreshold` above 0 (truecolor only), a cell whose colours moved less
/// than the threshold is left alone, and a changed cell keeps the current SGR colour when
/// that is within the threshold of the one asked for. The baseline keeps what was really
/// sent, so each frame is compared with what is on screen and errors cannot accumulate:
/// the screen always lies within the threshold of the latest frame.
///
/// Ownership: one thread (the one that writes to the terminal) owns a rasterizer and its
/// output. Between frames others may move the cursor or set modes (every frame starts
/// with a CUP), but anything that changes cells or the SGR state (colours, attributes)
/// must be followed by `invalidate()`. In steady state (same-size frames) `rasterize`
/// allocates nothing.
public final class Rasterizer {
    public var colorMode: ColorMode {
        didSet { if colorMode != oldValue { invalidate() } }
    }
    /// Largest colour change, in grey steps (see `ColorQuantizer.greyStepDistance`), that
    /// counts as no change. 0 sends every change exactly. Used in truecolor mode only:
    /// palette modes compare the indices the terminal shows.
    public var perceptualThreshold: Int

    /// The bytes of the last frame; valid until the next `rasterize`.
    public let output = OutputBuffer(capacity: 256 * 1024)
    public private(set) var lastStats = RasterStats()

    /// What the terminal shows, as codes of the colour mode.
    private(set) var baseline = CellGrid()
    private var baselineValid = false
    private var state = TerminalState()
    /// What the terminal showed before the last frame (`keepForRedo`), to draw it again.
    private var keptBaseline = CellGrid()
    private var keptBaselineValid = false
    private var keptState = TerminalState()

    /// Where the frame's top-left cell is on the terminal; changing it redraws in full.
    public var origin: CellPoint = .zero {
        didSet {
            guard origin != oldValue else { return }
            state.originRow = origin.row
            state.originColumn = origin.column
            invalidate()
        }
    }

    /// Embed mode: the frame is a rectangle of a screen that belongs to someone else (a
    /// shell, a file manager). A full redraw writes every cell instead of clearing the
    /// screen, and each frame saves the cursor (and SGR) first and puts it back last
    /// (DECSC, DECRC), so the program the cursor belongs to finds it where it left it;
    /// the SGR state is therefore unknown at each frame's start.
    public var embedded = false

    static let saveCursor: StaticString = "\u{1B}7"
    static let restoreCursor: StaticString = "\u{1B}8"

    public init(colorMode: ColorMode = .truecolor, perceptualThreshold: Int = 2) {
        self.colorMode = colorMode
        self.perceptualThreshold = max(0, perceptualThreshold)
    }

    /// Forces the next frame to be drawn in full, clearing the screen first: after a
    /// terminal resize, a resume from Ctrl-Z, or anything else that wrote to the screen.
    public func invalidate() {
        baselineValid = false
        state.forget()
    }

    /// Keeps what the terminal shows, so that the next frame, once rasterized, can be taken
    /// back (`takeBackLast`) and drawn again another way: a frame too large for the link,
    /// drawn coarser. A copy of the cells, no allocation once the size is steady.
    public func keepForRedo() {
        keptBaseline.copy(from: baseline)
        keptBaselineValid = baselineValid
        keptState = state
    }

    /// Forgets the frame rasterized since `keepForRedo` (it was not written): the next
    /// `rasterize` starts from what the terminal showed before it.
    public func takeBackLast() {
        baseline.copy(from: keptBaseline)
        baselineValid = keptBaselineValid
        state = keptState
    }

    /// Synchronized update (mode 2026): the terminal shows what comes between at once.
    public static let syncBegin: StaticString = "\u{1B}[?2026h"
    public static let syncEnd: StaticString = "\u{1B}[?2026l"

    /// Writes the escapes that turn the screen into `frame` into `output` (replacing its
    /// previous contents) and returns what it did, also kept in `lastStats`.
    @discardableResult
    public func rasterize(_ frame: CellGrid) -> RasterStats {
        precondition(frame.columns < 100_000 && frame.rows < 100_000, "frame \(frame.size) too large")
        output.removeAll()
        output.append(Rasterizer.syncBegin)
        if embedded {
            output.append(Rasterizer.saveCursor)
            state.forget()
        }
        var stats = RasterStats()
        if !baselineValid || baseline.size != frame.size {
            // Everything is unknown: reset SGR (so the state is known), clear, draw it all.
            // The baseline's contents do not matter: a full redraw ignores them. Embedded,
            // nothing outside the frame may be touched: no clear, every cell is written.
            if baseline.size != frame.size { baseline.resize(to: frame.size) }
            output.append(embedded ? "\u{1B}[0m" as StaticString : "\u{1B}[0m\u{1B}[2J" as StaticString)
            state.forget()
            state.attributes = 0
            stats.fullRedraw = true
            baselineValid = true
        }
        // Anything may have moved the cursor since the last frame; one CUP per frame is
        // cheap insurance.
        state.forgetCursor()
        // One rule for "the same colour" in every mode (`sameColorDistance`), which checks
        // of the terminal's picture read too.
        let threshold = sameColorDistance
        switch colorMode {
        case .truecolor:
            diff(frame, encoding: TrueColorEncoding(), threshold: threshold, stats: &stats)
        case .palette256:
            diff(frame, encoding: Palette256Encoding(), threshold: threshold, stats: &stats)
        case .palette16:
            diff(frame, encoding: Palette16Encoding(), threshold: threshold, stats: &stats)
        }
        if embedded { output.append(Rasterizer.restoreCursor) }
        output.append(Rasterizer.syncEnd)
        stats.bytes = output.count
        lastStats = stats
        return stats
    }

    /// The most a row can take: per column one move (CUP ≤ 16 bytes below 100 000 rows and
    /// columns), one SGR (≤ 52), one glyph (≤ 16: a kitty placeholder and its three
    /// diacritics), plus the digit table's 2 bytes of slack.
    private static let maxBytesPerColumn = 96

    private func diff<E: ColorEncoding>(_ frame: CellGrid, encoding: E, threshold: Int,
                                        stats: inout RasterStats) {
        let columns = frame.columns
        guard columns > 0 else { return }
        var row = RowDiffer(encoding: encoding, columns: columns, full: stats.fullRedraw,
                            threshold: threshold, state: state)
        let output = self.output
        frame.withUnsafeCells { intended in
            baseline.withUnsafeMutableCells { shown in
                for r in 0..<frame.rows {
                    output.withWriter(reserving: columns * Rasterizer.maxBytesPerColumn + 64) { writer in
                        row.diff(row: r, intended: intended.baseAddress! + r * columns,
                                 shown: shown.baseAddress! + r * columns, into: &writer)
                    }
                }
            }
        }
        state = row.state
        stats.cellsChanged = row.cellsChanged
        stats.cellsRewritten = row.cellsRewritten
    }
}
