/// The file being opened, the place it opens for, and the start of the video made of it
/// (issue 44 item 1): "which is opening, and for which place" has one holder, the machine,
/// rather than flags on the opener (`besideWindow`, `intoWindow`) that the director read
/// back; and the machine emits the video's start at its place's size. The opener itself
/// (the thread reading the file) stays the app's, found by the director as its videos are;
/// only its place is here.
extension Navigation {
    /// Where a video that has just opened goes.
    public enum StartPlace: Equatable, Sendable {
        /// Full screen, the only video.
        case fullScreen
        /// Full screen beside the window's video, which keeps the window (and gives way in sound).
        case besideWindow
        /// In the window as it is, in place of the video there, which is retired.
        case window
    }

    mutating func opening(_ place: StartPlace?) -> [NavigationEffect] {
        places.opening = place
        return []
    }

    /// `video` starts at `place`, at that place's render size on `screen`: full screen, the
    /// only one; full screen beside the window's (the file just chosen is heard: full screen
    /// is the place heard again); or taking the window's place, the one there let go (the
    /// window stays as it is until the new video's machine answers, `tookWindow`).
    mutating func start(_ video: VideoID, at place: StartPlace, on screen: Screen) -> [NavigationEffect] {
        switch place {
        case .fullScreen, .besideWindow:
            places.fullScreen = video
            if place == .besideWindow { places.heardPlace = .fullScreen }
            return [.start(video, size: screen.renderSize(in: .fullScreen))]
        case .window:
            places.takingOverWindow = video
            var effects: [NavigationEffect] = []
            if let old = places.window {
                places.window = nil
                effects.append(.letGo(old, failed: false, keepsFigures: true))
            }
            return effects + [.start(video, size: screen.renderSize(in: .window))]
        }
    }
}

extension Navigation.Places {
    /// A file opens beside the window's video: the player has no video of its own to act on
    /// until it is open (it says "opening…").
    public var opensBesideWindow: Bool { opening == .besideWindow }
}
