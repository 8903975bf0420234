import InsetCore
import InsetMedia
import InsetRender

/// Subtitles in the app: `c` cycles the tracks, the text plane goes over the picture where
/// it is shown (full screen, or the PiP window when it is wide enough to read), and the
/// loop repaints when the words on screen change.
extension App {
    /// What the opener is asked for a file: `--sub` only when one file was given, so a
    /// library's other files do not get it; `--sub-lang` for all.
    func subtitleRequest(for path: String) -> SubtitleRequest {
        SubtitleRequest(file: singleFile && options.paths.first == path ? options.subtitleFile : nil,
                        language: options.subtitleLanguage)
    }

    /// `c`: the next subtitle track, or off, and a message saying which.
    func cycleSubtitles(at now: HostTime) {
        guard let playback, !playback.isSoundOnly else { return }
        guard let subtitles = playback.subtitles else {
            show(message: "no subtitles", at: now)
            return
        }
        let pictures = subtitles.selection.current?.isBitmap == true
        show(message: subtitles.cycle(), at: now)
        // Picture subtitles are blended into the frame as it goes on screen: a paused frame
        // keeps the old track's until it is decoded again, so it is.
        if pictures || subtitles.selection.current?.isBitmap == true, !playback.snapshot.isPlaying {
            playback.decodeCurrentFrameAgain(at: now)
        }
    }

    /// Where subtitles go now, and how many of the picture's bottom rows the controls
    /// cover: the full-screen picture, or the window's video when it is at least
    /// `SubtitleLayout.minimumWindowColumns` wide and not animating; nil when neither shows.
    private func subtitleArea(at now: HostTime) -> (area: CellRect, bottomMargin: Int, zIndex: Int)? {
        if let window = pip {
            guard !window.isAnimating, !window.layout.isStashed else { return nil }
            let area = window.layout.videoRect
            guard SubtitleLayout.showsSubtitles(inWindowOf: area.size.columns) else { return nil }
            // The window's controls cover its video's last two rows.
            let margin = window.controlsShown(focused: focus == .pip, at: now) ? 2 : 0
            return (area, margin, SubtitleOverlay.windowZ)
        }
        guard screen == .player, let playback, !playback.isSoundOnly, playback.current != nil else { return nil }
        let area = fullScreenVideoRect
        let bar = player.controls.frame
        var covered = player.controls.isVisible ? max(0, area.maxRow - bar.minRow) : 0
        // A message goes on the row above the bar (`drawOverlay`): the words go above it.
        if message != nil { covered = max(covered, area.maxRow - max(0, session.size.rows - 4)) }
        return (area, covered, SubtitleOverlay.fullScreenZ)
    }

    /// The words on screen now, or nil.
    private func subtitleText(at now: HostTime) -> String? {
        guard let playback, let subtitles = playback.subtitles else { return nil }
        return subtitles.text(at: playback.masterTime(at: now))
    }

    /// Adds the subtitle plane to this paint's planes when there are words to show.
    func appendSubtitlePlanes(at now: HostTime) {
        guard let text = subtitleText(at: now), let place = subtitleArea(at: now) else {
            subtitleOverlay.hide()
            return
        }
        subtitleOverlay.show(text, in: place.area, bottomMargin: place.bottomMargin, zIndex: place.zIndex)
        planes.append(subtitleOverlay.plane)
    }

    /// Whether the words on screen differ from what was last painted: a cue began or ended
    /// between frames, or arrived from the decoder while paused. Also says once why a
    /// subtitle file could not be read.
    func subtitlesNeedPaint(at now: HostTime) -> Bool {
        guard let subtitles = playback?.subtitles else { return false }
        subtitles.wake(with: waker)
        if let notice = subtitles.takeNotice() { show(message: notice, at: now) }
        let text = subtitleArea(at: now) == nil ? nil : subtitleText(at: now)
        return text != subtitleOverlay.drawn?.text
    }
}
