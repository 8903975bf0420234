/// Which file a remembered position belongs to: its path, size and modification time, so a
/// file replaced or edited under the same name starts from the beginning.
public struct ResumeKey: Hashable, Sendable {
    public var path: String
    public var size: Int64
    /// The modification time in nanoseconds since 1970 (stat's `st_mtim`).
    public var modifiedNanoseconds: Int64

    public init(path: String, size: Int64, modifiedNanoseconds: Int64) {
        self.path = path; self.size = size; self.modifiedNanoseconds = modifiedNanoseconds
    }
}

/// Where each file was left (mpv's `--save-position-on-quit`, always on): what to store
/// when a video stops, what to forget, and the state file's text both ways. Pure: the app
/// reads and writes the file (`ResumeStore`) and asks this what goes in it.
public struct ResumePositions: Equatable, Sendable {
    /// Oldest first, so the oldest are the ones dropped past `capacity`.
    /// A file's audio delay (`audio-delay`) is kept with its position, as mpv's
    /// watch-later files keep it; a file watched to its end with a delay keeps the delay
    /// at position 0.
    public private(set) var entries: [(key: ResumeKey, position: MediaTime, audioDelay: MediaTime)] = []

    /// A file stopped within this of its end counts as watched: it starts from 0 next time.
    public static let endMargin = MediaTime.seconds(5)
    /// Nor is a position this close to the start worth a notice.
    public static let startMargin = MediaTime.seconds(1)
    /// The files remembered at most (the file stays small, whatever was played).
    public static let capacity = 1000
    static let header = "# inset: where each file was left (size mtime-ns position-us[:audio-delay-us] path)"

    public init() {}

    public static func == (a: ResumePositions, b: ResumePositions) -> Bool {
        a.entries.count == b.entries.count
            && zip(a.entries, b.entries).allSatisfy { $0.key == $1.key && $0.position == $1.position && $0.audioDelay == $1.audioDelay }
    }

    /// Where `key`'s file was left, if it was.
    public func position(for key: ResumeKey) -> MediaTime? {
        entries.last { $0.key == key }.flatMap { $0.position > .zero ? $0.position : nil }
    }

    /// The audio delay `key`'s file was last played with, if it was not 0.
    public func audioDelay(for key: ResumeKey) -> MediaTime? {
        entries.last { $0.key == key }.flatMap { $0.audioDelay != .zero ? $0.audioDelay : nil }
    }

    /// Whether a stop at `position` is remembered: past the first second and not within the
    /// last `endMargin` (nor, for a file shorter than 100 s, its last 5%: a 10 s clip left
    /// at 9.6 s is watched). Without a known duration only the start rule applies.
    public static func isWorthKeeping(_ position: MediaTime, end: MediaTime?) -> Bool {
        guard position >= startMargin else { return false }
        guard let end, end > .zero else { return true }
        let margin = min(endMargin, MediaTime(microseconds: end.microseconds / 20))
        return position < end - margin
    }

    /// A video with `key` stopped at `position`: remembered, or its entry removed (watched
    /// to the end, or barely started). Any older entry of the same path goes either way,
    /// since the file it described is no longer there as it was.
    public mutating func record(_ position: MediaTime, end: MediaTime?, audioDelay: MediaTime = .zero, for key: ResumeKey) {
        entries.removeAll { $0.key.path == key.path }
        let kept = ResumePositions.isWorthKeeping(position, end: end)
        guard kept || audioDelay != .zero else { return }
        entries.append((key, kept ? position : .zero, audioDelay))
        if entries.count > ResumePositions.capacity { entries.removeFirst(entries.count - ResumePositions.capacity) }
    }

    /// The state file's text: a header line, then one line per file, oldest first.
    public var text: String {
        var lines = [ResumePositions.header]
        for (key, position, delay) in entries {
            let time = delay == .zero ? "\(position.microseconds)" : "\(position.microseconds):\(delay.microseconds)"
            lines.append("\(key.size) \(key.modifiedNanoseconds) \(time) \(ResumePositions.escape(key.path))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads the state file's text, skipping every line that does not read (a junk line, a
    /// half-written one from an older version); `rejected` counts them so the caller can
    /// say so once.
    public static func parse(_ text: String) -> (positions: ResumePositions, rejected: Int) {
        var positions = ResumePositions(), rejected = 0
        // Split by scalars: a stray "\r\n" is one Character and would hide the line break.
        for scalars in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = Substring(String(scalars))
            if line.hasPrefix("#") { continue }
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            let times = fields.count == 4 ? fields[2].split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false) : []
            let delay = times.count == 2 ? Int64(times[1]) : 0
            guard fields.count == 4, let size = Int64(fields[0]), size >= 0, let modified = Int64(fields[1]),
                  let microseconds = Int64(times[0]), microseconds >= 0, microseconds < MediaTime.longest.microseconds,
                  let delay, abs(delay) <= AudioDelay.limit.microseconds,
                  let path = unescape(fields[3]), path.hasPrefix("/") else {
                rejected += 1
                continue
            }
            let key = ResumeKey(path: path, size: size, modifiedNanoseconds: modified)
            positions.entries.removeAll { $0.key.path == path }
            positions.entries.append((key, MediaTime(microseconds: microseconds), MediaTime(microseconds: delay)))
        }
        if positions.entries.count > capacity { positions.entries.removeFirst(positions.entries.count - capacity) }
        return (positions, rejected)
    }

    /// A path on one line: backslash and newline escaped (`\\`, `\n`, `\r`), and every other
    /// character that may not reach a terminal as it is (`PrintableText.needsEscape`: C0,
    /// DEL, C1, bidi controls) as `\u{hex}`, so reading the file with `cat` is safe.
    static func escape(_ path: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in path.unicodeScalars {
            switch scalar {
            case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
            case "\n": out.append(contentsOf: "\\n".unicodeScalars)
            case "\r": out.append(contentsOf: "\\r".unicodeScalars)
            case _ where PrintableText.needsEscape(scalar) && FileNameBytes.rawByte(scalar) == nil:
                out.append(contentsOf: "\\u{\(String(scalar.value, radix: 16))}".unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }

    static func unescape(_ text: Substring) -> String? {
        var out = String.UnicodeScalarView(), escaping = false
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            if escaping {
                switch scalar {
                case "\\": out.append("\\")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "u":
                    guard scalars.next() == "{" else { return nil }
                    var digits = ""
                    while let digit = scalars.next(), digit != "}" {
                        digits.unicodeScalars.append(digit)
                        if digits.count > 6 { return nil }
                    }
                    guard let value = UInt32(digits, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
                    out.append(decoded)
                default: return nil
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.append(scalar)
            }
        }
        return escaping || out.isEmpty ? nil : String(out)
    }
}
