import InsetCore
import InsetLog
import InsetMedia

/// Two videos at once (ARCHITECTURE.md, "Two videos"): while one plays in the window, another
/// opened from the library plays full screen beside it, and a swap (`w`, the
/// window's ⇄ button, Enter on the window's file) exchanges them without reopening either.
/// The place heard stays heard (full screen unless `audio-focus` chose the window): a swap
/// brings the window's video full screen, and so heard.
extension Director {
    /// A file opened now keeps the window's video and plays beside it: the window is up
    /// and settled.
    var windowStaysForNextVideo: Bool {
        windowIsUp && videos.window?.snapshot.pip.phase == .active
    }

    /// Stops and forgets the video beside the window (another file replaces it, or it
    /// failed): the navigation machine lets it go (`letGo`).
    func closeBesideWindow(at now: HostTime) {
        changePlaces(.closeBesideWindow, at: now)
    }

    /// The window closed (or its video failed) while another played full screen: that one
    /// is now the only video, heard.
    func afterWindowClosed(at now: HostTime) {
        guard let video = videos.fullScreen else { return }
        video.send(.windowOccupied(false), at: now)
        setSoundLevels()
    }

    /// `w`, the window's ⇄ button: the full-screen video goes to the window and the
    /// window's comes full screen, each where it was, playing or paused as it was.
    func swapVideos(at now: HostTime) {
        guard let window = videos.window, let front = videos.besideWindow else {
            show(message: PlaybackRefusal.nothingToSwap.description, at: now)
            return
        }
        var coordinator = videos.contentSwap
        var steps = front.swap(into: window, using: &coordinator, at: now)
        if steps.contains(.init(.toFullScreen, .restoreUserInterface)) {
            // The window's video is brought full screen at once: there is no animation.
            steps += front.finishSwap(restored: true, window: window, using: &coordinator, at: now)
        }
        videos.contentSwap = coordinator
        effects.append(.paint)
        guard steps.contains(.init(.toWindow, .didStart)) else {
            for step in steps {
                switch step.effect {
                case .refused(let reason): show(message: reason.description, at: now)
                case .failedToStart(let failure): show(message: failure.description, at: now)
                default: break
                }
            }
            return
        }
        if let video = front.info.video {
            panes.window.change { $0.layout.changeVideoAspect(Letterbox.displayAspect(
                coded: video.codedSize, sampleAspect: video.sampleAspect, rotation: video.rotation)) }
        }
        // The machine exchanges the two places.
        navigate(.swapped, at: now)
        if let frame = window.current { panes.player.show(frame, on: stage.size) }
        panes.player.revealControls(at: now)
        setSoundLevels()
        updateRenderSize(at: now)
        // A paused video's frame on screen was scaled for where it was: decode it again
        // for where it is now (a playing one's next frames come at the new size anyway).
        for video in [front, window] where !video.snapshot.isPlaying { video.decodeCurrentFrameAgain(at: now) }
        Log.info("swapped: \(window.name) full screen, \(front.name) in the window")
    }
}
