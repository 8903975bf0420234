import Testing
@testable import InsetCore

/// Whole flows through the navigation machine, step by step, as the director drives them
/// (issue 44 item 1): the two-video flow and the shell's return, each a row of steps with
/// the place, the focus, the window's phase and the effects after each. Pure: no director,
/// no video, milliseconds.
@Suite("Navigation: flows")
struct NavigationFlowTests {
    struct Step: Sendable {
        var event: NavigationEvent
        var videos = Navigation.Videos()
        var front: Navigation.Place
        var focus: Navigation.Focus = .pane
        var window: Navigation.WindowPhase
        var effects: [NavigationEffect]
    }

    struct Flow: CustomTestStringConvertible, Sendable {
        var name: String
        var start: Navigation.Place
        var steps: [Step]
        var testDescription: String { name }
    }

    static let one = Navigation.Videos(fullScreen: true)
    static let windowOnly = Navigation.Videos(inWindow: true)
    static let two = Navigation.Videos(fullScreen: true, inWindow: true)

    static let flows: [Flow] = [
        Flow(name: "two videos: p, a second file beside the window, a swap, the window's video restored in the other's place", start: .player, steps: [
            Step(event: .pipAsked, videos: one, front: .player, window: .closed, effects: [.startPiP]),
            Step(event: .windowWillStart, videos: one, front: .player, window: .opening, effects: [.openWindow]),
            Step(event: .windowDidStart, videos: windowOnly, front: .library, window: .open,
                 effects: [.bringForward(.library), .invalidateLibrary]),
            Step(event: .opened(.besideWindow), videos: windowOnly, front: .player, window: .open, effects: [.bringForward(.player)]),
            Step(event: .focus(.toggle), videos: two, front: .player, focus: .window, window: .open, effects: [.focusChanged]),
            Step(event: .swapped, videos: two, front: .player, window: .open, effects: [.invalidateLibrary]),
            Step(event: .leavePlayer, videos: two, front: .library, window: .open, effects: [.bringForward(.library), .leavePlayer]),
            Step(event: .restoreUserInterface, videos: two, front: .player, window: .open,
                 effects: [.closeBesideWindow, .bringForward(.player), .completeRestore]),
            Step(event: .windowDidStop, videos: windowOnly, front: .player, window: .closed, effects: [.closeWindow]),
        ]),
        Flow(name: "the shell from the player: the video goes on in the window over it, and comes back full screen when the shell ends", start: .player, steps: [
            Step(event: .shellStarted, videos: one, front: .shell, window: .closed, effects: [.bringForward(.shell), .leavePlayer]),
            Step(event: .windowWillStart, videos: one, front: .shell, window: .opening, effects: [.openWindow]),
            Step(event: .windowDidStart, videos: windowOnly, front: .shell, window: .open, effects: [.invalidateLibrary]),
            Step(event: .focus(.toggle), videos: windowOnly, front: .shell, focus: .window, window: .open, effects: [.focusChanged]),
            Step(event: .pointerOnPane, videos: windowOnly, front: .shell, window: .open, effects: [.focusChanged]),
            Step(event: .shellEnded, videos: windowOnly, front: .library, window: .open,
                 effects: [.bringForward(.library), .restoreWindowVideo, .invalidateLibrary]),
            Step(event: .restoreUserInterface, videos: windowOnly, front: .player, window: .open,
                 effects: [.closeBesideWindow, .bringForward(.player), .completeRestore]),
            Step(event: .windowDidStop, videos: windowOnly, front: .player, window: .closed, effects: [.closeWindow]),
        ]),
        Flow(name: "the shell over a window already up: the window stays, the player comes back with the full-screen video", start: .player, steps: [
            Step(event: .pipAsked, videos: one, front: .player, window: .closed, effects: [.startPiP]),
            Step(event: .windowWillStart, videos: one, front: .player, window: .opening, effects: [.openWindow]),
            Step(event: .windowDidStart, videos: windowOnly, front: .library, window: .open,
                 effects: [.bringForward(.library), .invalidateLibrary]),
            Step(event: .opened(.besideWindow), videos: windowOnly, front: .player, window: .open, effects: [.bringForward(.player)]),
            Step(event: .shellStarted, videos: two, front: .shell, window: .open, effects: [.bringForward(.shell), .leavePlayer]),
            Step(event: .shellEnded, videos: two, front: .player, window: .open,
                 effects: [.bringForward(.player), .returnToPlayer, .invalidateLibrary]),
            Step(event: .videosGone, videos: Navigation.Videos(), front: .player, window: .closed, effects: [.closeWindow]),
        ]),
    ]

    @Test("each flow: the place, the focus, the window and the effects after each step", arguments: flows)
    func flow(_ flow: Flow) {
        var navigation = Navigation(front: flow.start)
        for (index, step) in flow.steps.enumerated() {
            let effects = navigation.handle(step.event, videos: step.videos)
            #expect(effects == step.effects, "step \(index): \(step.event)")
            #expect(navigation.front == step.front, "step \(index): \(step.event)")
            #expect(navigation.focus == step.focus, "step \(index): \(step.event)")
            #expect(navigation.window == step.window, "step \(index): \(step.event)")
        }
    }
}
