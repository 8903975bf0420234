/// The render size and decode rate of each placed video (issue 44 item 1): decided by the
/// machine from the places it holds and emitted as `NavigationEffect.render`, so the size a
/// video is decoded for has one holder, the effect's value, and one computation, here.
/// Before, the director worked them out itself (`updateRenderSize`, `renderViewport`) from
/// its lookups of the places.
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

        public init(cells: CellSize, raster: CellRaster, windowVideo: CellSize? = nil, windowFrame: CellSize? = nil,
                    rule: DecodeWorkRule = DecodeWorkRule()) {
            self.cells = cells; self.raster = raster; self.windowVideo = windowVideo
            self.windowFrame = windowFrame; self.rule = rule
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
    }

    /// Each placed video's size and decode rate on `screen`: the one beside the window
    /// first, full screen and at full rate, then the window's video (or the only one) for
    /// the place it is in. A video taking the window over has none until it has the window.
    func renderSizes(on screen: Screen) -> [NavigationEffect] {
        var effects: [NavigationEffect] = []
        if let beside = places.besideWindow {
            effects.append(.render(beside, size: screen.renderSize(in: .fullScreen), lightening: .none))
        }
        if let main = places.windowOwner {
            let place: VideoPlace = places.window == nil ? .fullScreen : .window
            effects.append(.render(main, size: screen.renderSize(in: place), lightening: screen.lightening(in: place)))
        }
        return effects
    }
}
