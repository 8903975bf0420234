/// How the plain caption looks in cells (text tracks without styles): mpv's `--sub-color`
/// and `--sub-pos`. ASS/SSA tracks keep their own colours and places (`StyledSubtitleLayout`).
public struct SubtitleCaption: Equatable, Sendable {
    public var colour: RGB
    /// Where the caption's last row ends, in percent of the picture's height (100: its
    /// bottom, as mpv's `sub-pos`). mpv goes to 150, below the picture; cells stop at 100.
    public var position: Int

    public init(colour: RGB = .white, position: Int = 100) { self.colour = colour; self.position = position }

    /// The rows under the caption that its position leaves in a picture `rows` high.
    public func rowsBelow(in rows: Int) -> Int {
        rows - Int((Double(rows) * Double(min(100, max(0, position))) / 100).rounded())
    }

    /// mpv's colour text (`#RRGGBB`, `#AARRGGBB`, `r/g/b[/a]` from 0 to 1, as
    /// `SettingType.color` checks it), alpha dropped; nil for anything else.
    public static func colour(fromMpv text: String) -> RGB? {
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            guard digits.count == 6 || digits.count == 8, let value = UInt32(digits.suffix(6), radix: 16) else { return nil }
            return RGB(packed: value)
        }
        let parts = text.split(separator: "/").compactMap { Double($0) }
        guard parts.count >= 3, parts.count <= 4, parts.allSatisfy({ (0...1).contains($0) }) else { return nil }
        let channel = { (value: Double) in UInt8((value * 255).rounded()) }
        return RGB(channel(parts[0]), channel(parts[1]), channel(parts[2]))
    }
}
