import Foundation
import InsetCore
import InsetLog
import InsetMedia
import InsetPlayback
import InsetRender

extension Director {
    /// Plays catalog entry `index` full screen: the video already playing comes back (from
    /// PiP or from another pane). Another file replaces it, unless it is in the PiP window:
    /// then it stays there and the new one plays full screen beside it (replacing a second
    /// one). Opening happens off the UI thread; the player says "opening…" until
    /// `finishOpening`. `byPlaylist`: the playlist chose it (the end of the file before,
    /// `>`), not the user, so if it cannot be opened the next one is tried.
    /// `opened`: the file was opened ahead and is heard already (`Director+Gapless`).
    func open(entry index: Int, byPlaylist: Bool = false, opened: GaplessQueue.Next? = nil, at now: HostTime) {
        let entry = catalog.entry(index)
        list.select(entry: index, path: entry.path)
        effects.append(.paint)
        if let video = videos.contains(path: entry.path) {
            cancelOpening()
            // The list names this file again (`inset a.mp4 a.mp4`, a clip repeated in a
            // playlist): it plays again from its start, rather than coming back as it is.
            if byPlaylist && video === videos.fullScreen {
                navigate(.toPlayer, at: now)
                deliver(video.send(video.snapshot.isFinished ? .play : .seek(to: video.range.start), at: now), from: video, at: now)
                if !video.snapshot.isPlaying { deliver(video.send(.play, at: now), from: video, at: now) }
                updateRenderSize(at: now)
                return
            }
            // The window's video, with another full screen: the two change places.
            if video === videos.window && videos.besideWindow != nil { swapVideos(at: now); return }
            navigate(.toPlayer, at: now)
            deliver(video.send(.returnToPlayer, at: now), from: video, at: now)
            updateRenderSize(at: now)
            return
        }
        if videos.opening?.path == entry.path { navigate(.toPlayer, at: now); return }
        let keepsWindow = windowStaysForNextVideo
        if keepsWindow { closeBesideWindow(at: now) } else { closePlayback() }
        videos.opening?.cancel()
        if opened == nil {
            startOpening(entry.path, for: keepsWindow ? .besideWindow : .fullScreen, playlistEntry: byPlaylist ? index : nil, at: now)
        }
        let place: NavigationEvent.Opening = keepsWindow ? .besideWindow
            : front == .shell && options.startsInShell ? .inShell : options.startsInPiP ? .behindLibrary : .fullScreen
        navigate(.opened(place), at: now)
        panes.player.layout(stage.size, current: nil)
        panes.player.revealControls(at: now)
        if let opened, let media = opened.media { finishOpening(opened.opener, .success(.media(media)), for: .fullScreen, at: now) }
    }

    /// Opens `path` off the UI thread for `place` (and its size), as the videos' opener: the
    /// options' threads, sound and subtitles. The navigation machine holds the place until
    /// the file is open (`Navigation+Opening`).
    func startOpening(_ path: String, for place: StartPlace, playlistEntry: Int?, at now: HostTime) {
        let opener = makeOpener(path, for: place == .window ? .window : .fullScreen, playlistEntry: playlistEntry)
        raiseStartFile(entry: playlistEntry)
        videos.opening = opener
        changePlaces(.opening(place), at: now)
        let waker = self.waker
        opener.start(at: now) { waker.wake() }
    }

    /// An opener of `path` for `place`'s size with the options' threads, sound and
    /// subtitles, not started.
    func makeOpener(_ path: String, for place: Navigation.VideoPlace, playlistEntry: Int?) -> PlaybackOpener {
        let opener = PlaybackOpener(.init(
            path: path, viewport: renderViewport(in: place), threads: options.threads,
            sound: options.soundDevice
                ? SoundTrack.Options(muted: options.muted, volume: options.volume, language: options.audioLanguage,
                                     device: options.audioDevice) : nil))
        opener.request.subtitles = subtitleRequest(for: path)
        // `--audio-file` goes with the one video given, as `--sub` does.
        if outcome.singleFile { opener.request.audioFile = options.audioFile }
        opener.request.sites = options.sites
        opener.request.allowance = options.allowance
        opener.request.noVideo = options.noVideo
        applyFileOptions(to: opener)
        opener.request.visualizer = options.visualizer
        opener.request.pages = catalog.pages
        opener.playlistEntry = playlistEntry
        opener.catalog = catalog
        return opener
    }

