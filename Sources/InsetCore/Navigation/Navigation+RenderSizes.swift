/// The render size and decode rate of each placed video (issue 44 item 1): decided by the
/// machine from the places it holds and emitted as `NavigationEffect.render`, so the size a
/// video is decoded for has one holder, the effect's value, and one computation, here.
/// Before, the director worked them out itself (`updateRenderSize`, `renderViewport`) from
/// its lookups of the places.
///
/// The rate (issue 44 item 2): every frame full screen; in the window, what `--pip-saver`
/// asks for a window of its size; and a low rate (key and predicted frames) for a video no
/// one sees, full screen behind another pane (the library or the shell in front, as while a
/// `--pip` or `--shell` start waits for its window) or in a window stashed against an edge,
/// a sliver of border left. A move of the front pane to or from the player emits the
/// full-screen video's rate alone (`decodeRate`): its size is the same, and the window's
/// video is seen whatever pane is in front.
extension Navigation {
    /// What the app has of the screen when the videos' sizes are worked out.
    public struct Screen: Equatable, Sendable {
        /// The whole screen, and how the video's cells hold pixels there.
        public var cells: CellSize
        public var raster: CellRaster
        /// The window pane's video area and its whole frame (border included), while the
        /// pane is open.
        public var windowVideo: CellSize?
        public var windowFrame: CellSize?
        /// `--pip-saver`: fewer frames decoded for a small window.
        public var rule: DecodeWorkRule
        /// The window is stashed against an edge: its video is not seen.
        public var windowStashed: Bool

        public init(cells: CellSize, raster: CellRaster, windowVideo: CellSize? = nil, windowFrame: CellSize? = nil,
                    rule: DecodeWorkRule = DecodeWorkRule(), windowStashed: Bool = false) {
            self.cells = cells; self.raster = raster; self.windowVideo = windowVideo
            self.windowFrame = windowFrame; self.rule = rule; self.windowStashed = windowStashed
        }

        /// What a video in `place` is decoded for: the whole screen full screen (beside the
        /// window too, in pixels as well: the window's picture is a picture of its own, above
        /// it), the window's video area in the window (the whole screen until the window
        /// pane is open). A file opening is sized for the place it opens for with this too.
        public func renderSize(in place: VideoPlace) -> Viewport {
            switch place {
            case .fullScreen: Viewport(cells: cells, raster: raster)
            case .window: Viewport(cells: windowVideo ?? cells, raster: raster)
            }
        }

        /// The frames left out for `place` alone: none full screen; in the window, what
        /// `--pip-saver` asks for a window of its size (lateness lightens on its own, in
        /// the playback).
        public func lightening(in place: VideoPlace) -> DecodeLightening {
            place == .window ? rule.lightening(window: windowFrame, on: cells) : .none
        }

        /// The rate of a video no one sees (covered, stashed): the lightest decoding there is.
        public static let unseenLightening = DecodeLightening.allCases.max()!
    }

    /// Each placed video's size and decode rate on `screen`: the one beside the window
    /// first, full screen and at full rate, then the window's video (or the only one) for
    /// the place it is in. A video taking the window over has none until it has the window.
    func renderSizes(on screen: Screen) -> [NavigationEffect] {
        var effects: [NavigationEffect] = []
        if let beside = places.besideWindow {
            effects.append(.render(beside, size: screen.renderSize(in: .fullScreen), lightening: lightening(in: .fullScreen, on: screen)))
        }
        if let main = places.windowOwner {
            let place: VideoPlace = places.window == nil ? .fullScreen : .window
            effects.append(.render(main, size: screen.renderSize(in: place), lightening: lightening(in: place, on: screen)))
        }
        return effects
    }

    /// Whether a video in `place` is seen: full screen while the player is in front (the
    /// window's own video included, while its window opens over it), in the window unless
    /// it is stashed.
    func isSeen(_ place: VideoPlace, on screen: Screen) -> Bool {
        switch place {
        case .fullScreen: front == .player
        case .window: !screen.windowStashed
        }
    }

    /// The decode rate for `place` on `screen`: its own (`Screen.lightening(in:)`) when seen,
    /// the low rate when not.
    func lightening(in place: VideoPlace, on screen: Screen) -> DecodeLightening {
        isSeen(place, on: screen) ? screen.lightening(in: place) : Screen.unseenLightening
    }

    /// The front pane moved from `left`: the full-screen video (the only one, or the one
    /// beside the window) comes into sight or goes out of it with the player.
    func frontMoved(from left: Place) -> [NavigationEffect] {
        guard let video = places.fullScreen, (left == .player) != (front == .player) else { return [] }
        return [.decodeRate(video, lightening: front == .player ? .none : Screen.unseenLightening)]
    }
}
