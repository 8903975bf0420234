/// A point or span on the media timeline, in microseconds (FFmpeg's AV_TIME_BASE), so seek
/// arithmetic is exact integer arithmetic and never drifts through floating point.
public struct MediaTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var microseconds: Int64

    public init(microseconds: Int64) { self.microseconds = microseconds }
    public init(seconds: Double) { self.microseconds = Int64((seconds * 1_000_000).rounded()) }

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

    public var description: String { String(format: "%.3fs", seconds) }

    /// Parses `90`, `1:30`, `1:02:03`, `1.5`, `1:30.25`, or with an `s`/`ms` suffix.
    public init?(parsing text: String) {
        var s = text.trimmingCharacters(in: .whitespaces)
        if s.isEmpty { return nil }
        if s.hasSuffix("ms"), let v = Double(s.dropLast(2)) { self.init(seconds: v / 1000); return }
        if s.hasSuffix("s") { s.removeLast() }
        let parts = s.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            guard let v = Double(part), v >= 0 else { return nil }
            if index < parts.count - 1, v != v.rounded() { return nil }
            total = total * 60 + v
        }
        self.init(seconds: total)
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
}

import Foundation
