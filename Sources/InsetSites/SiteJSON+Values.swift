import Foundation

/// The values of yt-dlp's JSON as the player takes them: every number is checked before it
/// becomes an `Int` or a time (a page's `<source width="1e23">` reached `Int(Double)`,
/// which traps, and a multiplication that overflowed), and an absurd one is unknown, as
/// if the page had not said it.
extension SiteJSON {
    /// The largest picture side believed: FFmpeg's decoders stop at 16384; twice that
    /// leaves room and keeps `width * height` far from overflowing.
    public static let maximumDimension = 32_768
    /// The longest time believed (a chapter's start, a duration): a hundred years.
    static let maximumSeconds = 100.0 * 365 * 24 * 3600

    /// A JSON number; nil for anything else, `true` and `false` included (which bridge to
    /// NSNumber, as 0 and 1 bridge to Bool, so the value's own type tells them apart),
    /// and for what is not finite.
    static func number(_ value: Any?) -> Double? {
        guard let value, type(of: value) != Bool.self, let number = value as? NSNumber else { return nil }
        let double = number.doubleValue
        return double.isFinite ? double : nil
    }

    /// A picture's width or height: a whole number of pixels from 1 to `maximumDimension`.
    static func dimension(_ value: Any?) -> Int? {
        guard let double = number(value), let whole = Int(exactly: double.rounded()),
              (1...maximumDimension).contains(whole) else { return nil }
        return whole
    }

    /// A bitrate in kbit/s: not negative, and below a terabit.
    static func rate(_ value: Any?) -> Double? {
        guard let double = number(value), double >= 0, double < 1e9 else { return nil }
        return double
    }

    /// A time in seconds within a hundred years either side of zero.
    static func seconds(_ value: Any?) -> Double? {
        guard let double = number(value), abs(double) <= maximumSeconds else { return nil }
        return double
    }

    static func headers(_ value: Any?) -> [String: String] {
        guard let pairs = value as? [String: Any] else { return [:] }
        var headers: [String: String] = [:]
        // A header name or value with a line break would add headers of the page's choosing
        // to every request; such a pair is left out.
        for (name, value) in pairs {
            guard let value = value as? String, !name.isEmpty,
                  !(name + value).contains(where: \.isNewline) else { continue }
            headers[name] = value
        }
        return headers
    }

    static func text(_ value: Any?) -> String? {
        guard let string = value as? String, !string.isEmpty else { return nil }
        return string
    }
}
