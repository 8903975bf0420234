/// How libass draws text subtitles in the pixel modes, from mpv's options: `--sub-scale`,
/// `--sub-font-size`, `--sub-color`, `--sub-pos` and `--sub-ass-override`, read from the
/// settings (the command line's, the config file's, or the last set while playing). mpv's
/// `sd_ass.c` (`configure_ass`) is the reference: what applies to which track follows it.
///
/// In the cell modes only `--sub-pos` and `--sub-color` mean something (the plain caption's
/// row and colour, `SubtitleCaption`); a cell has no font size, so scale and size change
/// nothing there.
public struct SubtitleTextStyle: Equatable, Sendable {
    /// mpv's `--sub-ass-override`: how much of an ASS/SSA track's own styling is replaced.
    public enum Override: String, CaseIterable, Sendable {
        /// The script as written: `--sub-pos` and `--sub-scale` do not touch it.
        case no
        /// mpv's default: `--sub-pos` and `--sub-scale` apply, the styles are the script's.
        case yes
        /// The plain style (`--sub-font-size`, `--sub-color`) replaces the script's fonts,
        /// sizes, colours and borders (libass's selective override), as for an SRT.
        case force
        /// As yes, and the styles' sizes scaled by `--sub-scale` too.
        case scale
        /// The tags and styles dropped: the events' words alone, in the plain style.
        case strip
    }

    /// mpv's `--sub-scale`: a factor on every font size (0 to 100).
    public var scale: Double
    /// mpv's `--sub-font-size`: the plain style's size, in rows of a 720-row screen.
    public var fontSize: Double
    /// mpv's `--sub-color` as libass's 0xRRGGBBAA, AA its transparency (0 opaque).
    public var colour: UInt32
    /// mpv's `--sub-pos`: where the lowest line ends, percent of the picture's height.
    public var position: Int
    public var override: Override

    public init(scale: Double = 1, fontSize: Double = 55, colour: UInt32 = 0xFFFF_FF00, position: Int = 100,
                override: Override = .yes) {
        self.scale = scale; self.fontSize = fontSize; self.colour = colour; self.position = position; self.override = override
    }

    /// The settings table's names that make up the style, each set while playing by the
    /// command of the same name (`Command.subtitleStyle`).
    public static let settingNames = ["sub-pos", "sub-color", "sub-scale", "sub-font-size", "sub-ass-override"]

    /// The style the settings say, each value the row's default when none was given.
    public init(settings: SettingValues) {
        func number(_ name: String, _ fallback: Double) -> Double {
            switch settings[name] {
            case .number(let value)?: value
            case .integer(let value)?: Double(value)
            default: fallback
            }
        }
        self.init(scale: number("sub-scale", 1), fontSize: number("sub-font-size", 55),
                  colour: settings.text("sub-color").flatMap(Self.libassColour(fromMpv:)) ?? 0xFFFF_FF00,
                  position: Int(number("sub-pos", 100)),
                  override: settings.text("sub-ass-override").flatMap(Override.init(rawValue:)) ?? .yes)
    }

    /// mpv's colour text (`#RRGGBB`, `#AARRGGBB`, `r/g/b[/a]`) as libass's RRGGBBAA with AA
    /// the transparency (mpv's `MP_ASS_COLOR`); nil for anything else.
    public static func libassColour(fromMpv text: String) -> UInt32? {
        guard let rgb = SubtitleCaption.colour(fromMpv: text) else { return nil }
        var alpha: UInt32 = 255
        if text.hasPrefix("#"), text.count == 9, let value = UInt32(text.dropFirst().prefix(2), radix: 16) {
            alpha = value
        } else if !text.hasPrefix("#"), let last = text.split(separator: "/").dropFirst(3).first, let value = Double(last) {
            alpha = UInt32((value * 255).rounded())
        }
        return UInt32(rgb.r) << 24 | UInt32(rgb.g) << 16 | UInt32(rgb.b) << 8 | (255 - alpha)
    }
}
