/// The enter and leave animations: the rectangle to draw the picture in at frame `k` of
/// `n`, between the player's video rectangle on the full screen and the window's frame.
///
/// The app steps `k` from 0 to `n` on its frame clock (`PlaybackSnapshot.phaseSince` says
/// when the animation began) and then sends `PlaybackEvent.animationFinished`. Frame 0 is
/// exactly where the animation starts and frame `n` exactly where it ends, so the first and
/// last frames join the still screens without a jump.
extension PiPLayout {
    /// Frames of an enter or exit animation: about a quarter of a second at 30 frames/s.
    public static let animationFrameCount = 8

    /// The rectangle at frame `k` of `n` from `start` to `end`, easing out (fast first, then
    /// settling) so the window seems to land rather than stop. Each edge moves on its own
    /// and is rounded to a cell; `k` is clamped to `0...n`.
    public static func interpolate(from start: CellRect, to end: CellRect, frame k: Int, of n: Int) -> CellRect {
        guard n > 0 else { return end }
        let t = Double(min(max(k, 0), n)) / Double(n)
        let eased = 1 - (1 - t) * (1 - t) * (1 - t)
        func mix(_ a: Int, _ b: Int) -> Int { a + Int((Double(b - a) * eased).rounded()) }
        let minColumn = mix(start.minColumn, end.minColumn), maxColumn = mix(start.maxColumn, end.maxColumn)
        let minRow = mix(start.minRow, end.minRow), maxRow = mix(start.maxRow, end.maxRow)
        return CellRect(column: minColumn, row: minRow,
                        columns: max(0, maxColumn - minColumn), rows: max(0, maxRow - minRow))
    }

    /// Entering PiP: from the player's video rectangle (frame 0) to the window (frame `n`).
    public func enterFrame(_ k: Int, of n: Int = PiPLayout.animationFrameCount, from playerRect: CellRect) -> CellRect {
        PiPLayout.interpolate(from: playerRect, to: frame, frame: k, of: n)
    }

    /// Leaving PiP on a restore: from the window (frame 0) back to the player's video
    /// rectangle (frame `n`).
    public func exitFrame(_ k: Int, of n: Int = PiPLayout.animationFrameCount, to playerRect: CellRect) -> CellRect {
        PiPLayout.interpolate(from: frame, to: playerRect, frame: k, of: n)
    }
}
