import InsetCore
import InsetPlayback

/// `sub-pos`, `sub-color`, `sub-scale`, `sub-font-size` and `sub-ass-override` set while
/// playing (mpv's properties, `inset ctl`, scripts): the player's, as in mpv, kept in the
/// settings that the plain caption in cells (`subtitleCaption`) and libass in the pixel
/// modes (`SubtitleTextStyle`) read, and that every video taken on starts with.
extension Director {
    /// The look the settings say now.
    var subtitleTextStyle: SubtitleTextStyle { SubtitleTextStyle(settings: options.settings) }

    /// One of the looks set: every video's subtitles take it (they share the player's
    /// settings); the cell caption follows at the next paint, and a paused frame whose
    /// words are in its picture (libass) is decoded again to show the change.
    func changeSubtitleStyle(_ name: String, to value: SettingValue, at now: HostTime) -> CommandOutcome {
        options.settings.set(name, value)
        show(message: "\(name) \(value.text)", at: now)
        let style = subtitleTextStyle
        videos.forEach { video in
            guard let subtitles = video.subtitles, subtitles.textStyle != style else { return }
            subtitles.textStyle = style
            if subtitles.drawsStyledText || subtitles.secondary != nil && subtitles.drawsTextIntoPicture,
               !video.snapshot.isPlaying {
                video.decodeCurrentFrameAgain(at: now)
            }
        }
        return .done
    }
}
