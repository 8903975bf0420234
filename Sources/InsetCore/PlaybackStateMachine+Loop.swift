/// An A-B loop: playback between two times of the file, over and over, the sound with it.
public struct ABLoop: Hashable, Sendable {
    public var start: MediaTime
    /// Nil while only A is set: nothing loops yet.
    public var end: MediaTime?

    public init(start: MediaTime, end: MediaTime? = nil) { self.start = start; self.end = end }
}

extension PlaybackStateMachine {
    /// A, then B, then off. B before A swaps them, so the loop is the span between the two
    /// presses whichever came first; B at A itself is ignored (a loop of nothing).
    mutating func cycleLoopPoint() -> [PlaybackEffect] {
        guard range != nil else { return [] }
        switch loop {
        case nil:
            loop = ABLoop(start: position)
        case let current? where current.end == nil:
            guard position != current.start else { return [] }
            loop = ABLoop(start: min(position, current.start), end: max(position, current.start))
        default:
            loop = nil
        }
        return []
    }

    /// Playing at or past B: back to A. A seek outside the loop is the user's, and the loop
    /// brings it back as soon as it is past B, as mpv's does.
    mutating func loopBackIfPast() -> [PlaybackEffect] {
        guard playing, let end = loop?.end, position >= end else { return [] }
        return loopBack() ?? []
    }

    /// The seek to A, not refused by `--linear` (the user set the loop).
    mutating func loopBack() -> [PlaybackEffect]? {
        guard let loop, loop.end != nil else { return nil }
        position = loop.start
        finished = false
        return [.seek(to: loop.start)]
    }
}
