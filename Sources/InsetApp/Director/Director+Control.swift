import Foundation
import InsetCore

/// What the control socket reads of the player: the video its commands act on (the
/// focused one: the window's when it has the focus, else the one in front, which over the
/// shell pane or the library is the window's).
extension Director {
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
    }

    func controlledVideoStatus(at now: HostTime) -> VideoStatus? {
        guard let video = focusedVideo else { return nil }
        let snapshot = video.snapshot
        return VideoStatus(file: video.path, title: video.name, time: video.masterTime(at: now), duration: video.range.duration,
                           paused: !snapshot.isPlaying, inWindow: video === videos.window && panes.window.isOpen,
                           ended: video.endOfStream, speed: snapshot.speed)
    }

    /// A command from outside (the control socket), carried out as a key's would be.
    func executeFromOutside(_ command: Command, at now: HostTime) -> (CommandOutcome, [AppEffect]) {
        let outcome = execute(command, at: now)
        return (outcome, takeEffects())
    }
}
