import InsetCore

/// What the director asks of the loop that owns the terminal (ARCHITECTURE.md, "The
/// director and its loop"). The director never writes to the terminal: it says what is due,
/// and the loop drains the queue once per turn.
enum AppEffect: Equatable, Sendable {
    /// The screen changed: compose the planes, rasterize, write one frame, and present the
    /// picture the frame shows.
    case paint
    /// What the terminal shows is unknown (a resize, a return from Ctrl-Z): the next paint
    /// writes every cell.
    case redrawAll
    /// The session is over.
    case quit
}

/// The director's pending effects: `paint` at most once per turn, the others in order.
struct EffectQueue {
    private(set) var needsPaint = false
    private var pending: [AppEffect] = []

    mutating func append(_ effect: AppEffect) {
        if effect == .paint { needsPaint = true } else if !pending.contains(effect) { pending.append(effect) }
    }

    /// Drops a paint asked for (a key sent to the shell changes nothing until it echoes).
    mutating func cancelPaint() { needsPaint = false }

    /// Everything pending, the paint last, and empty after.
    mutating func take() -> [AppEffect] {
        var taken = pending
        if needsPaint { taken.append(.paint) }
        pending.removeAll(keepingCapacity: true)
        needsPaint = false
        return taken
    }
}
