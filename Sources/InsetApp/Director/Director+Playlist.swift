import InsetCore
import InsetMedia
import InsetPlayback

/// The list a file was played from (the library's, the command line's, a playlist's) and
/// what comes after it: at the end of a file the next one plays where it played, full
/// screen or in the window (`--no-advance` stops instead), `>` and `<` move by hand, and a
/// file that cannot be opened is passed over for the one after. The rules are
/// `PlaylistCursor`'s; this is where they meet the videos.
extension Director {
    /// The command line plays its files at once, unless it gave none or only directories
    /// (the library then opens).
    static func playsAtStart(_ paths: [String]) -> Bool {
        !paths.isEmpty && !paths.allSatisfy(isDirectory)
    }

    /// An entry the playlist may go to: not one whose open failed in this run, nor one found
    /// unplayable as the list was made. The command line's files are each opened in their
    /// turn, whatever the library's probe found meanwhile, so which are passed over (and the
    /// exit status, `closingError`) does not hang on how far the probe got; the library's
    /// own list goes past what its probe found.
    /// Standard input is listed as unplayable (the library must never probe it, which would
    /// read it), but played alone it is the one thing to play.
    func canPlayInTurn(_ index: Int) -> Bool {
        if outcome.passedOver.contains(index) { return false }
        if options.paths == ["-"] { return true }
        if outcome.unplayableAtStart.contains(index) { return false }
        return outcome.quitsAtEnd || catalog.entry(index).failure == nil
    }

    /// The command line's first file plays; with none that can (an empty playlist, one
    /// refused), the reason is the one line the program ends with.
    func startPlaylist(_ first: Int?, at now: HostTime) {
        guard let first else {
            let reason = catalog.entries.first?.failure?.description ?? "nothing to play in \(options.paths.joined(separator: " "))"
            fail(reason, at: now)
            return
        }
        open(entry: first, byPlaylist: true, at: now)
    }

    /// `video` played to its end: the next entry takes its place. False when none does
    /// (`--no-advance`, the last without `--loop-playlist`, a file not from the list).
    func advanceAtEnd(of video: Playback, at now: HostTime) -> Bool {
        guard let entry = entryIndex(of: video) else { return false }
        playlist.select(entry: entry)
        guard let next = playlist.afterEnd(where: canPlayInTurn) else { return false }
        if followGaplessly(video, by: next, at: now) { return true }
        play(entry: next, after: video, at: now)
        return true
    }

    /// Whether a file follows `video`'s in its list, advancing or not.
    func hasNext(after video: Playback) -> Bool {
        guard let entry = entryIndex(of: video) else { return false }
        playlist.select(entry: entry)
        return playlist.next(where: canPlayInTurn) != nil
    }

    /// `playlist next` / `previous` (`>`, `<`) on the focused video.
    func stepPlaylist(_ step: Command.PlaylistStep, at now: HostTime) -> CommandOutcome {
        guard let video = focusedVideo, let entry = entryIndex(of: video) else { return .refused("nothing is playing") }
        // Pressed again while the window's next file is still opening: on from that one, so
        // quick presses each go one further.
        if video === videos.window, let opening = videos.opening, navigation.places.opening == .window,
           let pending = opening.playlistEntry {
            playlist.select(entry: pending)
        } else {
            playlist.select(entry: entry)
        }
        let target = step == .next ? playlist.next(where: canPlayInTurn) : playlist.previous(where: canPlayInTurn)
        guard let target else {
            let why = step == .next ? "this is the last file of the list" : "this is the first file of the list"
            show(message: why, for: .seconds(2), at: now)
            return .refused(why)
        }
        play(entry: target, after: video, at: now)
        return .done
    }

    /// Plays `entry` where `video` plays: in the window, or full screen.
    private func play(entry: Int, after video: Playback, at now: HostTime) {
        play(entry: entry, inWindow: video === videos.window, at: now)
    }

    private func play(entry: Int, inWindow: Bool, at now: HostTime) {
        if inWindow { openIntoWindow(entry: entry, at: now) } else { open(entry: entry, byPlaylist: true, at: now) }
    }

    /// The entry `video` was opened from: the cursor's when it is that file, else the first
    /// entry of its path.
    func entryIndex(of video: Playback) -> Int? {
        if let current = playlist.current, catalog.entry(current).path == video.path { return current }
        return catalog.entries.firstIndex { $0.path == video.path }
    }

    /// A file the playlist opened could not be: it is passed over for the next one, said on
    /// the bar. False when there is no next (the caller then fails as for any file).
    func passOver(_ opener: PlaybackOpener, _ line: String, inWindow: Bool, at now: HostTime) -> Bool {
        guard let entry = opener.playlistEntry else { return false }
        outcome.passedOver.insert(entry)
        playlist.select(entry: entry)
        guard let next = playlist.next(where: canPlayInTurn) else { return false }
        show(message: line, at: now)
        if outcome.quitsAtEnd { outcome.passedOverLines.append(line) }
        play(entry: next, inWindow: inWindow, at: now)
        return true
    }

    /// Opens `entry` to take the window's place once open (`startInWindow`); the window's
    /// video stays there meanwhile. Not while another file is opening for the user.
    /// `opened`: the file was opened ahead and is heard already (`Director+Gapless`).
    func openIntoWindow(entry index: Int, opened: GaplessQueue.Next? = nil, at now: HostTime) {
        guard videos.opening == nil || navigation.places.opening == .window else { return }
        videos.opening?.cancel()
        let entry = catalog.entry(index)
        list.select(entry: index, path: entry.path)
        if let opened, let media = opened.media {
            finishOpening(opened.opener, .success(.media(media)), for: .window, at: now)
            return
        }
        startOpening(entry.path, for: .window, playlistEntry: index, at: now)
    }
}
