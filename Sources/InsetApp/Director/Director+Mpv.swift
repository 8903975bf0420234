import Foundation
import InsetControl
import InsetCore
import InsetLog
import InsetMedia

/// What mpv's IPC (`MpvIPC`, `MpvDesk`) reads of the player and the few things it asks
/// that are not commands of the table: a file added to the list or played now, an entry of
/// the list played, a key pressed.
extension Director {
    /// The player as mpv's properties describe it: the video the commands act on.
    func mpvState(at now: HostTime, withPlaylist: Bool = true) -> MpvState {
        var state = MpvState()
        state.pid = Int(ProcessInfo.processInfo.processIdentifier)
        state.playlistCount = catalog.count
        if withPlaylist { state.playlist = catalog.entries.map(\.path) }
        state.playlistPosition = playlist.current
        state.settings = options.settings
        state.volume = options.volume
        state.muted = options.muted
        state.speed = options.speed.factor
        state.audioDelay = options.audioDelay.seconds
        state.session = mpvSessionFields(of: focusedVideo, at: now)
        // From start-file on, mpv names the file it opens (mpv's autoload.lua reads `path` then).
        if focusedVideo == nil, let opening = videos.opening {
            state.idle = false
            state.path = opening.path
        }
        guard let video = focusedVideo else { return state }
        let snapshot = video.snapshot
        state.idle = false
        state.paused = !snapshot.isPlaying
        state.time = video.masterTime(at: now).seconds
        state.duration = video.range.duration?.seconds
        state.speed = snapshot.speed.factor
        state.path = video.path
        state.title = video.title
        state.tags = video.info.tags
        state.playlistPosition = entryIndex(of: video)
        state.chapters = video.chapters.chapters.map { MpvState.Chapter(title: $0.title, time: $0.start.seconds) }
        state.hasVideo = !video.isSoundOnly
        if let sound = video.sound {
            state.volume = sound.volume
            state.muted = sound.isMuted
            state.audioDelay = sound.delay.seconds
            state.audioTracks = sound.trackNames.map { MpvState.Track(title: $0) }
            state.audioSelected = sound.heardTrack
        } else {
            state.audioTracks = []
            state.audioSelected = nil
        }
        if let subtitles = video.subtitles {
            let selection = subtitles.selection
            state.subtitleTracks = selection.tracks.map {
                MpvState.Track(title: $0.title, language: $0.language, codec: $0.codec, external: $0.file != nil)
            }
            state.subtitleSelected = selection.selected
        }
        state.eof = snapshot.isFinished
        state.inWindow = video === videos.window && windowIsUp
        if state.inWindow, let layout = panes.window.pip?.layout {
            state.windowCorner = Command.WindowMove.allCases.first { $0.corner == layout.nearestCorner }?.rawValue
        }
        return state
    }

    /// `loadfile`: the file goes at the end of the list; unless `append`, or when nothing
    /// plays, it plays now (where the focused video plays), with its own options.
    func loadFile(_ path: String, append: Bool, options fileOptions: MpvFileOptions = MpvFileOptions(),
                  at now: HostTime) -> CommandOutcome {
        // Named by the user's own socket, as if on the command line (schemes other than http).
        options.allowance = options.allowance.naming([path])
        catalog.allow(options.allowance)
        mpvSessionState.fileOptions[path] = fileOptions == MpvFileOptions() ? nil : fileOptions
        for option in fileOptions.ignored { Log.info("loadfile \(path): ignored mpv's per-file \(option)") }
        guard let index = catalog.append(path) else { return .refused("nothing to play in \(path)") }
        mpvSessionState.raise(properties: ["playlist-count"])
        relist(current: playlist.current)
        outcome.singleFile = false
        // A file still opening plays too: appended at its start-file (mpv's autoload.lua), a
        // file went ahead of it.
        guard !append || (focusedVideo == nil && videos.opening == nil) else { return .done }
        return playEntry(index, at: now)
    }

    /// `keypress`: the key as if typed, unless it would open the shell pane or type into
    /// it. mpv's `run` and `subprocess` are refused on the socket; a key that reaches a
    /// shell is the same thing spelled out (`!`, then `r`, `m`, Space…, Enter), so a page
    /// or a script that finds the socket cannot type commands.
    func keyFromOutside(_ press: KeyPress, at now: HostTime) -> CommandOutcome {
        if front == .shell && focus == .pane { return .refused("keys from the socket do not type into the shell pane") }
        switch options.keyBindings.command(for: .key(press), in: keyContexts) {
        case .shell?, .sendPrefix?: return .refused("keys from the socket do not open the shell pane")
        default: break
        }
        handle(.key(press), at: now)
        return .done
    }

    /// `playlist-pos`: entry `index` of the list plays where the focused video plays.
    func playEntry(_ index: Int, at now: HostTime) -> CommandOutcome {
        guard catalog.entries.indices.contains(index) else { return .refused("no entry \(index) in the list") }
        if let video = focusedVideo, video === videos.window {
            openIntoWindow(entry: index, at: now)
        } else {
            open(entry: index, byPlaylist: true, at: now)
        }
        return .done
    }
}
