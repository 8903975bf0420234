import Foundation
import InsetCore
import InsetPlayback
import InsetRender

/// Frame steps and the A-B loop on the focused video.
extension Director {
    /// Pauses, then shows the frame after (or before) the one on screen. Both are exact
    /// seeks, as a skip is: the decoder starts at the keyframe before and shows the first
    /// frame on screen at the target, so a step back lands on the frame before whatever
    /// the GOP, and the bar shows that frame's time.
    func stepFrame(forward: Bool, at now: HostTime) -> CommandOutcome {
        guard let video = focusedVideo, !video.isSoundOnly else { return .refused("nothing is playing") }
        guard let effects = video.stepFrame(forward: forward, at: now) else {
            return .refused(forward ? "no frame after this one" : "no frame before this one")
        }
        deliver(effects, from: video, at: now)
        return .done
    }

    /// `speed up`, `down`, `reset` or a given speed, on the focused video, said on the bar.
    func changeSpeed(_ change: Command.SpeedChange, at now: HostTime) -> CommandOutcome {
        guard let video = focusedVideo else { return .refused("nothing is playing") }
        let before = video.snapshot.speed
        let wanted = change.applied(to: before)
        deliver(video.send(.setSpeed(wanted), at: now), from: video, at: now)
        // The next file (the library's next, a playlist's) plays at it too, as mpv's speed
        // carries over: a lecture series at 1.5× stays at 1.5×.
        options.speed = wanted
        if wanted == before && (change == .up || change == .down) {
            show(message: "speed \(wanted) (the \(change == .up ? "fastest" : "slowest"))", at: now)
        } else {
            show(message: "speed \(wanted)", at: now)
        }
        return .done
    }

    /// A, then B, then off, said on the bar.
    func cycleLoopPoint(at now: HostTime) -> CommandOutcome {
        guard let video = focusedVideo else { return .refused("nothing is playing") }
        guard !video.range.isLive else { return .refused("live input cannot loop") }
        deliver(video.send(.cycleLoopPoint, at: now), from: video, at: now)
        switch video.snapshot.loop {
        case nil: show(message: "A-B loop off", at: now)
        case let loop? where loop.end == nil: show(message: "A-B loop: A at \(loop.start.clockString), b again sets B", at: now)
        case let loop?: show(message: "A-B loop: \(loop.start.clockString) to \(loop.end!.clockString)", at: now)
        }
        return .done
    }
}

extension Director {
    /// The frame on screen, decoded again at the picture's own size and saved as a PNG;
    /// the bar says where when it is written (`checkScreenshots`).
    func takeScreenshot(at now: HostTime) -> CommandOutcome {
        guard let video = focusedVideo, !video.isSoundOnly, let frame = video.current else {
            return .refused("no picture on screen")
        }
        let directory = options.screenshotDirectory ?? FileManager.default.currentDirectoryPath
        let waker = self.waker
        screenshots.append(Screenshot(path: video.path, allowance: video.allowance, time: frame.time, name: (video.path as NSString).lastPathComponent,
                                      directory: directory, onFinish: { waker.wake() }))
        show(message: "screenshot at \(frame.time.preciseClockString)…", at: now)
        return .done
    }

    /// Says what became of the screenshots that finished.
    func checkScreenshots(at now: HostTime) {
        guard !screenshots.isEmpty else { return }
        screenshots.removeAll { shot in
            switch shot.result {
            case nil: return false
            case .saved(let path)?:
                // The bar cuts a message's end, which here is the file's name: a path too
                // long for the bar (a deep screenshot folder) loses its middle instead.
                let room = stage.size.columns - CellGrid.columns(of: "  saved ")
                show(message: "saved \(CellGrid.middleTruncated(path, toColumns: room))", at: now)
            case .failed(let why)?: show(message: "screenshot: \(why)", at: now)
            }
            return true
        }
    }
}
