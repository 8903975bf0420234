import InsetCore

/// `--sub-visibility` and mpv's `sub-visibility` (`cycle sub-visibility`, `set_property`):
/// subtitles hidden or shown, the track still chosen. The player's, as in mpv: kept in the
/// settings, which every video taken on starts with and mpv's IPC reads back.
extension Director {
    /// `sub-visibility [yes|no]`: the focused video's subtitles, toggled without a word.
    func changeSubtitleVisibility(_ shown: Bool?, at now: HostTime) -> CommandOutcome {
        let current = focusedVideo?.subtitles?.visible ?? options.settings.flag("sub-visibility")
        let visible = shown ?? !current
        options.settings.set("sub-visibility", .flag(visible))
        show(message: visible ? "subtitles shown" : "subtitles hidden", at: now)
        guard let target = focusedVideo, let subtitles = target.subtitles, subtitles.visible != visible else { return .done }
        subtitles.visible = visible
        // Pictures and libass's words are in the frame on screen: a paused one is drawn again.
        let inPicture = subtitles.selection.current?.isBitmap == true || subtitles.drawsStyledText
        if inPicture, !target.snapshot.isPlaying { target.decodeCurrentFrameAgain(at: now) }
        return .done
    }
}
