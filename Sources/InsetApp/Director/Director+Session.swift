import InsetControl
import InsetCore
import InsetPlayback

/// mpv's session as a program runs it (invidtui, python-mpv): `--idle` and `--keep-open`
/// at the end of the files, the IPC's `stop`, `keybind`, `quit CODE`, the settings it sets,
/// and mpv's events raised here, where each thing happens (`MpvSessionState`; docs/mpv.md).
extension Director {
    /// A file starts opening (its `playlist_entry_id` counts from 1).
    func raiseStartFile(entry: Int?) {
        mpvSessionState.raise(.startFile(entry: entry))
    }

    /// `video` has started: its file is loaded; its first frame (after this and after each
    /// seek) is mpv's `playback-restart`. A file of sound alone has no frame to wait for.
    func raiseFileLoaded(_ video: Playback) {
        // An identifier outlives its video: a new one may have the address of one let go.
        mpvSessionState.loaded.insert(ObjectIdentifier(video))
        mpvSessionState.ended.remove(ObjectIdentifier(video))
        mpvSessionState.raise(.fileLoaded)
        if video.isSoundOnly {
            mpvSessionState.raise(.playbackRestart)
        } else {
            video.onFirstFrame = { [weak self] in self?.mpvSessionState.raise(.playbackRestart) }
        }
    }

    /// A seek `video`'s machine asked its engine for, from any side (a key, `inset ctl`,
    /// mpv's client, a chapter): said once the file is loaded (not the open's own seek).
    func raiseSeek(of video: Playback) {
        guard mpvSessionState.loaded.contains(ObjectIdentifier(video)) else { return }
        mpvSessionState.raise(.seek)
        if video.isSoundOnly { mpvSessionState.raise(.playbackRestart) }
    }

    /// `video` played to its end. mpv says `end-file` (`eof`) when the file goes: always,
    /// but with `--keep-open` on the last file, which stays on its last frame instead.
    func raiseEndOfFile(_ video: Playback) {
        // Kept open or not, what the file's end changes (`eof-reached`, `pause`…) is told.
        mpvSessionState.raise(properties: .everything)
        if options.mpvSession.keepOpen && !hasNext(after: video) { return }
        sayEnd(of: video, reason: "eof")
    }

    /// `video` is let go (replaced, closed, the player quitting): its `end-file`, unless
    /// its end was said already.
    func raiseLetGo(_ video: Playback) {
        sayEnd(of: video, reason: isRunning ? "stop" : "quit")
        mpvSessionState.loaded.remove(ObjectIdentifier(video))
        mpvSessionState.ended.remove(ObjectIdentifier(video))
    }

    /// The player is going: what still plays ends for the quit.
    func raiseQuitting() {
        for video in [videos.fullScreen, videos.window].compactMap({ $0 }) { sayEnd(of: video, reason: "quit") }
    }

    private func sayEnd(of video: Playback, reason: String) {
        guard mpvSessionState.loaded.contains(ObjectIdentifier(video)),
              mpvSessionState.ended.insert(ObjectIdentifier(video)).inserted else { return }
        mpvSessionState.raise(.endFile(reason: reason))
    }

    /// `--idle` without `--keep-open`: the last file ended, nothing follows; the player
    /// lets it go and waits, idle, for the next `loadfile`. False when that is not so.
    func goIdleAtEnd(of video: Playback, at now: HostTime) -> Bool {
        guard options.mpvSession.idle, !options.mpvSession.keepOpen, !windowIsUp, !hasNext(after: video) else {
            return false
        }
        stopForIdle(at: now)
        return true
    }

    /// mpv's `stop`: what plays is let go; with `--idle` the player stays up with nothing
    /// to play (`idle`), else it quits as mpv does.
    func stopFromOutside(at now: HostTime) -> CommandOutcome {
        guard options.mpvSession.idle else {
            raiseQuitting()
            quit()
            return .done
        }
        cancelOpening()
        stopForIdle(at: now)
        return .done
    }

    private func stopForIdle(at now: HostTime) {
        closePlayback()
        mpvSessionState.raise(.idle)
        effects.append(.paint)
    }

    /// `keybind KEY COMMAND`: the key runs the command wherever Inset reads keys (not in
    /// the shell pane, whose keys are the shell's); nil unbinds it there.
    func bindFromOutside(_ press: KeyPress, to command: Command?) -> CommandOutcome {
        if case .shell? = command { return .refused("keys from the socket do not open the shell pane") }
        if case .sendPrefix? = command { return .refused("keys from the socket do not type into the shell pane") }
        let trigger = KeyBindings.Trigger.key(press)
        for context in KeyBindings.Context.allCases where context != .shell {
            if command == nil || context == .global || options.keyBindings.command(for: trigger, in: context) != nil {
                options.keyBindings.bind(trigger, to: command, in: context)
            }
        }
        return .done
    }

    /// mpv's `quit CODE`: the player quits and the process exits with CODE.
    func quitFromOutside(code: Int32) {
        outcome.quitCode = code
        raiseQuitting()
        quit()
    }

    /// A setting of the session set through mpv's IPC: for the files opened from now on,
    /// and the file playing where it can change while it plays (its loop).
    func setSession(_ setting: MpvSessionSetting) {
        defer { mpvSessionState.raise(properties: setting.propertyNames) }
        switch setting {
        case .video(let on):
            mpvSessionState.videoOff = !on
        case .loopFile(let count):
            options.loop = count != nil
            options.loopCount = count == Int.max ? nil : count
            for video in [videos.fullScreen, videos.window].compactMap({ $0 }) {
                video.setLoopFile(count != nil, count: options.loopCount)
            }
        case .loopPlaylist(let on):
            options.loopsPlaylist = on
            relist(current: playlist.current)
        case .scriptOptions(let pairs):
            options.scriptOptions = pairs.map { MpvMappedOptions.Pair($0.key, $0.value) }
        }
    }

    /// The session's part of mpv's properties.
    func mpvSessionFields(of video: Playback?, at now: HostTime) -> MpvState.Session {
        var session = MpvState.Session()
        session.loopFile = options.loop ? options.loopCount ?? Int.max : nil
        session.loopPlaylist = options.loopsPlaylist
        session.videoOn = !(mpvSessionState.videoOff ?? options.noVideo)
        session.scriptOptions = options.scriptOptions.map { SettingValue.KeyValue($0.key, $0.value) }
        guard let video else { return session }
        if video.machine.configuration.loops {
            session.loopFile = video.machine.loopsLeft ?? Int.max
        } else {
            session.loopFile = nil
        }
        session.buffering = video.buffering.isBuffering
        session.seeking = !video.isSoundOnly && video.awaitingFirstFrame && !video.snapshot.isFinished
        session.cachedAhead = video.pipeline.map { $0.demuxer.bufferedAhead.seconds }
        return session
    }
}
