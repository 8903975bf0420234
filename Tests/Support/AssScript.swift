/// An ASS script for the subtitle tests: the header each needs (its resolution and the
/// style format line), then its own styles and events, so a test spells out only what it
/// checks. `styles` are the fields after `Style: `, `events` the lines after the header
/// (`Dialogue: …`); with no events the text ends at `[Events]`'s format line, for a test
/// that adds events of its own.
public enum AssScript {
    public static let styleFormat = "Format: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, "
        + "Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, "
        + "MarginL, MarginR, MarginV, Encoding"
    public static let eventFormat = "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text"

    /// The header alone (no `[Events]`), ending in an empty line.
    public static func header(width: Int = 640, height: Int = 360, styles: [String]) -> String {
        (["[Script Info]", "ScriptType: v4.00+", "PlayResX: \(width)", "PlayResY: \(height)", "", "[V4+ Styles]", styleFormat]
            + styles.map { "Style: " + $0 }).joined(separator: "\n") + "\n\n"
    }

    /// The header, then `[Events]` with its format line and `events`, a line each.
    public static func text(width: Int = 640, height: Int = 360, styles: [String], events: [String] = []) -> String {
        header(width: width, height: height, styles: styles) + (["[Events]", eventFormat] + events).map { $0 + "\n" }.joined()
    }

    /// The two styles of the sign-and-dialogue track (`scripts/sub-pictures` draws it): a white
    /// dialogue style with an outline and shadow, and a yellow bold sign at the top (`\an8`).
    public static let signAndDialogueStyles = [
        "Default,DejaVu Sans,28,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,2,1,2,20,20,20,1",
        "Sign,DejaVu Sans,32,&H0000FFFF,&H000000FF,&H00000000,&H00000000,1,0,0,0,100,100,0,0,1,2,0,8,20,20,20,1",
    ]
}
