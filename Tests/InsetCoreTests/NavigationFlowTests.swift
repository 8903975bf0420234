import Testing
@testable import InsetCore

/// Whole flows through the navigation machine, step by step, as the director drives them
/// (issue 44 item 1): two videos with a swap, the playlist's next taking over the window,
/// the shell's return, each a row of steps with the place, the focus, the window's phase,
/// which video is where and the effects after each, the videos' render sizes and decode
/// rates among them (`.sized`). Pure: no director, no video, milliseconds.
@Suite("Navigation: flows")
struct NavigationFlowTests {
    /// Which video is where after a step: full screen, in the window, taking the window
    /// over, heard; and the place a file opening is for.
    struct Seen: Equatable, Sendable {
        var full: VideoID?
        var window: VideoID?
        var taking: VideoID?
        var heard: VideoID?
        var opening: Navigation.StartPlace?

        init(full: VideoID? = nil, window: VideoID? = nil, taking: VideoID? = nil, heard: VideoID? = nil,
             opening: Navigation.StartPlace? = nil) {
            self.full = full; self.window = window; self.taking = taking; self.heard = heard ?? full ?? window
            self.opening = opening
        }

        init(_ places: Navigation.Places) {
            full = places.fullScreen; window = places.window; taking = places.takingOverWindow; heard = places.heard
            opening = places.opening
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

    /// The screen with no window pane; with a window a third of it wide, `--pip-saver` on.
    static let screen = Navigation.Screen(cells: CellSize(columns: 160, rows: 45), raster: .halfBlocks)
    static let windowed = Navigation.Screen(cells: CellSize(columns: 160, rows: 45), raster: .halfBlocks,
                                            windowVideo: CellSize(columns: 48, rows: 13), windowFrame: CellSize(columns: 50, rows: 16),
                                            rule: DecodeWorkRule(pipSaver: true))
    static let full = Viewport(cells: CellSize(columns: 160, rows: 45), raster: .halfBlocks)
    static let small = Viewport(cells: CellSize(columns: 48, rows: 13), raster: .halfBlocks)

    /// The first video full screen, then in the window over the library (`p`).
    static let intoWindow: [Step] = [
        Step(event: .places(.start(a, at: .fullScreen, on: screen)), front: .player, window: .closed, places: Seen(full: a),
             effects: [.start(a, size: full)]),
        Step(event: .sized(screen), videos: one, front: .player, window: .closed, places: Seen(full: a),
             effects: [.render(a, size: full, lightening: .none)]),
        Step(event: .pipAsked, videos: one, front: .player, window: .closed, places: Seen(full: a), effects: [.startPiP]),
        Step(event: .windowWillStart(a), videos: one, front: .player, window: .opening, places: Seen(window: a), effects: [.openWindow]),
        Step(event: .windowDidStart, videos: windowOnly, front: .library, window: .open, places: Seen(window: a),
             effects: [.bringForward(.library), .invalidateLibrary]),
        Step(event: .sized(windowed), videos: windowOnly, front: .library, window: .open, places: Seen(window: a),
             effects: [.render(a, size: small, lightening: .skipBidirectional)]),
    ]

    static let flows: [Flow] = [
        Flow(name: "two videos: p, a second file beside the window, the window heard, a swap, the window's video restored in the other's place", start: .player, steps: intoWindow + [
            // The second file opens for the place beside the window, held by the machine until it is open.
            Step(event: .places(.opening(.besideWindow)), videos: windowOnly, front: .library, window: .open,
                 places: Seen(window: a, opening: .besideWindow), effects: []),
            Step(event: .opened(.besideWindow), videos: windowOnly, front: .player, window: .open, places: Seen(window: a, opening: .besideWindow),
                 effects: [.bringForward(.player)]),
            Step(event: .places(.opening(nil)), videos: windowOnly, front: .player, window: .open, places: Seen(window: a), effects: []),
            Step(event: .places(.start(b, at: .besideWindow, on: windowed)), videos: two, front: .player, window: .open,
                 places: Seen(full: b, window: a), effects: [.start(b, size: full)]),
            // The one beside the window full screen at every frame; the window's small and lightened.
            Step(event: .sized(windowed), videos: two, front: .player, window: .open, places: Seen(full: b, window: a),
                 effects: [.render(b, size: full, lightening: .none), .render(a, size: small, lightening: .skipBidirectional)]),
            Step(event: .places(.hear(.window)), videos: two, front: .player, window: .open, places: Seen(full: b, window: a, heard: a), effects: []),
            Step(event: .focus(.toggle), videos: two, front: .player, focus: .window, window: .open,
                 places: Seen(full: b, window: a, heard: a), effects: [.focusChanged]),
            // The place heard stays: the video that went into the window is heard there.
            Step(event: .swapped, videos: two, front: .player, window: .open, places: Seen(full: a, window: b, heard: b), effects: [.invalidateLibrary]),
            Step(event: .sized(windowed), videos: two, front: .player, window: .open, places: Seen(full: a, window: b, heard: b),
                 effects: [.render(a, size: full, lightening: .none), .render(b, size: small, lightening: .skipBidirectional)]),
            // The full-screen video goes out of sight: the low rate until its window is up.
            Step(event: .leavePlayer, videos: two, front: .library, window: .open, places: Seen(full: a, window: b, heard: b),
                 effects: [.bringForward(.library), .decodeRate(a, lightening: .skipBidirectional), .leavePlayer]),
            Step(event: .restoreUserInterface, videos: two, front: .player, window: .open, places: Seen(window: b),
                 effects: [.letGo(a, failed: false, keepsFigures: false), .bringForward(.player), .completeRestore]),
            Step(event: .windowDidStop, videos: windowOnly, front: .player, window: .closed, places: Seen(full: b), effects: [.closeWindow]),
        ]),
        Flow(name: "the window's list: the next file takes the window over, its answer handled after other moves", start: .player, steps: intoWindow + [
            Step(event: .places(.opening(.window)), videos: windowOnly, front: .library, window: .open, places: Seen(window: a, opening: .window), effects: []),
            Step(event: .places(.opening(nil)), videos: windowOnly, front: .library, window: .open, places: Seen(window: a), effects: []),
            Step(event: .places(.start(b, at: .window, on: windowed)), videos: windowOnly, front: .library, window: .open, places: Seen(taking: b),
                 effects: [.letGo(a, failed: false, keepsFigures: true), .start(b, size: small)]),
            // The start's answer waits in the queue: the takeover is still the machine's.
            Step(event: .focus(.toggle), front: .library, focus: .window, window: .open, places: Seen(taking: b), effects: [.focusChanged]),
            Step(event: .sized(windowed), front: .library, focus: .window, window: .open, places: Seen(taking: b), effects: []),
            Step(event: .places(.tookWindow(b)), front: .library, focus: .window, window: .open, places: Seen(window: b, taking: b), effects: []),
            Step(event: .sized(windowed), front: .library, focus: .window, window: .open, places: Seen(window: b, taking: b),
                 effects: [.render(b, size: small, lightening: .skipBidirectional)]),
            Step(event: .places(.takeOverFailed(b)), front: .library, focus: .window, window: .open, places: Seen(window: b, taking: b), effects: []),
            Step(event: .places(.tookOverWindow(b)), front: .library, focus: .window, window: .open, places: Seen(window: b),
                 effects: [.invalidateLibrary]),
        ]),
        Flow(name: "the window's list: the next file cannot start PiP (the terminal shrank) and comes full screen", start: .player, steps: intoWindow + [
            Step(event: .places(.start(b, at: .window, on: windowed)), videos: windowOnly, front: .library, window: .open, places: Seen(taking: b),
                 effects: [.letGo(a, failed: false, keepsFigures: true), .start(b, size: small)]),
            // The window, with no video left in it, closes.
            Step(event: .places(.takeOverFailed(b)), front: .player, window: .closed, places: Seen(full: b),
                 effects: [.closeWindow, .bringForward(.player), .decodeRate(b, lightening: .none)]),
        ]),
        Flow(name: "the shell from the player: the video goes on in the window over it, and comes back full screen when the shell ends", start: .player, steps: [
            Step(event: .places(.start(a, at: .fullScreen, on: screen)), front: .player, window: .closed, places: Seen(full: a),
             effects: [.start(a, size: full)]),
            Step(event: .shellStarted, videos: one, front: .shell, window: .closed, places: Seen(full: a),
                 effects: [.bringForward(.shell), .decodeRate(a, lightening: .skipBidirectional), .leavePlayer]),
            Step(event: .windowWillStart(a), videos: one, front: .shell, window: .opening, places: Seen(window: a), effects: [.openWindow]),
            Step(event: .windowDidStart, videos: windowOnly, front: .shell, window: .open, places: Seen(window: a), effects: [.invalidateLibrary]),
            Step(event: .focus(.toggle), videos: windowOnly, front: .shell, focus: .window, window: .open, places: Seen(window: a), effects: [.focusChanged]),
            Step(event: .pointerOnPane, videos: windowOnly, front: .shell, window: .open, places: Seen(window: a), effects: [.focusChanged]),
            Step(event: .shellEnded, videos: windowOnly, front: .library, window: .open, places: Seen(window: a),
                 effects: [.bringForward(.library), .restoreWindowVideo, .invalidateLibrary]),
            Step(event: .restoreUserInterface, videos: windowOnly, front: .player, window: .open, places: Seen(window: a),
                 effects: [.bringForward(.player), .completeRestore]),
            Step(event: .windowDidStop, videos: windowOnly, front: .player, window: .closed, places: Seen(full: a), effects: [.closeWindow]),
            Step(event: .sized(screen), videos: one, front: .player, window: .closed, places: Seen(full: a),
                 effects: [.render(a, size: full, lightening: .none)]),
        ]),
        Flow(name: "the shell over two videos: the window stays, the player comes back with the full-screen video; another file replaces both", start: .player, steps: intoWindow + [
            Step(event: .opened(.besideWindow), videos: windowOnly, front: .player, window: .open, places: Seen(window: a), effects: [.bringForward(.player)]),
            Step(event: .places(.start(b, at: .besideWindow, on: windowed)), videos: two, front: .player, window: .open,
                 places: Seen(full: b, window: a), effects: [.start(b, size: full)]),
            Step(event: .shellStarted, videos: two, front: .shell, window: .open, places: Seen(full: b, window: a),
                 effects: [.bringForward(.shell), .decodeRate(b, lightening: .skipBidirectional), .leavePlayer]),
            Step(event: .shellEnded, videos: two, front: .player, window: .open, places: Seen(full: b, window: a),
                 effects: [.bringForward(.player), .decodeRate(b, lightening: .none), .returnToPlayer, .invalidateLibrary]),
            Step(event: .videosGone, front: .player, window: .closed, places: Seen(),
                 effects: [.letGo(a, failed: false, keepsFigures: true), .letGo(b, failed: false, keepsFigures: false), .closeWindow]),
        ]),
        Flow(name: "two videos, the window's fails: the full-screen one goes on alone", start: .player, steps: intoWindow + [
            Step(event: .places(.start(b, at: .besideWindow, on: windowed)), videos: two, front: .library, window: .open,
                 places: Seen(full: b, window: a), effects: [.start(b, size: full)]),
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
