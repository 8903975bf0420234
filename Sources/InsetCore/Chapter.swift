/// A named part of a file, as its container lists it (AVFormatContext's chapters): where it
/// starts and ends on the media timeline and its title, if the file gives one.
///
/// Times are kept in microseconds so `MediaInfo` (which `inset probe --json` writes) stays
/// plain Codable data, as its other times are.
public struct Chapter: Hashable, Sendable, Codable {
    public var startMicroseconds: Int64
    public var endMicroseconds: Int64
    public var title: String?

    public init(start: MediaTime, end: MediaTime, title: String? = nil) {
        startMicroseconds = start.microseconds
        endMicroseconds = end.microseconds
        self.title = title
    }

    public var start: MediaTime { MediaTime(microseconds: startMicroseconds) }
    public var end: MediaTime { MediaTime(microseconds: endMicroseconds) }
}

/// The chapters of one file, in the order they start, and where `chapter next` and
/// `chapter previous` go from a position: pure arithmetic, so its tests are calls.
public struct ChapterList: Hashable, Sendable {
    public let chapters: [Chapter]

    /// How far into a chapter `previous` goes back to its own start rather than to the one
    /// before (mpv's rule: a press just after a jump still goes back a chapter).
    public static let restartThreshold = MediaTime.seconds(2)

    public init(_ chapters: [Chapter]) {
        self.chapters = chapters.sorted { $0.startMicroseconds < $1.startMicroseconds }
    }

    public var isEmpty: Bool { chapters.isEmpty }

    /// The index of the chapter `position` is in: the last that starts at or before it
    /// (nil before the first one starts).
    public func index(at position: MediaTime) -> Int? {
        chapters.lastIndex { $0.start <= position }
    }

    /// Where `chapter next` goes: the first chapter starting after `position`; nil past the last.
    public func next(after position: MediaTime) -> Int? {
        // A position a hair before a chapter's start (a seek lands on the frame before it)
        // counts as in it, or `next` would land on the same chapter again.
        let slack = MediaTime.milliseconds(100)
        return chapters.firstIndex { $0.start > position + slack }
    }

    /// Where `chapter previous` goes: the start of the chapter `position` is in when more
    /// than `restartThreshold` into it, else the one before; nil before the first chapter.
    public func previous(before position: MediaTime) -> Int? {
        guard let current = index(at: position + .milliseconds(100)) else { return nil }
        if position - chapters[current].start > ChapterList.restartThreshold { return current }
        return current > 0 ? current - 1 : current
    }

    /// How the bar says a chapter: `chapter 2/3: Middle` (no title: `chapter 2/3`).
    public func label(of index: Int) -> String {
        let number = "chapter \(index + 1)/\(chapters.count)"
        guard let title = chapters[index].title, !title.isEmpty else { return number }
        return "\(number): \(title)"
    }
}
