import Foundation
import InsetCore

/// What the control socket reads of the player: the video its commands act on (the
/// focused one: the window's when it has the focus, else the one in front, which over the
/// shell pane or the library is the window's).
extension Director {
    func controlledVideoStatus(at now: HostTime) -> VideoStatus? {
        guard let video = focusedVideo else { return nil }
        let snapshot = video.snapshot
        var status = VideoStatus(file: video.path, title: video.name, time: video.masterTime(at: now),
                                 duration: video.range.duration, paused: !snapshot.isPlaying,
                                 inWindow: video === videos.window && windowIsUp, ended: video.endOfStream,
                                 speed: snapshot.speed, start: video.range.start, canSeek: snapshot.canSkip)
        status.volume = video.sound.map { $0.isMuted ? 0 : $0.volume }
        status.tags = video.info.tags
        if let entry = entryIndex(of: video) {
            // A copy: asking what is next must not move the list.
            var cursor = playlist
            cursor.select(entry: entry)
            status.entry = entry
            status.hasNext = cursor.next(where: canPlayInTurn) != nil
            status.hasPrevious = cursor.previous(where: canPlayInTurn) != nil
        }
        return status
    }

    /// A file or URL from outside (MPRIS's OpenUri): played now where the focused video
    /// plays, as the socket's `loadfile` plays one; listed after the library's entries
    /// unless it is listed already (a desktop's "open with" twice is one entry).
    func openFromOutside(_ location: String, at now: HostTime) -> (CommandOutcome, [AppEffect]) {
        let outcome = catalog.entries.firstIndex(where: { $0.path == location }).map { playEntry($0, at: now) }
            ?? loadFile(location, append: false, at: now)
        return (outcome, takeEffects())
    }

    /// A command from outside (the control socket), carried out as a key's would be.
    func executeFromOutside(_ command: Command, at now: HostTime) -> (CommandOutcome, [AppEffect]) {
        let outcome = execute(command, at: now)
        return (outcome, takeEffects())
    }
}
