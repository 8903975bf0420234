import InsetCore
import InsetMedia
import InsetPlayback

/// Where the user is, through the one machine that decides it (`Navigation`, InsetCore):
/// every move of the front pane or the focus is an event there, and its effects are
/// carried out here, as `Playback.send` carries out a video machine's engine effects.
extension Director {
    typealias Place = Navigation.Place
    typealias Focus = Navigation.Focus

    /// The pane in front.
    var front: Place { navigation.front }
    /// Where the keyboard is: the pane in front or the window.
    var focus: Focus { navigation.focus }

    /// Whether the floating window is up (opening or open): the navigation machine's phase
    /// of it is the one record; the window pane only has its geometry.
    var windowIsUp: Bool { navigation.windowIsUp }

    /// What the navigation needs to know of the videos when an event comes.
    var navigationVideos: Navigation.Videos {
        .init(fullScreen: videos.front != nil, inWindow: videos.window != nil, hasDetails: panes.details.details != nil)
    }

    /// Moves the user as `event` means, and carries out what that asks. `video` is the one
    /// whose machine said it, when one did (the restore it asked for is completed for it).
    /// Returns why it was refused, if it was.
    ///
    /// It queues as `deliver` does: what its effects ask of a video's machine waits until
    /// they are all carried out (before, a machine's answer was handled in the middle of
    /// them, and navigated again inside this: `machineEvents.deepestNavigation` was 2).
    @discardableResult
    func navigate(_ event: NavigationEvent, for video: Playback? = nil, at now: HostTime) -> String? {
        machineEvents.enteredNavigation()
        let outermost = !machineEvents.draining
        machineEvents.draining = true
        let refusal = carryOut(navigation.handle(event, videos: navigationVideos), for: video, at: now)
        machineEvents.navigationDepth -= 1
        if outermost {
            machineEvents.draining = false
            drainQueuedEvents(at: now)
        }
        return refusal
    }

    /// Does what the navigation machine's `effects` ask, in order; returns the refusal among
    /// them, if any.
    private func carryOut(_ moves: [NavigationEffect], for video: Playback?, at now: HostTime) -> String? {
        var refusal: String?
        for effect in moves {
            switch effect {
            case .bringForward(let place):
                if place == .library { panes.library.invalidate() }
                effects.append(.paint)
            case .focusChanged:
                effects.append(.paint)
            case .leavePlayer:
                if let front = videos.front { deliver(front.send(.leavePlayer, at: now), from: front, at: now) }
            case .returnToPlayer:
                if let front = videos.front { deliver(front.send(.returnToPlayer, at: now), from: front, at: now) }
            case .restoreWindowVideo:
                if let window = videos.window { deliver(window.send(.restoreFromPiP, at: now), from: window, at: now) }
            case .startPiP:
                if let front = videos.front { deliver(front.send(.startPiP, at: now), from: front, at: now) }
            case .completeRestore:
                if let video { queue(.restoreCompleted(true), for: video) }
            case .letGo(let id, let failed, let keepsFigures):
                letGo(id, failed: failed, keepsFigures: keepsFigures)
            case .openWindow:
                guard let video else { break }
                let aspect = video.info.video.map {
                    Letterbox.displayAspect(coded: $0.codedSize, sampleAspect: $0.sampleAspect, rotation: $0.rotation)
                } ?? 16.0 / 9.0
                panes.window.open(on: stage.size, videoAspect: aspect)
            case .closeWindow:
                panes.window.close()
            case .start(let id, let size):
                if let started = videos[id] { deliver(started.start(renderSize: size, at: now), from: started, at: now) }
            case .render(let id, let size, let lightening):
                guard let placed = videos[id] else { break }
                placed.pipeline?.setDecodeRate(DecodeRate(lightening))
                if placed.snapshot.renderSize != size { queue(.renderSizeChanged(size), for: placed) }
            case .decodeRate(let id, let lightening):
                videos[id]?.pipeline?.setDecodeRate(DecodeRate(lightening))
            case .invalidateLibrary:
                panes.library.invalidate()
            case .refused(let reason):
                refusal = reason
            case .say(let text):
                show(message: text, at: now)
            }
        }
        return refusal
    }

    /// `id`'s video has no place any more (the machine said so): it is forgotten and stopped,
    /// retired unless it failed, and the other video's sound comes up.
    private func letGo(_ id: VideoID, failed: Bool, keepsFigures: Bool) {
        guard let video = videos.remove(id) else { return }
        if keepsFigures { outcome.lastStatistics = video.statistics }
        if failed { video.stop() } else { retire(video) }
        setSoundLevels()
    }

    /// Says what changed of the videos' places to the navigation machine.
    func changePlaces(_ change: PlacesEvent, at now: HostTime) {
        navigate(.places(change), at: now)
    }
}
