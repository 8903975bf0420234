import InsetCore
import InsetPlayback

/// The open videos, by where they show: full screen, and in the floating window. One video
/// is in one place: full screen until its window opens (its machine's `willStart`), in the
/// window until the window has gone (`didStop`). A second file opened while one plays in
/// the window plays full screen beside it, and a swap exchanges the two places.
///
/// UI thread. A class, shared by the director and the panes that draw the videos.
final class VideoPlaces {
    private(set) var fullScreen: Playback?
    private(set) var window: Playback?
    /// A file being opened off the UI thread; the player says "opening…" meanwhile.
    var opening: PlaybackOpener?
    /// The last video's figures, kept for the closing line after it is closed.
    var lastStatistics = PlaybackStatistics()
    var contentSwap = ContentSwapCoordinator()
    /// Each open file's place in its list ("2/3"), by path, for the bar
    /// (`Director+Playlist`).
    var listLabels: [String: String] = [:]
    /// The video taking the window's place from the one that was there (the next of the
    /// list): while its machine starts PiP, the window stays as it is.
    var takingOverWindow: Playback?

    /// Where the videos are: full screen, or in the floating window.
    enum Place { case fullScreen, window }

    /// The place heard while two videos play (the other at the window's volume): full
    /// screen unless `audio-focus` chose the window. It is a place, not a video: a swap
    /// exchanges the videos and the place heard stays, so the video that comes full screen
    /// is heard, as the main player's sound is on tvOS ("full screen apps are considered
    /// primary", WWDC15 211). The only video is always heard.
    private(set) var heardPlace = Place.fullScreen

    /// The video in the place heard, or the only one.
    var heard: Playback? {
        switch heardPlace {
        case .fullScreen: fullScreen ?? window
        case .window: window ?? fullScreen
        }
    }

    func hear(_ place: Place) { heardPlace = place }

    /// The video the player's keys act on, other than `video`, while two play.
    func other(than video: Playback) -> Playback? {
        guard window != nil, fullScreen != nil else { return nil }
        return video === window ? fullScreen : window
    }

    /// The video whose state machine holds the window (or the only one): the window's
    /// while there is one, else the full-screen one.
    var windowOwner: Playback? { window ?? fullScreen }

    /// The full-screen video while another is in the window.
    var besideWindow: Playback? { window == nil ? nil : fullScreen }

    /// The video the player's keys and buttons act on: the full-screen one; none while a
    /// second file is still opening beside the window (the player says "opening…"); else
    /// the window's.
    var front: Playback? { fullScreen ?? (opening?.besideWindow == true ? nil : window) }

    /// Each open video, the window's first: the loop does this on every turn, so without
    /// building an array each time.
    func forEach(_ body: (Playback) -> Void) {
        if let window { body(window) }
        if let fullScreen { body(fullScreen) }
    }

    func contains(path: String) -> Playback? {
        if window?.path == path { return window }
        if fullScreen?.path == path { return fullScreen }
        return nil
    }

    /// The first (or only) video, full screen.
    func showFullScreen(_ video: Playback) { fullScreen = video }

    /// `video`'s window opens: it moves there from full screen.
    func moveToWindow(_ video: Playback) {
        window = video
        if fullScreen === video { fullScreen = nil }
    }

    /// The window has gone: its video comes back to the full-screen place, unless another
    /// is there, which is then the only one (the window's is returned, to be stopped).
    func windowClosed() -> Playback? {
        guard let video = window else { return nil }
        window = nil
        if fullScreen == nil { fullScreen = video; return nil }
        return video
    }

    /// The two places change videos.
    func swap() {
        (fullScreen, window) = (window, fullScreen)
    }

    /// Forgets the full-screen video beside the window (returned, to be stopped).
    func removeBesideWindow() -> Playback? {
        guard window != nil, let video = fullScreen else { return nil }
        fullScreen = nil
        return video
    }

    /// Forgets every video (returned, to be stopped), keeping the figures of the main one.
    func removeAll() -> [Playback] {
        let all = [window, fullScreen].compactMap { $0 }
        if let main = windowOwner { lastStatistics = main.statistics }
        window = nil
        fullScreen = nil
        return all
    }

    /// The window's video failed with another full screen: that one goes on alone.
    func dropWindow() -> Playback? {
        let video = window
        if let video { lastStatistics = video.statistics }
        window = nil
        return video
    }
}
