import Testing
@testable import InsetCore

/// Whole flows through the navigation machine, step by step, as the director drives them
/// (issue 44 item 1): two videos with a swap, the playlist's next taking over the window,
/// the shell's return, each a row of steps with the place, the focus, the window's phase,
/// which video is where and the effects after each. Pure: no director, no video,
/// milliseconds.
@Suite("Navigation: flows")
struct NavigationFlowTests {
    /// Which video is where after a step: full screen, in the window, taking the window
    /// over, heard.
    struct Seen: Equatable, Sendable {
        var full: VideoID?
        var window: VideoID?
        var taking: VideoID?
        var heard: VideoID?

        init(full: VideoID? = nil, window: VideoID? = nil, taking: VideoID? = nil, heard: VideoID? = nil) {
            self.full = full; self.window = window; self.taking = taking; self.heard = heard ?? full ?? window
        }

        init(_ places: Navigation.Places) {
            full = places.fullScreen; window = places.window; taking = places.takingOverWindow; heard = places.heard
        }
    }

    struct Step: Sendable {
        var event: NavigationEvent
        var videos = Navigation.Videos()
        var front: Navigation.Place
        var focus: Navigation.Focus = .pane
        var window: Navigation.WindowPhase
        var places: Seen
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
    static let a = VideoID(1), b = VideoID(2)

    /// The first video full screen, then in the window over the library (`p`).
    static let intoWindow: [Step] = [
        Step(event: .places(.shownFullScreen(a, besideWindow: false)), front: .player, window: .closed, places: Seen(full: a), effects: []),
        Step(event: .pipAsked, videos: one, front: .player, window: .closed, places: Seen(full: a), effects: [.startPiP]),
        Step(event: .windowWillStart(a), videos: one, front: .player, window: .opening, places: Seen(window: a), effects: [.openWindow]),
        Step(event: .windowDidStart, videos: windowOnly, front: .library, window: .open, places: Seen(window: a),
             effects: [.bringForward(.library), .invalidateLibrary]),
    ]

