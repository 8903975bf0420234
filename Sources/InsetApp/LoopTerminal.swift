import InsetCore
import InsetTerminal

/// What the loop needs of the terminal once it has it: its size and where the frame goes,
/// one write at a time, the input of a turn, and giving it back. `TerminalSession` is the
/// real one (ncurses, the tty); tests build an `App` on one that counts its writes.
///
/// UI thread.
protocol LoopTerminal: AnyObject {
    /// The cells the frame fills (embedded: the rectangle's).
    var size: CellSize { get }
    /// The whole terminal's cells.
    var terminalSize: CellSize { get }
    /// Where the frame's first cell is on the terminal (embedded: the rectangle's corner).
    var origin: CellPoint { get }
    /// Whether a key or another input waits to be read (a long picture write stops for it).
    var hasPendingInput: Bool { get }
    /// Writes `bytes` whole; returns how long the write blocked.
    func write(_ bytes: UnsafeRawBufferPointer) throws -> Duration
    /// What the terminal read while the last write waited for it (its rate), nil if it
    /// did not wait (`TerminalWriter.Drain`).
    var lastDrain: TerminalWriter.Drain? { get }
    /// What arrived within `timeout` (or once `wakeDescriptor`, which it drains, or
    /// `watching`, which it leaves to its owner, became readable).
    func nextEvents(timeout: Duration, wakeDescriptor: Int32?, watching: Int32?) -> [InputEvent]
    /// Runs `body`, whose writes reach the terminal as one to the other players sharing it
    /// (embed mode: another player's bytes never land inside a picture written in slices).
    func asOneWrite<Result>(_ body: () -> Result) -> Result
    /// Gives the terminal back as it was.
    func restore()
}

extension LoopTerminal {
    /// A terminal of its own: nothing else writes to it, so any run of writes is one.
    func asOneWrite<Result>(_ body: () -> Result) -> Result { body() }

    /// A terminal that never makes a write wait.
    var lastDrain: TerminalWriter.Drain? { nil }

    /// Writes `bytes` whole (a few bytes of escapes).
    @discardableResult
    func write(_ bytes: [UInt8]) throws -> Duration { try bytes.withUnsafeBytes { try write($0) } }
}

extension TerminalSession: LoopTerminal {
    func write(_ bytes: UnsafeRawBufferPointer) throws -> Duration { try writer.write(bytes) }
    var lastDrain: TerminalWriter.Drain? { writer.statistics.lastDrain }
    func asOneWrite<Result>(_ body: () -> Result) -> Result { writer.asOneWrite(body) }
}
