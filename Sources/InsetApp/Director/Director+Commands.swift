import InsetCore
import InsetPlayback

/// Carries out a command, whatever asked for it: a key, a mouse wheel step, the control
/// socket (ARCHITECTURE.md, "The path of a key").
extension Director {
    /// What became of a command, for the control socket's reply: done, or why not.
    enum CommandOutcome: Equatable, Sendable {
        case done
        case refused(String)
    }

    @discardableResult
    func execute(_ command: Command, at now: HostTime) -> CommandOutcome {
        effects.append(.paint)
        // mpv's observers hear what the command changed, raised here for every side that asks.
        defer { raiseProperties(changedBy: command) }
        if options.embed != nil, let reason = Director.refusedWhenEmbedded(command) { return .refused(reason) }
        switch command {
        case .quit: quit()
        case .help: overlays.helpVisible = true
        case .pause(let on):
            let event: PlaybackEvent = switch on { case nil: .togglePause; case true?: .pause; case false?: .play }
            return sendToFocused(event, at: now)
        case .seek(let by): return sendToFocused(.skip(by: by), at: now)
        case .seekTo(let time): return sendToFocused(.seek(to: time), at: now)
        case .frameStep(let forward): return stepFrame(forward: forward, at: now)
        case .abLoop: return cycleLoopPoint(at: now)
        case .screenshot: return takeScreenshot(at: now)
        case .liveEdge:
            if !jumpToLiveEdge(at: now) { return .refused("not live input") }
        case .pip:
            if let refusal = navigate(.pipAsked, at: now) { return .refused(refusal) }
        case .restore, .closeWindow:
            guard let video = videos.window else { return .refused("no video in a window") }
            deliver(video.send(command == .restore ? .restoreFromPiP : .closePiP, at: now), from: video, at: now)
        case .swap:
            guard windowIsUp else { return .refused("no video in a window") }
            swapVideos(at: now)
        case .focus(let target):
            return moveFocus(target, at: now)
        case .windowMove, .windowSize, .windowStash:
            return changeWindow(command, at: now)
        case .volume, .mute:
            return adjustSound(command, at: now)
        case .speed(let change):
            return changeSpeed(change, at: now)
        case .subtitles(let step):
            return changeSubtitles(step, at: now)
        case .audio:
            cycleAudioTrack(at: now)
        case .visualizer(let change):
            return changeVisualizer(change, at: now)
        case .audioDelay(let change):
            return changeAudioDelay(change, at: now)
        case .subtitleDelay(let change):
            return changeSubtitleDelay(change, at: now)
        case .subtitleVisibility(let shown):
            return changeSubtitleVisibility(shown, at: now)
        case .subtitleStyle(let name, let value):
            return changeSubtitleStyle(name, to: value, at: now)
        case .audioFocus:
            return moveAudioFocus(at: now)
        case .chapter(let step):
            return jumpToChapter(step, at: now)
        case .playlist(let step):
            return stepPlaylist(step, at: now)
        case .shell:
            openShell(at: now)
        case .library, .details, .select, .open:
            return executeInPanes(command, at: now)
        case .sendPrefix:
            guard panes.shell.shell != nil else { return .refused("no shell pane") }
            _ = panes.shell.handle(command, at: now)
        }
        return .done
    }

    /// The library's and the details' commands, and `library` from the player.
    private func executeInPanes(_ command: Command, at now: HostTime) -> CommandOutcome {
        switch (front, command) {
        case (.player, .library): leavePlayer(at: now)
        case (.details, .library), (.details, .open), (.library, _): carryOut(frontPane.handle(command, at: now), at: now)
        case (_, .library): break
        default: return .refused("not in the library")
        }
        return .done
    }

    /// Esc in the player, the "home" action: the library; a playing video goes on in the
    /// window if allowed.
    func leavePlayer(at now: HostTime) {
        navigate(.leavePlayer, at: now)
    }

    /// `audio next`: the focused video's next sound track, from the time heard.
    func cycleAudioTrack(at now: HostTime) {
        guard let target = focusedVideo, let sound = target.sound else {
            show(message: "this video plays without sound", at: now)
            return
        }
        let time = target.masterTime(at: now)
        guard let (label, seekPicture) = sound.nextTrack(at: time) else {
            show(message: "this video has one sound track", at: now)
            return
        }
        // Back to the video's own sound from a separate input's: its input moves to the
        // time heard, so picture and sound go on from there together.
        if seekPicture { deliver(target.send(.seek(to: time), at: now), from: target, at: now) }
        show(message: label, at: now)
    }

