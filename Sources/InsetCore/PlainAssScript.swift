/// Subtitle words as a script libass draws in the plain style: the `--secondary-sid` track
/// (at the top, as mpv draws its second track) and `--sub-ass-override=strip` (the events'
/// words without their tags). mpv does the same (sd_ass.c `fill_plaintext`: a shadow track of
/// one default style, the text escaped, `{\a6}` on top); the style itself is mpv's plain one,
/// put on the default style by libass's configuration (`cass_configure`, a converted track).
public enum PlainAssScript {
    /// One default style in a 384x288 script, as mpv's shadow track; its font, size and colours
    /// are replaced by the plain style when it is drawn.
    public static let header = """
        [Script Info]
        ScriptType: v4.00+
        PlayResX: 384
        PlayResY: 288
        ScaledBorderAndShadow: yes

        [V4+ Styles]
        Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, \
        Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, \
        MarginV, Encoding
        Style: Default,sans-serif,22,&H00FFFFFF,&H00FFFFFF,&H00000000,&H00000000,0,0,0,0,100,100,0,0,1,2,0,2,10,10,10,1

        [Events]
        Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text

        """

    /// `text` as one event of the default style ("Layer,Style,Name,MarginL,MarginR,MarginV,
    /// Effect,Text"): lines joined by `\N`, braces and backslashes escaped so no word reads as
    /// a tag (mpv breaks a backslash with U+2060 WORD JOINER), top-centred when `top`.
    public static func event(_ text: String, top: Bool) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\n": escaped += "\\N"
            case "{": escaped += "\\{"
            case "\\": escaped += "\\\u{2060}"
            default: escaped.append(character)
            }
        }
        return "0,Default,,0,0,0,," + (top ? "{\\an8}" : "") + escaped
    }

    /// A text cue with its words as the one plain event; other cues unchanged.
    public static func cue(_ cue: SubtitleCue, top: Bool) -> SubtitleCue {
        guard let text = cue.text else { return cue }
        var plain = cue
        plain.assEvents = [event(text, top: top)]
        return plain
    }
}
