import InsetCore

/// The videos' machines' answers waiting to be handled and events waiting to be sent, in
/// order, and whether they are being worked through now: the queue the app's `deliver` and
/// `navigate` work through (`Director+Machines`), so no handler re-enters a machine. The
/// playback module's, as the machines it queues for are.
///
/// UI thread.
public struct MachineEvents {
    private var waiting: [Item] = []

    public init() {}

    public var draining = false
    /// How deep `react` is (1 while one runs), and the deepest it has been: nothing may
    /// handle a machine's answer inside the handling of another (tests read it).
    public var depth = 0
    public private(set) var deepest = 0
    /// How deep `navigate` is, and the deepest it has been: what a move asks of a machine
    /// waits until the move is done, so no move is made inside another (tests read it).
    public var navigationDepth = 0
    public private(set) var deepestNavigation = 0

    public enum Item {
        case answer(Playback, [PlaybackEffect])
        case event(Playback, PlaybackEvent)
    }

    public mutating func append(_ video: Playback, _ event: PlaybackEvent) { waiting.append(.event(video, event)) }
    public mutating func append(_ video: Playback, _ effects: [PlaybackEffect]) { waiting.append(.answer(video, effects)) }

    public mutating func popFirst() -> Item? {
        waiting.isEmpty ? nil : waiting.removeFirst()
    }

    public mutating func entered() {
        depth += 1
        deepest = max(deepest, depth)
    }

    public mutating func enteredNavigation() {
        navigationDepth += 1
        deepestNavigation = max(deepestNavigation, navigationDepth)
    }
}
