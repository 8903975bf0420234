import Testing
@testable import InsetCore

/// Each placed video's decode rate as the navigation machine emits it with its render size
/// (issue 44 item 2): every frame full screen, the window's own rate (`--pip-saver`) in the
/// window, and the low rate for a video no one sees: full screen behind the library or the
/// shell, or in a window stashed against an edge. A row is where the videos are, the pane
/// in front and the screen; the machine is driven there by the events the director sends.
@Suite("Navigation: decode rates")
struct NavigationDecodeRateTests {
    enum Setup: Sendable { case fullScreen, inWindow, two }

    struct Row: CustomTestStringConvertible, Sendable {
        var name: String
        var setup: Setup
        var front: Navigation.Place
        var saver = false
        var stashed = false
        var windowColumns = 50
        /// The `.render` effects, in order: the video beside the window, then the main one.
        var rates: [(VideoID, DecodeLightening)]
        var testDescription: String { name }
    }

    static let a = VideoID(1), b = VideoID(2)
    static let low = DecodeLightening.skipBidirectional

    static let rows: [Row] = [
        Row(name: "full screen, the player in front: every frame", setup: .fullScreen, front: .player, rates: [(a, .none)]),
        Row(name: "full screen behind the library (a --pip start before its window): low", setup: .fullScreen, front: .library,
            rates: [(a, low)]),
        Row(name: "full screen behind the shell (a --shell start before its window): low", setup: .fullScreen, front: .shell,
            rates: [(a, low)]),
        Row(name: "full screen behind the details: low", setup: .fullScreen, front: .details, rates: [(a, low)]),
        Row(name: "in the window, no saver: every frame", setup: .inWindow, front: .library, rates: [(a, .none)]),
        Row(name: "in a small window, --pip-saver: key and predicted frames", setup: .inWindow, front: .library, saver: true,
            rates: [(a, .skipBidirectional)]),
        Row(name: "in a larger window, --pip-saver: reference frames", setup: .inWindow, front: .library, saver: true,
            windowColumns: 80, rates: [(a, .skipNonReference)]),
        Row(name: "in a stashed window: low, saver or not", setup: .inWindow, front: .shell, stashed: true, rates: [(a, low)]),
        Row(name: "two videos, the player in front: the full-screen one every frame, the window's its own",
            setup: .two, front: .player, saver: true, windowColumns: 80, rates: [(b, .none), (a, .skipNonReference)]),
        Row(name: "two videos behind the shell: the full-screen one low, the window's its own", setup: .two, front: .shell,
            rates: [(b, low), (a, .none)]),
        Row(name: "two videos, the window stashed: the full-screen one every frame, the window's low", setup: .two,
            front: .player, stashed: true, rates: [(b, .none), (a, low)]),
    ]

    static func screen(_ row: Row, window: Bool) -> Navigation.Screen {
        let frame = CellSize(columns: row.windowColumns, rows: 16)
        return Navigation.Screen(cells: CellSize(columns: 160, rows: 45), raster: .halfBlocks,
                                 windowVideo: window ? CellSize(columns: frame.columns - 2, rows: 13) : nil,
                                 windowFrame: window ? frame : nil, rule: DecodeWorkRule(pipSaver: row.saver),
                                 windowStashed: row.stashed)
    }

    /// The machine with the row's videos placed and its pane in front.
    static func placed(_ row: Row) -> Navigation {
        var navigation = Navigation(front: .player)
        let plain = screen(row, window: false), windowed = screen(row, window: true)
        _ = navigation.handle(.places(.start(a, at: .fullScreen, on: plain)))
        if row.setup != .fullScreen {
            _ = navigation.handle(.windowWillStart(a), videos: .init(fullScreen: true))
            _ = navigation.handle(.windowDidStart, videos: .init(inWindow: true))
        }
        if row.setup == .two {
            _ = navigation.handle(.opened(.besideWindow), videos: .init(inWindow: true))
            _ = navigation.handle(.places(.start(b, at: .besideWindow, on: windowed)), videos: .init(inWindow: true))
        }
        navigation.front = row.front
        return navigation
    }

    @Test("each place, front pane and window: the rate emitted with the size", arguments: rows)
    func rate(_ row: Row) {
        var navigation = Self.placed(row)
        let screen = Self.screen(row, window: row.setup != .fullScreen)
        let rates: [(VideoID, DecodeLightening)] = navigation.handle(.sized(screen)).compactMap {
            if case .render(let id, _, let lightening) = $0 { (id, lightening) } else { nil }
        }
        #expect(rates.map(\.0) == row.rates.map(\.0))
        #expect(rates.map(\.1) == row.rates.map(\.1))
    }

    @Test("the front pane moves to or from the player: the full-screen video's rate alone; between other panes, nothing")
    func frontMoves() {
        let screen = Navigation.Screen(cells: CellSize(columns: 160, rows: 45), raster: .halfBlocks)
        var navigation = Navigation(front: .player)
        _ = navigation.handle(.places(.start(Self.a, at: .fullScreen, on: screen)))
        #expect(navigation.handle(.toLibrary) == [.bringForward(.library), .decodeRate(Self.a, lightening: Self.low)])
        #expect(navigation.handle(.details) == [.bringForward(.details)])
        #expect(navigation.handle(.toPlayer) == [.bringForward(.player), .decodeRate(Self.a, lightening: .none)])
        #expect(navigation.handle(.shellStarted, videos: .init(fullScreen: true))
                == [.bringForward(.shell), .decodeRate(Self.a, lightening: Self.low), .leavePlayer])
        // Only in the window, the video is seen whatever is in front.
        _ = navigation.handle(.windowWillStart(Self.a), videos: .init(fullScreen: true))
        #expect(navigation.handle(.shellEnded, videos: .init(inWindow: true)).contains { effect in
            if case .decodeRate = effect { true } else { false }
        } == false)
    }
}