    /// `chapter next` / `previous` on the focused video: a seek to the chapter's start, its
    /// number and title said for two seconds. Counted from the position the snapshot
    /// holds, which is the last seek's target until a frame arrives, so quick presses step
    /// chapter by chapter instead of landing on the same one.
    func jumpToChapter(_ step: Command.ChapterStep, at now: HostTime) -> CommandOutcome {
        guard let target = focusedVideo else { return .refused("nothing is playing") }
        let chapters = target.chapters
        guard !chapters.isEmpty else {
            show(message: "this video has no chapters", for: .seconds(2), at: now)
            return .refused("no chapters")
        }
        let position = target.snapshot.position
        let found = step == .next ? chapters.next(after: position) : chapters.previous(before: position)
        guard let index = found else {
            let why = step == .next ? "after the last chapter" : "before the first chapter"
            show(message: why, for: .seconds(2), at: now)
            return .refused(why)
        }
        // Where seeking is refused (`--linear`) the machine says why; no title is claimed.
        let allowed = target.snapshot.canSkip
        deliver(target.send(.seek(to: chapters.chapters[index].start), at: now), from: target, at: now)
        guard allowed else { return .refused("seeking is not allowed here") }
        show(message: chapters.label(of: index), for: .seconds(2), at: now)
        return .done
    }

    /// `live-edge`: a live video, full screen or in the focused window, jumps to the newest
    /// frame read. False for anything else.
    func jumpToLiveEdge(at now: HostTime) -> Bool {
        guard focus == .window && windowIsUp || front == .player, let video = focusedVideo, video.range.isLive
        else { return false }
        if let target = video.liveEdgeTarget { deliver(video.send(.seek(to: target), at: now), from: video, at: now) }
        show(message: "live", at: now)
        return true
    }

    /// The video the commands that act on one video act on: the window's when it has the
    /// focus or plays over the library or details (beside a full-screen one left paused
    /// behind them, the one seen), else the one the player shows.
    var focusedVideo: Playback? {
        focus == .window && windowIsUp || windowPlaysOverList ? videos.window : videos.front
    }

    /// Playback commands act on the focused video: the window's when it has the focus,
    /// else the one the player shows (with two videos, the full-screen one).
    private func sendToFocused(_ event: PlaybackEvent, at now: HostTime) -> CommandOutcome {
        guard let target = focusedVideo else { return .refused("nothing is playing") }
        deliver(target.send(event, at: now), from: target, at: now)
        return .done
    }

    private func moveFocus(_ target: Command.FocusTarget, at now: HostTime) -> CommandOutcome {
        let wanted: NavigationEvent.FocusTarget = switch target { case .pane: .pane; case .window: .window; case .toggle: .toggle }
        return navigate(.focus(wanted), at: now).map(CommandOutcome.refused) ?? .done
    }

    /// Moves (to the next corner, or stashes past the side), sizes and stashes the window.
    private func changeWindow(_ command: Command, at now: HostTime) -> CommandOutcome {
        guard windowIsUp else { return .refused("no video in a window") }
        panes.window.change { window in
        switch command {
        case .windowMove(let move):
            switch move {
            case .left: window.step(toward: .left)
            case .right: window.step(toward: .right)
            case .up: window.step(toward: .up)
            case .down: window.step(toward: .down)
            case .topLeft, .topRight, .bottomLeft, .bottomRight:
                if window.layout.isStashed { window.layout.unstash() }
                if let corner = move.corner { window.layout.place(at: corner) }
            }
        case .windowSize(let steps): window.layout.resize(bySteps: steps)
        default:
            if window.layout.isStashed { window.layout.unstash() } else {
                window.layout.stash(toward: window.layout.nearestCorner.isLeft ? .left : .right)
            }
        }
        }
        updateRenderSize(at: now)
        return .done
    }

    private func changeSubtitles(_ step: Command.TrackStep, at now: HostTime) -> CommandOutcome {
        guard let target = focusedVideo, !target.isSoundOnly else { return .refused("nothing is playing") }
        switch step {
        case .next: cycleSubtitles(at: now)
        case .off:
            guard let subtitles = target.subtitles else { return .refused("no subtitles") }
            let pictures = subtitles.selection.current?.isBitmap == true
            show(message: subtitles.turnOff(), at: now)
            if pictures, !target.snapshot.isPlaying { target.decodeCurrentFrameAgain(at: now) }
        }
        return .done
    }
}
