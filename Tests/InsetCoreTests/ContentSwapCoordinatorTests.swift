import Testing
import InsetCore

/// Two videos, one full screen and one in the window, and the swap between them.
@Suite("Content swap")
struct ContentSwapCoordinatorTests {
    struct Pair: CustomTestStringConvertible, Sendable {
        var fullScreenPlaying: Bool, windowPlaying: Bool
        var testDescription: String {
            "full screen \(fullScreenPlaying ? "playing" : "paused"), window \(windowPlaying ? "playing" : "paused")"
        }
    }

    static let pairs = [true, false].flatMap { front in [true, false].map { Pair(fullScreenPlaying: front, windowPlaying: $0) } }

    /// The second video full screen at 0:30, as the app holds it: the window is taken.
    static func fullScreen(playing: Bool) -> PlaybackStateMachine {
        var machine = (playing ? Situation.fullScreenPlaying : .fullScreenPaused).machine()
        machine.send(.positionChanged(.seconds(30)), .windowOccupied(true))
        return machine
    }

    /// The first video in the window at 1:00.
    static func window(playing: Bool) -> PlaybackStateMachine {
        (playing ? Situation.active : .activePaused).machine()
    }

    @Test("a swap: willStart (to the window), restoreUserInterface, willStop, didStart, didStop; each keeps its time and play state",
          arguments: pairs)
    func order(_ pair: Pair) {
        var front = Self.fullScreen(playing: pair.fullScreenPlaying)
        var back = Self.window(playing: pair.windowPlaying)
        var swap = ContentSwapCoordinator()

        let asked = swap.swap(fullScreen: &front, window: &back, at: .milliseconds(5000))
        #expect(asked == [ContentSwapCoordinator.Step(.toWindow, .willStart), ContentSwapCoordinator.Step(.toFullScreen, .restoreUserInterface)])
        #expect(swap.isSwapping)
        let answered = swap.restoreCompleted(true, fullScreen: &front, window: &back, at: .milliseconds(5000))
        #expect(answered == [ContentSwapCoordinator.Step(.toFullScreen, .willStop), ContentSwapCoordinator.Step(.toWindow, .didStart), ContentSwapCoordinator.Step(.toFullScreen, .didStop)])
        #expect(!swap.isSwapping)

        // Each side's effects, alone, are a valid AVKit delegate sequence.
        var toWindow = AVKitDelegateChecker(), toFullScreen = AVKitDelegateChecker()
        toFullScreen.phase = .active
        for step in asked + answered {
            if step.side == .toWindow { toWindow.observe([step.effect]) } else { toFullScreen.observe([step.effect]) }
        }
        #expect(toWindow.violations.isEmpty && toFullScreen.violations.isEmpty)
        #expect(toWindow.phase == .active && toFullScreen.phase == .inactive)

        #expect(front.snapshot.presentation == .pictureInPicture && front.snapshot.pip.phase == .active)
        #expect(back.snapshot.presentation == .fullScreen && back.snapshot.pip.phase == .inactive)
        #expect(front.snapshot.isPlaying == pair.fullScreenPlaying && back.snapshot.isPlaying == pair.windowPlaying)
        #expect(front.snapshot.position == .seconds(30) && back.snapshot.position == .seconds(60))
        // The one now full screen cannot start PiP by itself while the other holds the window.
        #expect(back.snapshot.pip.unavailableReason == .windowOccupied)
        #expect(front.snapshot.pip.unavailableReason == nil)

        // And back again: the same order, the roles exchanged.
        #expect(swap.swap(fullScreen: &back, window: &front, at: .milliseconds(6000)).map(\.effect) == [.willStart, .restoreUserInterface])
        #expect(swap.restoreCompleted(true, fullScreen: &back, window: &front, at: .milliseconds(6000)).map(\.effect)
            == [.willStop, .didStart, .didStop])
        #expect(front.snapshot.presentation == .fullScreen && back.snapshot.presentation == .pictureInPicture)
        #expect(front.snapshot.position == .seconds(30) && back.snapshot.position == .seconds(60))
    }

    @Test("with the window taken, the full-screen video cannot start PiP itself, and leaving its player pauses it")
    func windowOccupied() {
        var front = Self.fullScreen(playing: true)
        #expect(front.send(.startPiP) == [.failedToStart(.windowOccupied)])
        #expect(front.send(.leavePlayer) == [.pause])
        #expect(front.snapshot.presentation == .away)
    }

    @Test("a swap from another pane: the away video goes to the window, paused as it was")
    func fromAway() {
        var front = Self.fullScreen(playing: true)
        front.send(.leavePlayer)
        var back = Self.window(playing: true)
        var swap = ContentSwapCoordinator()
        #expect(swap.swap(fullScreen: &front, window: &back, at: .zero).map(\.effect) == [.willStart, .restoreUserInterface])
        _ = swap.restoreCompleted(true, fullScreen: &front, window: &back, at: .zero)
        #expect(front.snapshot.pip.phase == .active && !front.snapshot.isPlaying)
        #expect(back.snapshot.presentation == .fullScreen && back.snapshot.isPlaying)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var front: Situation, back: Situation, reason: PlaybackRefusal
        var testDescription: String { "\(front) with \(back) in the window: \(reason)" }
    }

    @Test("refused during a transition or without a second video; nothing changes", arguments: [
        Refusal(front: .fullScreenPlaying, back: .starting, reason: .swapInProgress),
        Refusal(front: .fullScreenPlaying, back: .restoring, reason: .swapInProgress),
        Refusal(front: .fullScreenPlaying, back: .stopping, reason: .swapInProgress),
        Refusal(front: .starting, back: .active, reason: .swapInProgress),
        Refusal(front: .restoring, back: .active, reason: .swapInProgress),
        Refusal(front: .stopping, back: .active, reason: .swapInProgress),
        Refusal(front: .active, back: .active, reason: .swapInProgress),
        Refusal(front: .notReady, back: .active, reason: .mediaNotReady),
        Refusal(front: .fullScreenPlaying, back: .fullScreenPaused, reason: .nothingToSwap),
        Refusal(front: .fullScreenPlaying, back: .away, reason: .nothingToSwap),
        Refusal(front: .fullScreenPlaying, back: .notReady, reason: .nothingToSwap),
    ])
    func refused(_ c: Refusal) {
        var front = c.front.machine(), back = c.back.machine()
        let before = (front.snapshot, back.snapshot)
        var swap = ContentSwapCoordinator()
        #expect(swap.swap(fullScreen: &front, window: &back, at: .milliseconds(9000)) == [ContentSwapCoordinator.Step(.toWindow, .refused(c.reason))])
        #expect(!swap.isSwapping)
        #expect(front.snapshot == before.0 && back.snapshot == before.1)
    }

    @Test("a second swap asked before the first is answered is refused")
    func refusedMidSwap() {
        var front = Self.fullScreen(playing: true), back = Self.window(playing: true)
        var swap = ContentSwapCoordinator()
        _ = swap.swap(fullScreen: &front, window: &back, at: .zero)
        let mid = (front.snapshot, back.snapshot)
        #expect(swap.swap(fullScreen: &front, window: &back, at: .zero) == [ContentSwapCoordinator.Step(.toWindow, .refused(.swapInProgress))])
        #expect(front.snapshot == mid.0 && back.snapshot == mid.1)
        #expect(swap.restoreCompleted(true, fullScreen: &front, window: &back, at: .zero).count == 3)
        #expect(swap.restoreCompleted(true, fullScreen: &front, window: &back, at: .zero).isEmpty, "a stale answer does nothing")
    }

    @Test("a swap to a video that cannot be in a window (no picture) fails to start, and the window stays")
    func noPicture() {
        var front = PlaybackStateMachine(configuration: .init(hasPicture: false), pipSupported: true)
        front.send(.mediaReady(fileRange), .windowOccupied(true))
        var back = Self.window(playing: true)
        var swap = ContentSwapCoordinator()
        #expect(swap.swap(fullScreen: &front, window: &back, at: .zero) == [ContentSwapCoordinator.Step(.toWindow, .failedToStart(.noPicture))])
        #expect(!swap.isSwapping && back.snapshot.pip.phase == .active)
        #expect(front.snapshot.pip.unavailableReason == .noPicture)
    }

    @Test("restore not completed: the window's video stops without the player and pauses; the other is in the window")
    func notRestored() {
        var front = Self.fullScreen(playing: true), back = Self.window(playing: true)
        var swap = ContentSwapCoordinator()
        _ = swap.swap(fullScreen: &front, window: &back, at: .zero)
        #expect(swap.restoreCompleted(false, fullScreen: &front, window: &back, at: .zero)
            == [ContentSwapCoordinator.Step(.toFullScreen, .willStop), ContentSwapCoordinator.Step(.toWindow, .didStart), ContentSwapCoordinator.Step(.toFullScreen, .didStop),
                ContentSwapCoordinator.Step(.toFullScreen, .pause)])
        #expect(front.snapshot.pip.phase == .active && front.snapshot.isPlaying)
        #expect(back.snapshot.presentation == .away && !back.snapshot.isPlaying)
    }
}
