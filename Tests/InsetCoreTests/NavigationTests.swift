import Testing
@testable import InsetCore

/// The navigation machine's table: each event in each place, with and without videos and
/// the window, the place and focus it leaves and its effects in order (issue 30).
@Suite("Navigation")
struct NavigationTests {
    typealias Place = Navigation.Place

    /// A machine in `place`, with the focus and window given.
    static func machine(_ place: Place, focus: Navigation.Focus = .pane, window: Navigation.WindowPhase = .closed,
                        shellReturn: Place = .library) -> Navigation {
        var navigation = Navigation(front: shellReturn == .shell ? .library : shellReturn)
        if shellReturn != .library && shellReturn != .shell {
            _ = navigation.handle(.shellStarted)
            _ = navigation.handle(.toLibrary)
        }
        if window != .closed {
            _ = navigation.handle(.windowWillStart(VideoID(1)))
            if window == .open { _ = navigation.handle(.windowDidStart) }
        }
        navigation.force(front: place, focus: focus)
        return navigation
    }

    static let none = Navigation.Videos()
    static let one = Navigation.Videos(fullScreen: true)
    static let windowOnly = Navigation.Videos(inWindow: true)
    static let two = Navigation.Videos(fullScreen: true, inWindow: true)

    struct Row: CustomTestStringConvertible, Sendable {
        var from: Place
        var event: NavigationEvent
        var videos = Navigation.Videos()
        var window: Navigation.WindowPhase = .closed
        var focus: Navigation.Focus = .pane
        var to: Place
        var focusAfter: Navigation.Focus = .pane
        var effects: [NavigationEffect]
        var testDescription: String { "\(event) in \(from) (\(videos), window \(window), focus \(focus))" }
    }

