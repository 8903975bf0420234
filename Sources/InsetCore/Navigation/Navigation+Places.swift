/// A video as the navigation machine knows it: a number the director gave it when it made
/// the video, which its `VideoPlaces` looks up to reach the playback.
public struct VideoID: Hashable, Sendable, CustomStringConvertible {
    public let number: Int
    public init(_ number: Int) { self.number = number }
    public var description: String { "video \(number)" }
}

extension Navigation {
    /// Where a video shows: full screen, or in the floating window.
    public enum VideoPlace: Equatable, Sendable { case fullScreen, window }

    /// Which video is where (issue 44 item 1): the one record of it. A video is in one place:
    /// full screen until its window opens (its machine's `willStart`), in the window until the
    /// window has gone (`didStop`). A second file opened while one plays in the window plays
    /// full screen beside it, and a swap exchanges the two places.
    public struct Places: Equatable, Sendable {
        public internal(set) var fullScreen: VideoID?
        public internal(set) var window: VideoID?
        /// The video taking the window's place from the one that was there (the next of the
        /// window's list): from its start until its machine's `didStart`, the window stays as
        /// it is. Cleared by the machine's answer, not when the start returns: the answer may
        /// wait in the director's queue (a file that follows gaplessly starts mid-delivery).
        public internal(set) var takingOverWindow: VideoID?
        /// The place heard while two videos play (the other at the window's volume): full
        /// screen unless `audio-focus` chose the window. A place, not a video: a swap
        /// exchanges the videos and the place heard stays, so the video that comes full
        /// screen is heard, as the main player's sound is on tvOS ("full screen apps are
        /// considered primary", WWDC15 211). The only video is always heard.
        public internal(set) var heardPlace = VideoPlace.fullScreen
        /// The place the file being opened is for, while one is (`Navigation+Opening`).
        public internal(set) var opening: StartPlace?

        public init() {}

        /// The video in the place heard, or the only one.
        public var heard: VideoID? {
            switch heardPlace {
            case .fullScreen: fullScreen ?? window
            case .window: window ?? fullScreen
            }
        }

        /// The video whose machine holds the window (or the only one).
        public var windowOwner: VideoID? { window ?? fullScreen }
        /// The full-screen video while another is in the window.
        public var besideWindow: VideoID? { window == nil ? nil : fullScreen }
        /// Each placed video, the window's first.
        public var all: [VideoID] { [window, fullScreen].compactMap { $0 } }
    }
}

/// What changed of the videos' places, said by the director as it starts, swaps, hears and
/// lets go of videos; the window's own comings and goings are `NavigationEvent`s of their own.
public enum PlacesEvent: Equatable, Sendable {
    /// A video just made from an opened file starts at its place, sized on the screen
    /// (`Navigation+Opening`): the machine places it and emits its `start`.
    case start(VideoID, at: Navigation.StartPlace, on: Navigation.Screen)
    /// Its machine's `willStart` with the window up: it is the window's video now.
    case tookWindow(VideoID)
    /// Its machine's `didStart`: the takeover is done.
    case tookOverWindow(VideoID)
    /// Its machine answered without starting PiP (the terminal shrank): full screen if the
    /// place is free, else it is let go.
    case takeOverFailed(VideoID)
    /// `audio-focus`: the other place is heard.
    case hear(Navigation.VideoPlace)
    /// The video beside the window stops (another file replaces it, it failed).
    case closeBesideWindow
    /// The window's video failed with another full screen: that one goes on alone.
    case windowVideoFailed
    /// A file starts opening for a place, or none is opening any more (nil).
    case opening(Navigation.StartPlace?)
}

extension Navigation {
    mutating func handlePlaces(_ event: PlacesEvent) -> [NavigationEffect] {
        switch event {
        case .start(let video, let place, let screen):
            return start(video, at: place, on: screen)
        case .tookWindow(let video):
            places.window = video
            return []
        case .tookOverWindow(let video):
            guard places.takingOverWindow == video else { return [] }
            places.takingOverWindow = nil
            return [.invalidateLibrary]
        case .takeOverFailed(let video):
            guard places.takingOverWindow == video, places.window != video else { return [] }
            places.takingOverWindow = nil
            // The window the video was to take has no video left in it: it closes.
            var effects: [NavigationEffect] = []
            if places.window == nil && window != .closed {
                window = .closed
                focus = .pane
                effects.append(.closeWindow)
            }
            guard places.fullScreen == nil else { return effects + [.letGo(video, failed: false, keepsFigures: false)] }
            places.fullScreen = video
            return effects + bring(.player)
        case .hear(let place):
            places.heardPlace = place
            return []
        case .closeBesideWindow:
            return closeBesideWindow()
        case .opening(let place):
            return opening(place)
        case .windowVideoFailed:
            guard let video = places.window else { return [] }
            places.window = nil
            window = .closed
            focus = .pane
            return [.letGo(video, failed: true, keepsFigures: true), .closeWindow]
        }
    }

    /// The video beside the window is let go (the window's comes full screen in its place).
    mutating func closeBesideWindow() -> [NavigationEffect] {
        guard let video = places.besideWindow else { return [] }
        places.fullScreen = nil
        return [.letGo(video, failed: false, keepsFigures: false)]
    }

    /// `video`'s window opens: it moves there from full screen.
    mutating func moveToWindow(_ video: VideoID) {
        places.window = video
        if places.fullScreen == video { places.fullScreen = nil }
    }

    /// The window has gone: its video comes back to the full-screen place, unless another
    /// is there, which is then the only one (the window's is let go).
    mutating func windowVideoGone() -> [NavigationEffect] {
        guard let video = places.window else { return [] }
        places.window = nil
        if places.fullScreen == nil { places.fullScreen = video; return [] }
        return [.letGo(video, failed: false, keepsFigures: true)]
    }

    /// Every video is let go (another file replaces them), the main one's figures kept.
    mutating func letGoOfAll() -> [NavigationEffect] {
        let main = places.windowOwner
        // A video still taking over the window goes too: it has no place yet to be found by.
        let taking = places.takingOverWindow.flatMap { places.all.contains($0) ? nil : $0 }
        let effects = (places.all + (taking.map { [$0] } ?? [])).map {
            NavigationEffect.letGo($0, failed: false, keepsFigures: $0 == main)
        }
        places.fullScreen = nil
        places.window = nil
        places.takingOverWindow = nil
        return effects
    }
}
