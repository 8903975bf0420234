/// What cells can keep of an ASS header's styles (issue 45, item 2): the script's own
/// resolution (`PlayResX`/`PlayResY`, the coordinates of margins and `\pos`), and per style
/// its primary colour, bold, italic, underline, alignment, margins and whether it has an
/// outline, a shadow or an opaque box. Fonts, sizes, angles and the rest are libass's
/// alone (the pixel modes, `SubtitleRenderer`).
///
/// Parsed once per header string (the overlay keeps the last one), never per frame.
public struct AssStyleSheet: Equatable, Sendable {
    public struct Style: Equatable, Sendable {
        public var name: String
        public var colour: RGB
        public var bold = false, italic = false, underline = false
        /// The numpad position (1 bottom left … 5 middle centre … 9 top right), as `\an`.
        public var alignment = 2
        public var marginLeft = 10, marginRight = 10, marginVertical = 10
        /// An outline or shadow wider than 0, or BorderStyle 3's opaque box.
        public var outlined = true
        /// BorderStyle 3's box colour (the style's OutlineColour), nil for an outline or none.
        public var box: RGB?

        public init(name: String, colour: RGB = .white) { self.name = name; self.colour = colour }

        /// libass's style when an event names one the header lacks.
        public static let fallback = Style(name: "Default")
    }

    /// libass's defaults for a header that gives neither.
    public var playResX = 384
    public var playResY = 288
    public private(set) var styles: [String: Style] = [:]

    public init(header: String) {
        var section = "", format: [String] = []
        var resX: Int?, resY: Int?
        for raw in header.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingSpaces()
            if line.hasPrefix("[") { section = line.lowercased(); format = []; continue }
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon].trimmingSpaces().lowercased()
            let value = line[line.index(after: colon)...].trimmingSpaces()
            switch key {
            case "playresx": resX = Int(value)
            case "playresy": resY = Int(value)
            case "format" where section.contains("styles"):
                format = value.split(separator: ",").map { $0.trimmingSpaces().lowercased() }
            case "style" where section.contains("styles"):
                let style = AssStyleSheet.style(value, format: format, legacyAlignment: section == "[v4 styles]")
                styles[style.name] = style
            default: continue
            }
        }
        // As libass: one of the two given, the other follows 4:3 (1280 and 1024 paired).
        switch (resX, resY) {
        case let (x?, y?) where x > 0 && y > 0: playResX = x; playResY = y
        case let (nil, y?) where y > 0: playResY = y; playResX = y == 1024 ? 1280 : y * 4 / 3
        case let (x?, nil) where x > 0: playResX = x; playResY = x == 1280 ? 1024 : x * 3 / 4
        default: break
        }
    }

    /// The style named `name` (libass matches names exactly; `*Default` is `Default`).
    public func style(named name: String) -> Style {
        let trimmed = name.trimmingSpaces()
        let bare = trimmed.hasPrefix("*") ? String(trimmed.dropFirst()) : trimmed
        return styles[bare] ?? styles["Default"] ?? Style.fallback
    }

    static func style(_ text: String, format: [String], legacyAlignment: Bool) -> Style {
        let names = format.isEmpty ? defaultFormat : format
        // The name may not hold a comma, but the last field is split no further.
        let values = text.split(separator: ",", maxSplits: max(0, names.count - 1), omittingEmptySubsequences: false)
            .map { $0.trimmingSpaces() }
        var fields: [String: String] = [:]
        for (name, value) in zip(names, values) { fields[name] = value }
        var style = Style(name: fields["name"] ?? "Default")
        if let colour = fields["primarycolour"].flatMap(colour(fromASS:)) { style.colour = colour }
        style.bold = fields["bold"].flatMap { Int($0) }.map { $0 != 0 } ?? false
        style.italic = fields["italic"].flatMap { Int($0) }.map { $0 != 0 } ?? false
        style.underline = fields["underline"].flatMap { Int($0) }.map { $0 != 0 } ?? false
        if let alignment = fields["alignment"].flatMap({ Int($0) }) {
            style.alignment = legacyAlignment ? numpad(fromLegacy: alignment) : min(9, max(1, alignment))
        }
        style.marginLeft = fields["marginl"].flatMap { Int($0) } ?? style.marginLeft
        style.marginRight = fields["marginr"].flatMap { Int($0) } ?? style.marginRight
        style.marginVertical = fields["marginv"].flatMap { Int($0) } ?? style.marginVertical
        let outline = fields["outline"].flatMap { Double($0) } ?? 0, shadow = fields["shadow"].flatMap { Double($0) } ?? 0
        if fields["borderstyle"] == "3" {
            style.box = fields["outlinecolour"].flatMap(colour(fromASS:)) ?? .black
            style.outlined = true
        } else {
            style.outlined = outline > 0 || shadow > 0
        }
        return style
    }

    /// The V4+ Styles format, for a section that gives none.
    static let defaultFormat = ["name", "fontname", "fontsize", "primarycolour", "secondarycolour", "outlinecolour",
                                "backcolour", "bold", "italic", "underline", "strikeout", "scalex", "scaley", "spacing",
                                "angle", "borderstyle", "outline", "shadow", "alignment", "marginl", "marginr",
                                "marginv", "encoding"]

    /// `&HAABBGGRR`, `&HBBGGRR&` or a decimal (SSA): the colour, alpha dropped.
    public static func colour(fromASS text: some StringProtocol) -> RGB? {
        var digits = Substring(text).drop { $0 == "&" || $0 == " " }
        let hex = digits.first == "H" || digits.first == "h"
        if hex { digits = digits.dropFirst() }
        let number = digits.prefix { hex ? $0.isHexDigit : ($0.isNumber || $0 == "-") }
        guard !number.isEmpty, let value = hex ? UInt64(number.suffix(8), radix: 16) : Int64(number).map({ UInt64(bitPattern: $0) })
        else { return nil }
        return RGB(UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF))
    }

    /// SSA's alignment (1–3 bottom, +4 top, +8 middle) as the numpad's.
    static func numpad(fromLegacy value: Int) -> Int {
        let horizontal = max(1, min(3, value & 3))
        switch value & 12 {
        case 4: return horizontal + 6
        case 8: return horizontal + 3
        default: return horizontal
        }
    }
}
