import InsetCore
import InsetMedia
import InsetPlayback
import InsetRender

/// Subtitles in the app: `c` cycles the tracks of the video it acts on, the text planes go
/// over the pictures where they are shown (full screen, and the PiP window when it is wide
/// enough to read), and the loop repaints when the words on screen change.
extension Director {
    /// What the opener is asked for a file: `--sub` only when one file was given, so a
    /// library's other files do not get it; `--sub-lang` and `--sub-charset` for all.
    func subtitleRequest(for path: String) -> SubtitleRequest {
        let given = outcome.singleFile && options.paths.first == path
        return SubtitleRequest(file: given ? options.subtitleFile : nil, language: options.subtitleLanguage,
                               charset: options.subtitleCharset, moreFiles: given ? options.moreSubtitleFiles : [])
    }

    /// `--sub FILE` with one path that turned out to be a playlist: the option goes with one
    /// video, so it is said at start rather than dropped without a word.
    var subtitleFileUnused: String? {
        guard options.subtitleFile != nil, let given = options.paths.first,
              catalog.count != 1 || catalog.entries.first?.path != given else { return nil }
        return "--sub goes with one video; the playlist's files play without it"
    }

    /// `c`: the next subtitle track, or off, and a message saying which. With two videos,
    /// of the focused one (the window's when it has the focus), as the sound keys do.
    func cycleSubtitles(at now: HostTime) {
        guard let target = focusedVideo, !target.isSoundOnly else { return }
        guard let subtitles = target.subtitles else {
            show(message: "no subtitles", at: now)
            return
        }
        let pictures = subtitles.selection.current?.isBitmap == true || subtitles.drawsStyledText
        show(message: subtitles.cycle(), at: now)
        // Picture subtitles (and libass's, in pixel modes) are blended into the frame as it
        // goes on screen: a paused frame keeps the old track's until it is decoded again, so it is.
        let inPicture = subtitles.selection.current?.isBitmap == true || subtitles.drawsStyledText
        if pictures || inPicture, !target.snapshot.isPlaying {
            target.decodeCurrentFrameAgain(at: now)
        }
    }

    /// The full-screen picture's subtitles: the video, where its picture is, and how many
    /// of the picture's bottom rows the bar and the message row cover; nil when none shows.
    private func fullScreenSubtitles(at now: HostTime) -> (video: Playback, area: CellRect, bottomMargin: Int)? {
        guard front == .player, let video = videos.fullScreen, !video.isSoundOnly, video.subtitles != nil,
              video.current != nil, let area = fullScreenPictureRect(of: video) else { return nil }
        let controls = panes.player.controls
        var covered = controls.isVisible ? max(0, area.maxRow - controls.frame.minRow) : 0
        // A message goes on the row above the bar (`drawOverlay`): the words go above it.
        if overlays.message != nil { covered = max(covered, area.maxRow - max(0, stage.size.rows - 4)) }
        return (video, area, covered)
    }

    /// The window's: its video area when it is at least `SubtitleLayout.minimumWindowColumns`
    /// wide, settled and not stashed; its controls cover the last two rows.
    private func windowSubtitles(at now: HostTime) -> (video: Playback, area: CellRect, bottomMargin: Int)? {
        guard let window = panes.window.pip, let video = videos.window, video.subtitles != nil, !window.isAnimating,
              !window.layout.isStashed else { return nil }
        let area = window.layout.videoRect
        guard SubtitleLayout.showsSubtitles(inWindowOf: area.size.columns) else { return nil }
        return (video, area, window.controlsShown(focused: focus == .window, at: now) ? 2 : 0)
    }

    /// The words `video` shows now, or nil (looked up once per loop turn).
    private func subtitleText(of video: Playback, at now: HostTime) -> SubtitleWords? {
        // Drawn into the picture by libass (pixel modes): no row over it.
        guard video.subtitles?.drawsStyledText != true else { return nil }
        return overlays.subtitles.text(of: video, at: now) { video.subtitles?.words(at: video.masterTime(at: now)) }
    }

    /// Adds the subtitle planes to this paint's planes where there are words to show.
    func appendSubtitlePlanes(into planes: inout [Plane], at now: HostTime) {
        if let place = fullScreenSubtitles(at: now), let text = subtitleText(of: place.video, at: now) {
            overlays.subtitles.fullScreen.show(text, in: place.area, bottomMargin: place.bottomMargin, caption: subtitleCaption)
            planes.append(overlays.subtitles.fullScreen.plane)
        } else {
            overlays.subtitles.fullScreen.hide()
        }
        if let place = windowSubtitles(at: now), let text = subtitleText(of: place.video, at: now) {
            overlays.subtitles.window.show(text, in: place.area, bottomMargin: place.bottomMargin, caption: subtitleCaption)
            planes.append(overlays.subtitles.window.plane)
        } else {
            overlays.subtitles.window.hide()
        }
    }

    /// When a video is taken on: its frames and its subtitle cues wake the loop as they
    /// arrive from the decode thread (a cue that comes while paused shows), and why a
    /// subtitle file could not be read is said, once.
    func wakeOnArrivals(of video: Playback, at now: HostTime) {
        let waker = self.waker
        video.pipeline?.frames.notifyOnArrival { waker.wake() }
        guard let subtitles = video.subtitles else { return }
        subtitles.drawsTextIntoPicture = stage.pictures != nil
        subtitles.delay = subtitleDelay
        subtitles.visible = options.settings.flag("sub-visibility")
        subtitles.textStyle = subtitleTextStyle
        if case .integer(let number)? = options.settings["secondary-sid"], number >= 1 {
            subtitles.secondary = Int(number) - 1
        }
        subtitles.store.notify { waker.wake() }
        if let notice = subtitles.takeNotice() { show(message: notice, at: now) }
    }

    /// Whether the words on screen differ from what was last painted: a cue began or ended
    /// between frames, or arrived from the decoder while paused.
    func subtitlesNeedPaint(at now: HostTime) -> Bool {
        let full = fullScreenSubtitles(at: now).flatMap { subtitleText(of: $0.video, at: now) }
        let window = windowSubtitles(at: now).flatMap { subtitleText(of: $0.video, at: now) }
        return full != overlays.subtitles.fullScreen.drawn?.text || window != overlays.subtitles.window.drawn?.text
    }
}
