/// mpv's "relative time or percent position" (`--start`, `--end`, `--length`): where in a
/// file, said before the file is open. `+T` and a plain time count from the start, `-T` back
/// from the end, `N%` a share of the duration, `#C` the start of chapter C (from 1); `none`
/// is no position. Resolved against the file once its duration and chapters are known.
public enum RelativeTime: Hashable, Sendable {
    case none
    case fromStart(MediaTime)
    case fromEnd(MediaTime)
    case percent(Double)
    case chapter(Int)

    /// Why mpv would refuse the text: one line, its words (`invalid time or position: 'xyz'`).
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// Parses as mpv 0.35's `parse_rel_time`: `none`, `#C`, `N%` (0 to 100), `+T`, `-T`, `T`,
    /// where T is seconds or `[[hh:]mm:]ss[.fff]` (Inset's `MediaTime(validating:)`).
    public init(parsing text: String) throws(ParseError) {
        let refused = ParseError(reason: "invalid time or position: '\(text)'")
        if text == "none" { self = .none; return }
        if text.hasPrefix("#") {
            guard let chapter = Int(text.dropFirst()), chapter >= 1 else { throw refused }
            self = .chapter(chapter)
            return
        }
        if text.hasSuffix("%") {
            guard let share = Double(text.dropLast()), share.isFinite, (0...100).contains(share) else { throw refused }
            self = .percent(share)
            return
        }
        let negative = text.hasPrefix("-")
        let body = text.hasPrefix("-") || text.hasPrefix("+") ? String(text.dropFirst()) : text
        guard !body.isEmpty, !body.hasPrefix("-"), !body.hasPrefix("+"),
              let time = RelativeTime.clock(body) else { throw refused }
        self = negative ? .fromEnd(time) : .fromStart(time)
    }

    /// mpv's `parse_timestring`: `[[hh:]mm:]ss[.fff]` with no bound on a part (`1:99` is 2:39,
    /// as mpv reads it), seconds a decimal; nil for anything else.
    static func clock(_ text: String) -> MediaTime? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || (isLast && $0 == ".")) }),
                  let value = Double(part) else { return nil }
            total = total * 60 + value
        }
        guard total <= MediaTime.longest.seconds else { return nil }
        return MediaTime(seconds: total)
    }

    /// The time from the file's start, given its duration (nil: unknown, live) and its
    /// chapters' starts; nil for `none`, and for a position that needs a duration or a
    /// chapter the file does not have. A time back from the end past the start is the start.
    public func resolved(duration: MediaTime?, chapterStarts: [MediaTime] = []) -> MediaTime? {
        switch self {
        case .none: return nil
        case .fromStart(let time): return time
        case .fromEnd(let time):
            guard let duration else { return nil }
            return max(.zero, duration - time)
        case .percent(let share):
            guard let duration else { return nil }
            return MediaTime(seconds: duration.seconds * share / 100)
        case .chapter(let number):
            guard chapterStarts.indices.contains(number - 1) else { return nil }
            return chapterStarts[number - 1]
        }
    }

    /// The position as mpv writes it back (`none`, `+90.000`, `-10.000`, `50%`, `#2`), and as
    /// Inset's `--start` takes it.
    public var text: String {
        switch self {
        case .none: "none"
        case .fromStart(let time): String(format: "%.3f", time.seconds)
        case .fromEnd(let time): String(format: "-%.3f", time.seconds)
        case .percent(let share): share == share.rounded() ? "\(Int(share))%" : "\(share)%"
        case .chapter(let number): "#\(number)"
        }
    }
}

extension RelativeTime {
    /// A time from the start: what `--start 90` has always meant.
    public static func seconds(_ seconds: Double) -> RelativeTime { .fromStart(.seconds(seconds)) }
    public static let zero = RelativeTime.fromStart(.zero)
}
