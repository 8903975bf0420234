/// A title that came from outside (a tag, a page, a forced `--title`) cut to a length a
/// person reads, before it is shown or handed on: the window's title (OSC 2), the bar,
/// MPRIS's `xesam:title`, mpv's `media-title` and `metadata`. Written whole, a 4 MB title tag
/// was a 4.4 MB escape sequence on every change of the title, and a 40 MB page title kept a
/// slow terminal busy for 25 s with `q` unanswered.
///
/// Cut on a character (grapheme) boundary, so no emoji or accented letter is split, and
/// bounded in bytes as well: one character may carry any number of combining marks.
public enum TitleCut {
    /// Characters kept: a long page title is about 100; a tag's title rarely passes 200.
    public static let characters = 256
    /// UTF-8 bytes kept, whatever the characters: 256 characters of four bytes each.
    public static let bytes = 1024
    /// What ends a title that was cut.
    public static let ellipsis = "…"

    /// `text` whole when it is within both bounds, else its longest start within them and "…".
    public static func bounded(_ text: String) -> String {
        let utf8 = text.utf8
        if utf8.count <= characters { return text }
        // Only the head is looked at: grapheme breaking over all of a 40 MB title would
        // cost what the cut is meant to save. Scalars first (cheap), within the byte bound.
        var head = String.UnicodeScalarView()
        var used = 0
        var cutInScalars = false
        for scalar in text.unicodeScalars {
            let size = UTF8.width(scalar)
            if used + size > bytes { cutInScalars = true; break }
            head.append(scalar)
            used += size
        }
        var kept = String(head)
        // The last character of a head cut among the scalars may be part of a longer one.
        if cutInScalars, !kept.isEmpty { kept.removeLast() }
        if kept.count > characters { kept = String(kept.prefix(characters)) }
        return kept.utf8.count == utf8.count ? text : kept + ellipsis
    }
}
