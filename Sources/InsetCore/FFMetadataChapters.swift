/// The chapters of an FFmpeg metadata file (`;FFMETADATA1`, libavformat's ffmetadata
/// format), as `--chapters-file` gives them: ani-skip writes one for the opening and the
/// ending, and mpv shows its chapters in place of the file's own.
///
/// The format: a first line `;FFMETADATA1`; `;` and `#` lines are comments; a `[CHAPTER]`
/// section has `TIMEBASE=num/den` (FFmpeg's default, when it is missing, is 1/1000000000),
/// `START=` and `END=` in that time base, then its tags (`title=`, any case: ani-skip writes
/// `TITLE=`); `\` escapes `=`, `;`, `#`, `\` and a line break in a value. Other sections
/// (`[STREAM]`) and the global tags are read past. FFmpeg wants the keys in that order; they
/// are taken in any order here. A chapter with no `END` ends where the next starts (the last
/// at its start). Bounded: `maximumBytes` of text and `maximumChapters` chapters, past which
/// the file is refused rather than read on.
public enum FFMetadataChapters {
    public static let maximumBytes = 1 << 20
    public static let maximumChapters = 10_000

    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// The chapters of `bytes`, in the order they start.
    public static func chapters(from bytes: [UInt8]) throws(Problem) -> [Chapter] {
        guard bytes.count <= maximumBytes else { throw Problem("larger than \(maximumBytes / 1024) KiB") }
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = logicalLines(text)
        guard let first = lines.first, first.hasPrefix(";FFMETADATA") else {
            throw Problem("not an FFmpeg metadata file (its first line is not ;FFMETADATA1)")
        }
        var sections: [[String: String]] = []
        var inChapter = false
        for line in lines.dropFirst() {
            if line.hasPrefix(";") || line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("[") {
                inChapter = line == "[CHAPTER]"
                if inChapter {
                    guard sections.count < maximumChapters else { throw Problem("more than \(maximumChapters) chapters") }
                    sections.append([:])
                }
                continue
            }
            guard inChapter, let (key, value) = pair(line) else { continue }
            let name = key.uppercased()
            // FFmpeg overwrites a tag given twice: the last wins here too.
            sections[sections.count - 1][name] = value
        }
        var chapters: [(start: MediaTime, end: MediaTime?, title: String?)] = []
        for section in sections {
            let base = section["TIMEBASE"].flatMap(timeBase) ?? (1, 1_000_000_000)
            guard let start = section["START"].flatMap({ time($0, base) }) else { continue }
            let title = section["TITLE"].flatMap { $0.isEmpty ? nil : $0 }
            chapters.append((start, section["END"].flatMap { time($0, base) }, title))
        }
        chapters.sort { $0.start < $1.start }
        return chapters.indices.map { index in
            let chapter = chapters[index]
            let next = index + 1 < chapters.count ? chapters[index + 1].start : chapter.start
            return Chapter(start: chapter.start, end: max(chapter.start, chapter.end ?? next), title: chapter.title)
        }
    }

    /// The lines of `text`, a line break after `\` kept in the line (a value's escaped
    /// newline), the escapes left for `pair` to undo.
    private static func logicalLines(_ text: String) -> [String] {
        var lines: [String] = []
        var line = ""
        var escaped = false
        for character in text {
            if escaped { line.append("\\"); line.append(character); escaped = false; continue }
            if character == "\\" { escaped = true; continue }
            if character == "\n" || character == "\r\n" {
                lines.append(line)
                line = ""
            } else if character != "\r" {
                line.append(character)
            }
        }
        if escaped { line.append("\\") }
        lines.append(line)
        return lines
    }

    /// `key=value` with the escapes undone; nil for a line with no unescaped `=`.
    private static func pair(_ line: String) -> (String, String)? {
        var key = ""
        var value = ""
        var seenEquals = false
        var escaped = false
        for character in line {
            if escaped {
                if seenEquals { value.append(character) } else { key.append(character) }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "=" && !seenEquals {
                seenEquals = true
            } else if seenEquals {
                value.append(character)
            } else {
                key.append(character)
            }
        }
        return seenEquals && !key.isEmpty ? (key, value) : nil
    }

    /// `num/den`, both positive and at most a billion (FFmpeg reads them as ints).
    private static func timeBase(_ text: String) -> (Int64, Int64)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let num = Int64(trimmed(parts[0])), let den = Int64(trimmed(parts[1])),
              (1...1_000_000_000).contains(num), (1...1_000_000_000).contains(den) else { return nil }
        return (num, den)
    }

    /// `ticks` of `base` as a media time, nil when not a whole number or past
    /// `MediaTime.longest` (a hostile file cannot overflow the arithmetic).
    private static func time(_ text: String, _ base: (Int64, Int64)) -> MediaTime? {
        guard let ticks = Int64(trimmed(text)), ticks >= 0 else { return nil }
        let seconds = Double(ticks) * Double(base.0) / Double(base.1)
        guard seconds.isFinite, seconds <= MediaTime.longest.seconds else { return nil }
        let microseconds = (seconds * 1_000_000).rounded()
        return MediaTime(microseconds: Int64(microseconds))
    }

    /// `text` without the spaces around it.
    private static func trimmed<Text: StringProtocol>(_ text: Text) -> String {
        var characters = Substring(text)
        while characters.first == " " { characters.removeFirst() }
        while characters.last == " " { characters.removeLast() }
        return String(characters)
    }
}
