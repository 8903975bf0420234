import InsetCore
import InsetPlayback

/// The open videos by id: a lookup from the navigation machine's `VideoID` to the playback.
/// Which video is where (full screen, in the window, taking the window over, heard) is the
/// machine's alone (`Navigation.Places`); every place read here goes through `places`,
/// which reads the director's machine, so there is no second record to fall out of step.
///
/// UI thread. A class, shared by the director and the panes that draw the videos.
final class VideoPlaces {
    private var byID: [VideoID: Playback] = [:]
    private var lastID = 0
    /// The navigation machine's places, read where they are (set once by the director).
    var places: () -> Navigation.Places = { Navigation.Places() }
    /// A file being opened off the UI thread; the player says "opening…" meanwhile.
    var opening: PlaybackOpener?
    var contentSwap = ContentSwapCoordinator()

    /// A video just made: it has an id now, and a place once the machine gives it one.
    func add(_ video: Playback) -> VideoID {
        lastID += 1
        let id = VideoID(lastID)
        byID[id] = video
        return id
    }

    /// The video `id` names, forgotten (its place is gone).
    func remove(_ id: VideoID) -> Playback? { byID.removeValue(forKey: id) }

    subscript(id: VideoID?) -> Playback? { id.flatMap { byID[$0] } }

    /// The id of `video`, while it is known.
    func id(of video: Playback) -> VideoID? { byID.first { $0.value === video }?.key }

    var fullScreen: Playback? { self[places().fullScreen] }
    var window: Playback? { self[places().window] }
    /// The video in the place heard, or the only one.
    var heard: Playback? { self[places().heard] }
    /// The video whose state machine holds the window (or the only one): the window's
    /// while there is one, else the full-screen one.
    var windowOwner: Playback? { self[places().windowOwner] }
    /// The full-screen video while another is in the window.
    var besideWindow: Playback? { self[places().besideWindow] }

    /// The video the player's keys act on, other than `video`, while two play.
    func other(than video: Playback) -> Playback? {
        guard let window, let fullScreen else { return nil }
        return video === window ? fullScreen : window
    }

    /// The video the player's keys and buttons act on: the full-screen one; none while a
    /// second file is still opening beside the window (the player says "opening…"); else
    /// the window's.
    var front: Playback? { fullScreen ?? (opening != nil && places().opensBesideWindow ? nil : window) }

    /// Each placed video, the window's first: the loop does this on every turn, so without
    /// building an array each time.
    func forEach(_ body: (Playback) -> Void) {
        let places = places()
        if let window = self[places.window] { body(window) }
        if let fullScreen = self[places.fullScreen] { body(fullScreen) }
    }

    func contains(path: String) -> Playback? {
        if let window, window.path == path { return window }
        if let fullScreen, fullScreen.path == path { return fullScreen }
        return nil
    }
}
