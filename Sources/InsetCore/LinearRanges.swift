/// The parts of the timeline where linear playback is required (`--linear[=RANGES]`): while
/// the position is inside one, skipping and seeking are refused, as AVKit's
/// `requiresLinearPlayback` does for an ad or a legal notice.
///
/// Spans are half-open, `[start, end)`: once the position reaches a span's end, the required
/// part has been watched and the controls come back. An open end (`1:00-`) runs to the end
/// of the media, an open start (`-0:30`) from its beginning. Spans are kept sorted and
/// merged, so lookups walk them once; overlapping or touching spans given on the command
/// line are therefore accepted and mean their union, which is what they can only mean.
public struct LinearRanges: Hashable, Sendable, CustomStringConvertible {
    /// One required span; `end == nil` reaches the end of the media.
    public struct Span: Hashable, Sendable {
        public var start: MediaTime
        public var end: MediaTime?
        public init(start: MediaTime, end: MediaTime?) { self.start = start; self.end = end }
        public func contains(_ t: MediaTime) -> Bool { t >= start && (end.map { t < $0 } ?? true) }
    }

    /// Sorted by start, non-overlapping, non-adjacent.
    public private(set) var spans: [Span]

    /// No linear playback: skipping is always allowed (the default).
    public static let none = LinearRanges(spans: [])
    /// Linear playback over the whole media (`--linear` without ranges).
    public static let all = LinearRanges(spans: [Span(start: .zero, end: nil)])

    public init(spans: [Span]) { self.spans = LinearRanges.merged(spans) }

    public var isEmpty: Bool { spans.isEmpty }

    /// Whether linear playback is required at `t`.
    public func contains(_ t: MediaTime) -> Bool { spans.contains { $0.contains(t) } }

    /// The start of the first span that begins after `t` and at or before `limit`: a forward
    /// jump from `t` to `limit` would pass over the start of that required span.
    public func firstStart(after t: MediaTime, upTo limit: MediaTime) -> MediaTime? {
        spans.first { $0.start > t && $0.start <= limit }?.start
    }

    /// `0:00-0:30,1:00-1:10` as given on the command line.
    public var description: String {
        if self == .all { return "all" }
        return spans.map { "\($0.start.clockString)-\($0.end?.clockString ?? "")" }.joined(separator: ",")
    }

    private static func merged(_ spans: [Span]) -> [Span] {
        var result: [Span] = []
        for span in spans.sorted(by: { $0.start < $1.start }) {
            guard let last = result.last, let lastEnd = last.end else {
                if result.last == nil { result.append(span) }
                continue // an open-ended span already covers everything after it
            }
            if span.start <= lastEnd {
                result[result.count - 1].end = span.end.map { max($0, lastEnd) }
            } else {
                result.append(span)
            }
        }
        return result
    }
}

extension LinearRanges {
    /// Why a `--linear=RANGES` value was not understood; the text is one line for the
    /// command line's error message.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var item: String
        public var reason: String
        public var description: String { "invalid linear range '\(item)': \(reason)" }
    }

    /// Parses `0:00-0:30,1:00-1:10` (comma-separated `START-END` spans, times as `--start`
    /// takes them; either end may be left out) or `all`. Throws for an empty value, a span
    /// without `-`, a time that does not parse, or an end not after its start.
    public init(parsing text: String) throws(ParseError) {
        let trimmed = text.trimmedOfBlanks
        if trimmed.lowercased() == "all" { self = .all; return }
        guard !trimmed.isEmpty else { throw ParseError(item: text, reason: "no ranges given") }
        var spans: [Span] = []
        for rawItem in trimmed.split(separator: ",", omittingEmptySubsequences: false) {
            let item = String(rawItem).trimmedOfBlanks
            let parts = item.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw ParseError(item: item, reason: "expected START-END, such as 0:00-0:30")
            }
            let startText = String(parts[0]).trimmedOfBlanks, endText = String(parts[1]).trimmedOfBlanks
            guard !(startText.isEmpty && endText.isEmpty) else {
                throw ParseError(item: item, reason: "both ends are missing")
            }
            var start = MediaTime.zero
            if !startText.isEmpty {
                let t: MediaTime
                do { t = try MediaTime(validating: startText) } catch {
                    throw ParseError(item: item, reason: error.description)
                }
                start = t
            }
            var end: MediaTime?
            if !endText.isEmpty {
                let t: MediaTime
                do { t = try MediaTime(validating: endText) } catch {
                    throw ParseError(item: item, reason: error.description)
                }
                guard t > start else { throw ParseError(item: item, reason: "the end is not after the start") }
                end = t
            }
            spans.append(Span(start: start, end: end))
        }
        self.init(spans: spans)
    }
}
