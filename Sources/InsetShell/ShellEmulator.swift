import InsetCore
import InsetRender

/// The shell pane's screen without its program: the bytes a program writes go in, by the
/// pane's own path (`FloodSkip`, then libvterm), and cells come out as the pane draws them.
///
/// `ShellSession` owns one behind its lock and feeds it what it reads from the pty; the fuzz
/// harness (`InsetFuzzing`) drives one directly, so what it checks is the very path a
/// program's output takes. Not thread-safe.
public final class ShellEmulator {
    /// The emulator; the pane also encodes keys, pastes and mouse events through it.
    let emulator: VirtualScreen
    private var regionWatch = ScrollRegionWatch()
    private var inputGuard = EmulatorInputGuard()

    public init(size: CellSize) {
        emulator = VirtualScreen(size: size)
    }

    public var size: CellSize { emulator.size }
    /// Changes with everything that changes what `draw` shows.
    public var generation: UInt64 { emulator.generation }
    /// Where the program's cursor is, as libvterm keeps it.
    public var cursor: CellPoint { emulator.cursor }
    public var isAlternateScreen: Bool { emulator.isAlternateScreen }

    /// Feeds a chunk the program wrote, without what would corrupt libvterm's memory
    /// (`EmulatorInputGuard`) and skipping what a flood of plain
    /// text would only scroll past (`FloodSkip`); returns the bytes skipped.
    @discardableResult
    public func feed(_ chunk: UnsafeRawBufferPointer) -> Int {
        FloodSkip.feed(chunk, into: emulator, through: &inputGuard, watch: &regionWatch)
    }

    /// Copies the screen into `grid` (see `VirtualScreen.draw`).
    public func draw(into grid: inout CellGrid, showCursor: Bool) {
        emulator.draw(into: &grid, showCursor: showCursor)
    }

    /// A new size: libvterm reflows what it can; on a smaller screen the scrolling region
    /// is reset by sequences of the pane's own (`VirtualScreen.resize`), which the watch
    /// and the guard follow.
    public func resize(to size: CellSize) {
        guard emulator.resize(to: size) else { return }
        regionWatch = ScrollRegionWatch()
        inputGuard.sequencesEnded()
    }

    /// What the emulator answers the program (replies to queries, encoded input),
    /// appended to `buffer` and then forgotten.
    public func takeOutput(into buffer: inout [UInt8]) {
        emulator.takeOutput(into: &buffer)
    }
}