    static let rows: [Row] = [
        // Straight moves.
        Row(from: .library, event: .toPlayer, to: .player, effects: [.bringForward(.player)]),
        Row(from: .player, event: .toPlayer, to: .player, effects: []),
        Row(from: .details, event: .toPlayer, to: .player, effects: [.bringForward(.player)]),
        Row(from: .shell, event: .toPlayer, to: .player, effects: [.bringForward(.player)]),
        Row(from: .player, event: .toLibrary, to: .library, effects: [.bringForward(.library)]),
        Row(from: .library, event: .toLibrary, to: .library, effects: []),
        // Esc in the player: the library, the video told.
        Row(from: .player, event: .leavePlayer, videos: one, to: .library, effects: [.bringForward(.library), .leavePlayer]),
        Row(from: .player, event: .leavePlayer, videos: none, to: .library, effects: [.bringForward(.library)]),
        Row(from: .library, event: .leavePlayer, videos: one, to: .library, effects: []),
        Row(from: .details, event: .leavePlayer, videos: one, to: .details, effects: []),
        Row(from: .shell, event: .leavePlayer, videos: one, to: .shell, effects: []),
        // Details and back.
        Row(from: .library, event: .details, to: .details, effects: [.bringForward(.details)]),
        Row(from: .details, event: .back, to: .library, effects: [.bringForward(.library)]),
        Row(from: .library, event: .back, to: .library, effects: []),
        Row(from: .player, event: .back, to: .player, effects: []),
        Row(from: .shell, event: .back, to: .shell, effects: []),
        // The shell pane: in front, the focus its; leaving the player leaves the video.
        Row(from: .library, event: .shellStarted, to: .shell, effects: [.bringForward(.shell)]),
        Row(from: .details, event: .shellStarted, to: .shell, effects: [.bringForward(.shell)]),
        Row(from: .player, event: .shellStarted, videos: one, focus: .pane, to: .shell, effects: [.bringForward(.shell), .leavePlayer]),
        Row(from: .player, event: .shellStarted, videos: two, window: .open, focus: .window, to: .shell,
            effects: [.bringForward(.shell), .leavePlayer]),
        Row(from: .shell, event: .shellStarted, to: .shell, effects: []),
        Row(from: .library, event: .shellEnded, to: .library, effects: []),
        // PiP asked.
        Row(from: .player, event: .pipAsked, videos: one, to: .player, effects: [.startPiP]),
        Row(from: .player, event: .pipAsked, videos: none, to: .player, effects: [.refused("no full-screen video")]),
        Row(from: .library, event: .pipAsked, videos: one, to: .library, effects: [.refused("no full-screen video")]),
        Row(from: .shell, event: .pipAsked, videos: one, to: .shell, effects: [.refused("no full-screen video")]),
        Row(from: .details, event: .pipAsked, videos: one, to: .details, effects: [.refused("no full-screen video")]),
        // The window's machine: AVKit's order.
        Row(from: .player, event: .windowWillStart(VideoID(1)), to: .player, effects: [.openWindow]),
        Row(from: .player, event: .windowDidStart, window: .opening, to: .library, effects: [.bringForward(.library), .invalidateLibrary]),
        Row(from: .shell, event: .windowDidStart, window: .opening, to: .shell, effects: [.invalidateLibrary]),
        Row(from: .library, event: .windowDidStart, window: .opening, to: .library, effects: [.invalidateLibrary]),
        Row(from: .library, event: .restoreUserInterface, window: .open, focus: .window, to: .player,
            effects: [.bringForward(.player), .completeRestore]),
        Row(from: .shell, event: .restoreUserInterface, window: .open, focus: .window, to: .player,
            effects: [.bringForward(.player), .completeRestore]),
        Row(from: .player, event: .restoreUserInterface, window: .open, to: .player, effects: [.completeRestore]),
        Row(from: .library, event: .windowDidStop, window: .open, focus: .window, to: .library, effects: [.closeWindow]),
        Row(from: .player, event: .windowDidStop, window: .open, to: .player, effects: [.closeWindow]),
        // A swap: the player in front, the focus on it; the window's video, full screen now,
        // is seen again at every frame.
        Row(from: .library, event: .swapped, videos: two, window: .open, focus: .window, to: .player,
            effects: [.bringForward(.player), .decodeRate(VideoID(1), lightening: .none), .invalidateLibrary]),
        Row(from: .player, event: .swapped, videos: two, window: .open, to: .player, effects: [.invalidateLibrary]),
        // A file opened.
        Row(from: .library, event: .opened(.fullScreen), to: .player, effects: [.bringForward(.player)]),
        Row(from: .library, event: .opened(.besideWindow), window: .open, to: .player, effects: [.bringForward(.player)]),
        Row(from: .player, event: .opened(.behindLibrary), to: .library, effects: [.bringForward(.library)]),
        Row(from: .shell, event: .opened(.inShell), to: .shell, effects: []),
        // Nothing to show: the library.
        Row(from: .player, event: .cannotShow, to: .library, effects: [.bringForward(.library), .invalidateLibrary]),
        Row(from: .library, event: .cannotShow, to: .library, effects: [.invalidateLibrary]),
        Row(from: .details, event: .cannotShow, to: .details, effects: [.invalidateLibrary]),
        Row(from: .library, event: .videosGone, window: .open, focus: .window, to: .library,
            effects: [.letGo(VideoID(1), failed: false, keepsFigures: true), .closeWindow]),
        // The focus.
        Row(from: .library, event: .focus(.window), window: .open, to: .library, focusAfter: .window, effects: [.focusChanged]),
        Row(from: .library, event: .focus(.window), to: .library,
            effects: [.refused("no video in a window"), .say("no video in a window")]),
        Row(from: .library, event: .focus(.toggle), to: .library, effects: [.refused("no video in a window")]),
        Row(from: .shell, event: .focus(.toggle), window: .open, to: .shell, focusAfter: .window, effects: [.focusChanged]),
        Row(from: .shell, event: .focus(.toggle), window: .open, focus: .window, to: .shell, effects: [.focusChanged]),
        Row(from: .player, event: .focus(.pane), window: .open, focus: .window, to: .player, effects: [.focusChanged]),
        Row(from: .player, event: .focus(.pane), to: .player, effects: []),
        Row(from: .player, event: .pointerOnPane, window: .open, focus: .window, to: .player, effects: [.focusChanged]),
        Row(from: .shell, event: .pointerOnPane, window: .open, focus: .window, to: .shell, effects: [.focusChanged]),
        Row(from: .library, event: .pointerOnPane, window: .open, focus: .window, to: .library, focusAfter: .window, effects: []),
    ]

