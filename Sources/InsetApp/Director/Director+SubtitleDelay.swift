import InsetCore

/// `--sub-delay`, `z`/`Z` and mpv's `sub-delay`: subtitles shown later (positive) or
/// earlier than their times. As in mpv it is the player's, not a file's: the value is kept
/// in the settings (`options.settings["sub-delay"]`, which mpv's IPC reads back) and every
/// video taken on starts with it.
extension Director {
    /// The delay the command line or the config file gave, or the last `sub-delay` set.
    var subtitleDelay: MediaTime {
        // mpv takes any number; past the limit it is held there, as `z` and `Z` are.
        guard case .number(let seconds)? = options.settings["sub-delay"], seconds.isFinite else { return .zero }
        let limit = SubtitleDelay.limit.seconds
        return MediaTime(seconds: min(limit, max(-limit, seconds)))
    }

    /// `sub-delay ±S`, `sub-delay S`: the focused video's subtitles move, and the next
    /// file's start there too. A paused frame whose subtitles are in its picture (pictures,
    /// libass) is decoded again to show the change.
    func changeSubtitleDelay(_ change: Command.AudioDelayChange, at now: HostTime) -> CommandOutcome {
        let current = focusedVideo?.subtitles?.delay ?? subtitleDelay
        let wanted = switch change { case .by(let step): current + step; case .to(let delay): delay }
        let limit = SubtitleDelay.limit.microseconds
        let delay = MediaTime(microseconds: min(limit, max(-limit, wanted.microseconds)))
        options.settings.set("sub-delay", .number(delay.seconds))
        show(message: SubtitleDelay.message(delay), at: now)
        guard let target = focusedVideo, let subtitles = target.subtitles else { return .done }
        subtitles.delay = delay
        let inPicture = subtitles.selection.current?.isBitmap == true || subtitles.drawsStyledText
        if inPicture, !target.snapshot.isPlaying { target.decodeCurrentFrameAgain(at: now) }
        return .done
    }
}
