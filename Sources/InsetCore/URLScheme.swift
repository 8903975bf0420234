/// The scheme of a `scheme://…` location, as RFC 3986 spells one: an ASCII letter, then
/// letters, digits, `+`, `-` or `.`. One reading for the player's inputs (`InputLocation`)
/// and a playlist's lines (`M3UPlaylist`), so a line a playlist keeps as a URL is one the
/// player opens as a URL.
public enum URLScheme {
    /// The lower-cased scheme, or nil when `text` does not begin with one and `://`.
    public static func of(_ text: String) -> String? {
        guard let range = text.range(of: "://") else { return nil }
        let scheme = text[..<range.lowerBound]
        guard let first = scheme.unicodeScalars.first, isLetter(first) else { return nil }
        let allowed = scheme.unicodeScalars.allSatisfy {
            isLetter($0) || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "."
        }
        return allowed ? scheme.lowercased() : nil
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}
