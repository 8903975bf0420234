import InsetCore

/// What the control desks (the socket, mpv's IPC, MPRIS) read of the video their commands
/// act on, made by `Director.controlledVideoStatus`: a value of the desks', not state the
/// director keeps (it lived under Director/ and counted among its fields).
struct VideoStatus: Equatable {
    var file: String
    /// The page's title, else the file's name.
    var title: String
    var time: MediaTime
    var duration: MediaTime?
    var paused: Bool
    /// The video plays in the floating window.
    var inWindow: Bool
    var ended: Bool
    var speed: PlaybackSpeed = .normal
    /// Where the media starts (positions for MPRIS count from it).
    var start: MediaTime = .zero
    /// Percent, 0 when muted; nil without sound.
    var volume: Int?
    var canSeek = true
    /// The entry of the list the video came from, and whether one follows or comes before.
    var entry: Int?
    var hasNext = false
    var hasPrevious = false
    /// The file's music tags (MPRIS's `xesam:artist`, `xesam:album`…); nil without.
    var tags: MediaTags?
}