    /// The file is open (or could not be): start playing it at `place`, or say why not. A
    /// single file that cannot be shown ends the program with one line; in the library the
    /// reason is shown and the library stays.
    func finishOpening(_ opener: PlaybackOpener, _ result: Result<OpenedInput, Error>, for place: StartPlace,
                       at now: HostTime) {
        effects.append(.paint)
        switch result {
        case .success(.list(let list)):
            playList(list, from: opener, at: now)
        case .failure(let error):
            if let failure = error as? MediaError { catalog.record(failure, for: opener.path) }
            let line = (error as? MediaError)?.description ?? "cannot open \(opener.path): \(error)"
            if passOver(opener, line, inWindow: place == .window, at: now) { return }
            if place == .window { show(message: line, at: now); return }
            // Chosen in the library (a stream is read only then): its reason, and the library
            // stays, as for a file whose probe failed.
            if opener.playlistEntry == nil && !outcome.singleFile {
                navigate(.cannotShow, at: now)
                show(message: line, at: now)
                return
            }
            fail(line, at: now)
        case .success(.media(var media)):
            if let title = options.mediaTitle { media.title = title }
            media.end = endPosition(in: media)
            // mpv's --chapters-file: its chapters replace the file's own, for every file.
            if let chapters = options.chapters { media.info.chapters = chapters }
            var configuration = options.playbackConfiguration(loops: options.loop)
            // `-T`, `N%` and `#C` need the file's duration or chapters: known now.
            if options.start != nil { configuration.startPosition = startPosition(in: media) }
            if let length = options.excerptLength { media.end = (configuration.startPosition ?? .zero) + length }
            applyFileOptions(to: &media, &configuration)
            let startPastEnd = startPastEnd(of: media)
            if let startPastEnd {
                if outcome.quitsAtEnd && playlist.count == 1 { media.close(); fail(startPastEnd, at: now); return }
                // Another file of the list may be long enough for it: this one plays.
                configuration.startPosition = nil
            }
            let resumed = resumePosition(for: media)
            if let resumed { configuration.startPosition = resumed }
            // Said last, so the notices the playback gives on starting do not hide them.
            defer {
                if let startPastEnd { show(message: startPastEnd + "; playing from the start", at: now) }
                if let resumed { show(message: "resumed at \(resumed.clockString)", at: now) }
            }
            if place == .window {
                startVideo(media, configuration: configuration, at: .window, at: now)
                return
            }
            if place == .besideWindow && windowStaysForNextVideo {
                startVideo(media, configuration: configuration, at: .besideWindow, at: now)
                return
            }
            // Meant to play beside a window that has gone since (restored, closed): it
            // replaces the video as any other file does.
            if place == .besideWindow { closePlayback() }
            startVideo(media, configuration: configuration, at: .fullScreen, at: now)
        }
    }

    /// A page that is a list (a playlist, search results, two videos): its entries take its
    /// place in the library, with their titles, and the first plays; the rest follow in
    /// order as any list's do.
    func playList(_ list: SiteList, from opener: PlaybackOpener, at now: HostTime) {
        guard let index = catalog.entries.firstIndex(where: { $0.path == opener.path }) else { return }
        let count = catalog.replace(entry: index, with: list.entries)
        outcome.singleFile = outcome.singleFile && list.entries.count == 1
        playlist = PlaylistCursor(count: count, rules: options.playlistRules)
        Log.info("page \(opener.path) is a list, \(list.title): \(list.entries.count) entries")
        open(entry: index, byPlaylist: true, at: now)
        if let notice = list.notice { show(message: notice, at: now) }
    }

    /// `--start` at or past the end of the file just opened, as one line: nothing of it would
    /// play, and the player would end at once with no word. Nil for a time within the file,
    /// for live input (no end) and for a still picture (shown whatever the time).
    func startPastEnd(of media: Playback.Media) -> String? {
        guard let start = startPosition(in: media), let end = media.info.playableRange.end, !media.info.isStillImage,
              start >= end else { return nil }
        let asked = start.preciseClockString
        let shownEnd = end.clockString == start.clockString ? end.preciseClockString : end.clockString
        // The path on stderr, as the other lines about a file; its name on the library's bar.
        let file = outcome.quitsAtEnd ? media.path : LibraryCatalog.displayName(media.path)
        return "--start \(asked) is \(start == end ? "at" : "past") the end of \(file) (\(shownEnd))"
    }

    /// Nothing can be shown of a file: a single file given on the command line ends the
    /// program (the command prints the line, exit non-zero); in the library it is said and
    /// the library stays.
    func fail(_ line: String, at now: HostTime) {
        if outcome.quitsAtEnd {
            outcome.fatalError = line
            quit()
            return
        }
        navigate(.cannotShow, at: now)
        show(message: line, at: now)
    }

    /// Stops every video and closes the window.
    func closePlayback() {
        navigate(.videosGone, at: .now())
    }

    /// What a video just taken on lacks, said once: its sound (no device, an undecodable
    /// track) and, for a file cut short, how much of it there is.
    func sayWhatIsMissing(in video: Playback, at now: HostTime) {
        if let notice = video.takeSoundNotice() { show(message: notice, at: now) }
        if let truncation = video.info.truncation {
            show(message: "\(video.name) is cut short: \(truncation.percentPresent)% of it is there; playing the "
                 + "\(truncation.playable.clockString) that can be played", at: now)
        }
    }
}