    @Test("each event in each place: the place, the focus and the effects, in order", arguments: rows)
    func table(_ row: Row) {
        var navigation = Self.machine(row.from, focus: row.focus, window: row.window)
        let effects = navigation.handle(row.event, videos: row.videos)
        #expect(navigation.front == row.to)
        #expect(navigation.focus == row.focusAfter)
        #expect(effects == row.effects)
    }

    @Test("every place meets every event (the table leaves none out)")
    func coverage() {
        let events: [NavigationEvent] = [.toPlayer, .toLibrary, .leavePlayer, .details, .back, .shellStarted, .shellEnded,
                                         .focus(.toggle), .focus(.window), .focus(.pane), .pointerOnPane, .pipAsked,
                                         .windowWillStart(VideoID(1)), .windowDidStart, .restoreUserInterface, .windowDidStop, .swapped,
                                         .opened(.fullScreen), .opened(.besideWindow), .opened(.behindLibrary),
                                         .opened(.inShell), .cannotShow, .videosGone]
        for place in Place.allCases {
            for event in events {
                for videos in [Self.none, Self.one, Self.windowOnly, Self.two] {
                    var navigation = Self.machine(place, window: videos.inWindow ? .open : .closed)
                    let effects = navigation.handle(event, videos: videos)
                    // Whatever the event, the front pane changes only through bringForward.
                    let moved = effects.compactMap { if case .bringForward(let to) = $0 { to } else { nil } }
                    #expect(moved.count <= 1)
                    #expect(navigation.front == (moved.last ?? place), "\(event) in \(place)")
                }
            }
        }
    }

    @Test("the shell goes back where it was left: the player brings its video back full screen or from the window")
    func shellReturns() {
        for (videos, front, effects) in [
            (Self.one, Place.player, [NavigationEffect.bringForward(.player), .returnToPlayer, .invalidateLibrary]),
            (Self.two, .player, [.bringForward(.player), .returnToPlayer, .invalidateLibrary]),
            (Self.windowOnly, .library, [.bringForward(.library), .restoreWindowVideo, .invalidateLibrary]),
            (Self.none, .library, [.bringForward(.library), .invalidateLibrary]),
        ] {
            var navigation = Navigation(front: .player)
            _ = navigation.handle(.shellStarted, videos: videos)
            #expect(navigation.shellReturn == .player)
            #expect(navigation.handle(.shellEnded, videos: videos) == effects)
            #expect(navigation.front == front && navigation.focus == .pane)
        }
        var fromDetails = Navigation(front: .details)
        _ = fromDetails.handle(.shellStarted)
        #expect(fromDetails.handle(.shellEnded, videos: .init(hasDetails: true)) == [.bringForward(.details), .invalidateLibrary])
        var detailsGone = Navigation(front: .details)
        _ = detailsGone.handle(.shellStarted)
        #expect(detailsGone.handle(.shellEnded) == [.bringForward(.library), .invalidateLibrary])
    }

    @Test("PiP's round trip from the player: window up, library in front; restored: the player, the window gone")
    func roundTrip() {
        var navigation = Navigation(front: .player)
        #expect(navigation.handle(.pipAsked, videos: Self.one) == [.startPiP])
        #expect(navigation.handle(.windowWillStart(VideoID(1))) == [.openWindow] && navigation.window == .opening)
        #expect(navigation.handle(.windowDidStart) == [.bringForward(.library), .invalidateLibrary] && navigation.window == .open)
        #expect(navigation.handle(.focus(.toggle)) == [.focusChanged] && navigation.focus == .window)
        #expect(navigation.handle(.restoreUserInterface) == [.bringForward(.player), .completeRestore])
        #expect(navigation.focus == .pane)
        #expect(navigation.handle(.windowDidStop) == [.closeWindow] && navigation.window == .closed)
    }
}

extension Navigation {
    /// A place and focus set directly, for the table's starting points.
    mutating func force(front: Place, focus: Focus) {
        self.front = front
        self.focus = focus
    }
}