    static let flows: [Flow] = [
        Flow(name: "two videos: p, a second file beside the window, the window heard, a swap, the window's video restored in the other's place", start: .player, steps: intoWindow + [
            Step(event: .opened(.besideWindow), videos: windowOnly, front: .player, window: .open, places: Seen(window: a), effects: [.bringForward(.player)]),
            Step(event: .places(.shownFullScreen(b, besideWindow: true)), videos: two, front: .player, window: .open,
                 places: Seen(full: b, window: a), effects: []),
            Step(event: .places(.hear(.window)), videos: two, front: .player, window: .open, places: Seen(full: b, window: a, heard: a), effects: []),
            Step(event: .focus(.toggle), videos: two, front: .player, focus: .window, window: .open,
                 places: Seen(full: b, window: a, heard: a), effects: [.focusChanged]),
            // The place heard stays: the video that went into the window is heard there.
            Step(event: .swapped, videos: two, front: .player, window: .open, places: Seen(full: a, window: b, heard: b), effects: [.invalidateLibrary]),
            Step(event: .leavePlayer, videos: two, front: .library, window: .open, places: Seen(full: a, window: b, heard: b),
                 effects: [.bringForward(.library), .leavePlayer]),
            Step(event: .restoreUserInterface, videos: two, front: .player, window: .open, places: Seen(window: b),
                 effects: [.letGo(a, failed: false, keepsFigures: false), .bringForward(.player), .completeRestore]),
            Step(event: .windowDidStop, videos: windowOnly, front: .player, window: .closed, places: Seen(full: b), effects: [.closeWindow]),
        ]),
        Flow(name: "the window's list: the next file takes the window over, its answer handled after other moves", start: .player, steps: intoWindow + [
            Step(event: .places(.takeOverWindow(b)), videos: windowOnly, front: .library, window: .open, places: Seen(taking: b),
                 effects: [.letGo(a, failed: false, keepsFigures: true)]),
            // The start's answer waits in the queue: the takeover is still the machine's.
            Step(event: .focus(.toggle), front: .library, focus: .window, window: .open, places: Seen(taking: b), effects: [.focusChanged]),
            Step(event: .places(.tookWindow(b)), front: .library, focus: .window, window: .open, places: Seen(window: b, taking: b), effects: []),
            Step(event: .places(.takeOverFailed(b)), front: .library, focus: .window, window: .open, places: Seen(window: b, taking: b), effects: []),
            Step(event: .places(.tookOverWindow(b)), front: .library, focus: .window, window: .open, places: Seen(window: b),
                 effects: [.invalidateLibrary]),
        ]),
        Flow(name: "the window's list: the next file cannot start PiP (the terminal shrank) and comes full screen", start: .player, steps: intoWindow + [
            Step(event: .places(.takeOverWindow(b)), videos: windowOnly, front: .library, window: .open, places: Seen(taking: b),
                 effects: [.letGo(a, failed: false, keepsFigures: true)]),
            // The window, with no video left in it, closes.
            Step(event: .places(.takeOverFailed(b)), front: .player, window: .closed, places: Seen(full: b),
                 effects: [.closeWindow, .bringForward(.player)]),
        ]),
        Flow(name: "the shell from the player: the video goes on in the window over it, and comes back full screen when the shell ends", start: .player, steps: [
            Step(event: .places(.shownFullScreen(a, besideWindow: false)), front: .player, window: .closed, places: Seen(full: a), effects: []),
            Step(event: .shellStarted, videos: one, front: .shell, window: .closed, places: Seen(full: a), effects: [.bringForward(.shell), .leavePlayer]),
            Step(event: .windowWillStart(a), videos: one, front: .shell, window: .opening, places: Seen(window: a), effects: [.openWindow]),
            Step(event: .windowDidStart, videos: windowOnly, front: .shell, window: .open, places: Seen(window: a), effects: [.invalidateLibrary]),
            Step(event: .focus(.toggle), videos: windowOnly, front: .shell, focus: .window, window: .open, places: Seen(window: a), effects: [.focusChanged]),
            Step(event: .pointerOnPane, videos: windowOnly, front: .shell, window: .open, places: Seen(window: a), effects: [.focusChanged]),
            Step(event: .shellEnded, videos: windowOnly, front: .library, window: .open, places: Seen(window: a),
                 effects: [.bringForward(.library), .restoreWindowVideo, .invalidateLibrary]),
            Step(event: .restoreUserInterface, videos: windowOnly, front: .player, window: .open, places: Seen(window: a),
                 effects: [.bringForward(.player), .completeRestore]),
            Step(event: .windowDidStop, videos: windowOnly, front: .player, window: .closed, places: Seen(full: a), effects: [.closeWindow]),
        ]),
        Flow(name: "the shell over two videos: the window stays, the player comes back with the full-screen video; another file replaces both", start: .player, steps: intoWindow + [
            Step(event: .opened(.besideWindow), videos: windowOnly, front: .player, window: .open, places: Seen(window: a), effects: [.bringForward(.player)]),
            Step(event: .places(.shownFullScreen(b, besideWindow: true)), videos: two, front: .player, window: .open,
                 places: Seen(full: b, window: a), effects: []),
            Step(event: .shellStarted, videos: two, front: .shell, window: .open, places: Seen(full: b, window: a), effects: [.bringForward(.shell), .leavePlayer]),
            Step(event: .shellEnded, videos: two, front: .player, window: .open, places: Seen(full: b, window: a),
                 effects: [.bringForward(.player), .returnToPlayer, .invalidateLibrary]),
            Step(event: .videosGone, front: .player, window: .closed, places: Seen(),
                 effects: [.letGo(a, failed: false, keepsFigures: true), .letGo(b, failed: false, keepsFigures: false), .closeWindow]),
        ]),
        Flow(name: "two videos, the window's fails: the full-screen one goes on alone", start: .player, steps: intoWindow + [
            Step(event: .places(.shownFullScreen(b, besideWindow: true)), videos: two, front: .library, window: .open,
                 places: Seen(full: b, window: a), effects: []),
            Step(event: .places(.windowVideoFailed), videos: two, front: .library, window: .closed, places: Seen(full: b),
                 effects: [.letGo(a, failed: true, keepsFigures: true), .closeWindow]),
        ]),
    ]

    @Test("each flow: the place, the focus, the window, the videos' places and the effects after each step", arguments: flows)
    func flow(_ flow: Flow) {
        var navigation = Navigation(front: flow.start)
        for (index, step) in flow.steps.enumerated() {
            let effects = navigation.handle(step.event, videos: step.videos)
            #expect(effects == step.effects, "step \(index): \(step.event)")
            #expect(navigation.front == step.front, "step \(index): \(step.event)")
            #expect(navigation.focus == step.focus, "step \(index): \(step.event)")
            #expect(navigation.window == step.window, "step \(index): \(step.event)")
            #expect(Seen(navigation.places) == step.places, "step \(index): \(step.event)")
        }
    }
}
