/// A point or span on the media timeline, in microseconds (FFmpeg's AV_TIME_BASE), so seek
/// arithmetic is exact integer arithmetic and never drifts through floating point.
public struct MediaTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }
    /// Rounds to the nearest microsecond. NaN reads as zero and anything past `longest` either
    /// way is held at it, so a ratio of a zero duration or a frame rate near zero cannot trap
    /// in the conversion to Int64.
    public init(seconds: Double) {
        let limit = Double(MediaTime.longest.microseconds)
        let micro = seconds * 1_000_000
        self.microseconds = micro.isNaN ? 0 : Int64(min(max(micro, -limit), limit).rounded())
    }

    /// From a count of microseconds that came from outside (MPRIS's `Seek` and
    /// `SetPosition`, a socket's number): held within ±`longest`, inside which the sums the
    /// player makes of times cannot overflow. `init(microseconds:)` is for times the player
    /// made itself; `Seek(Int64.max)` through it trapped in the next addition.
    public init(clampingMicroseconds micro: Int64) {
        let limit = MediaTime.longest.microseconds
        self.microseconds = min(max(micro, -limit), limit)
    }

    /// A span of wall time (a `Duration`) to the microsecond, truncated.
    public init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self.microseconds = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    }

    /// The longest time there is reason to name: a million hours. It lies thousands of times
    /// inside Int64 microseconds, so adding or subtracting a few such times cannot overflow.
    public static let longest = MediaTime(microseconds: 1_000_000 * 3_600 * 1_000_000)

    public static let zero = MediaTime(microseconds: 0)
    public static func seconds(_ s: Double) -> MediaTime { MediaTime(seconds: s) }
    public static func milliseconds(_ ms: Int64) -> MediaTime { MediaTime(microseconds: ms * 1000) }

    public var seconds: Double { Double(microseconds) / 1_000_000 }

    public static func < (a: MediaTime, b: MediaTime) -> Bool { a.microseconds < b.microseconds }
    public static func + (a: MediaTime, b: MediaTime) -> MediaTime { MediaTime(microseconds: a.microseconds + b.microseconds) }
    public static func - (a: MediaTime, b: MediaTime) -> MediaTime { MediaTime(microseconds: a.microseconds - b.microseconds) }
    public static prefix func - (a: MediaTime) -> MediaTime { MediaTime(microseconds: -a.microseconds) }
    public static func += (a: inout MediaTime, b: MediaTime) { a.microseconds += b.microseconds }
    public static func -= (a: inout MediaTime, b: MediaTime) { a.microseconds -= b.microseconds }

    /// `H:MM:SS` past an hour, `M:SS` below; negative times keep their sign.
    public var clockString: String {
        let negative = microseconds < 0
        let total = Int(abs(microseconds) / 1_000_000)
        let h = total / 3600, m = (total / 60) % 60, s = total % 60
        let body = h > 0
            ? "\(h):\(twoDigits(m)):\(twoDigits(s))"
            : "\(m):\(twoDigits(s))"
        return negative ? "-" + body : body
    }

    /// `clockString` with the milliseconds when there are any (`0:10.25`), for a time the
    /// user gave or one compared with it, where whole seconds could read as equal.
    public var preciseClockString: String {
        let milliseconds = Int(abs(microseconds) / 1000 % 1000)
        guard milliseconds > 0 else { return clockString }
        var fraction = String(format: "%03d", milliseconds)
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return clockString + "." + fraction
    }

    public var description: String { String(format: "%.3fs", seconds) }

    /// Parses a time as the command line takes it; nil for anything `init(validating:)`
    /// refuses.
    public init?(parsing text: String) {
        guard let time = try? MediaTime(validating: text) else { return nil }
        self = time
    }
}

private func twoDigits(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

/// The span of media that can be played: a file's is [start, start + duration]; live input
/// has no known end, so `end` is nil and seeking forward stops at the newest frame.
public struct PlayableRange: Hashable, Sendable {
    public var start: MediaTime
    public var end: MediaTime?

    public init(start: MediaTime, end: MediaTime?) {
        self.start = start
        self.end = end
    }

    public var isLive: Bool { end == nil }
    public var duration: MediaTime? { end.map { $0 - start } }

    /// Clamps `time` into the range; for live input `newest` (the newest decoded frame) is
    /// the upper bound when known.
    public func clamp(_ time: MediaTime, newest: MediaTime? = nil) -> MediaTime {
        var t = max(time, start)
        if let end { t = min(t, end) } else if let newest { t = min(t, max(newest, start)) }
        return t
    }

    /// `time` as it is shown beside the duration: from the start, within the duration. A
    /// file's first timestamp is not always zero (MPEG-TS, and so HLS, starts where its
    /// muxer began, 1.4 s and more), and its media time at the end reads past the duration
    /// ("0:11 / 0:10"). Live input has no start to count from: its media time as it is.
    public func elapsed(at time: MediaTime) -> MediaTime {
        guard end != nil else { return time }
        return clamp(time) - start
    }
}

import Foundation
