import Foundation
import InsetFuzzing

/// yt-dlp's `-J` answers as a hostile page could shape them: a video (formats, the chosen
/// ones, `http_headers`, subtitles, chapters), a list of entries (flat pages or videos), or
/// a `_type: url` naming another page, with values drawn from what broke the player or
/// nearly did: numbers past `Int` (1e23, 2^63, 1e308), negative and fractional sizes,
/// numbers as strings ("nan", "inf"), booleans and nulls where numbers go, local paths and
/// other schemes where URLs go, line breaks in headers, long lists. Then, now and then, the
/// text itself is mutated (bytes flipped, cut short, a piece repeated).
struct YtdlpJSONGenerator {
    var random: FuzzRandom

    /// The input's bytes and a line on what it is.
    mutating func make() -> (bytes: [UInt8], notes: String) {
        let kind = random.int(0...9)
        var root: Any
        switch kind {
        case 0...4: root = video(depth: 0)
        case 5...7: root = list(depth: 0)
        default: root = ["_type": random.pick(["url", "url_transparent"]), "url": url(), "title": text()] as [String: Any]
        }
        if random.chance(0.05) { root = value(depth: 0) }
        var bytes = Array(serialize(root).utf8)
        var notes = "kind \(kind), \(bytes.count) bytes"
        if random.chance(0.2) {
            bytes = mutate(bytes)
            notes += ", mutated to \(bytes.count)"
        }
        return (bytes, notes)
    }

    // MARK: Shapes

    mutating func video(depth: Int) -> [String: Any] {
        var object: [String: Any] = ["title": text(), "id": text()]
        // Long lists of formats, subtitles and chapters at the top only: a list of videos
        // each with thousands would take the harness's memory, not the player's.
        let top = depth == 0
        let formatCount = top && random.chance(0.02) ? random.int(900...2_500) : random.skewed(upTo: top ? 60 : 6)
        object["formats"] = (0..<formatCount).map { _ in format() }
        if random.chance(0.5) { object["requested_formats"] = (0..<random.int(0...3)).map { _ in format() } }
        if random.chance(0.4) { object.merge(format()) { $1 } }
        if random.chance(0.6) { object["http_headers"] = headers() }
        if random.chance(0.5) { object["subtitles"] = subtitles(long: top) }
        if random.chance(0.2) { object["automatic_captions"] = subtitles(long: top) }
        if random.chance(0.3) {
            object["requested_subtitles"] = Dictionary(uniqueKeysWithValues: (0..<random.int(0...3)).map { index in
                ("l\(index)", random.chance(0.8) ? track() as Any : value(depth: depth + 1))
            })
        }
        if random.chance(0.5) {
            object["chapters"] = (0..<random.skewed(upTo: top ? 12_000 : 6)).map { _ in
                ["start_time": number(), "end_time": number(), "title": text()] as [String: Any]
            }
        }
        if random.chance(0.5) { object["duration"] = number() }
        if random.chance(0.1) { object["_type"] = random.pick(["video", "playlist", "url", "", "multi_video"]) }
        return object
    }

    mutating func list(depth: Int) -> [String: Any] {
        let long = random.chance(0.03)
        let count = long ? random.int(10_000...12_000) : random.skewed(upTo: 300)
        let entries: [Any] = (0..<count).map { _ in
            // A long list is of pages (a channel's, flat): its videos would be megabytes each.
            switch long ? random.int(0...5) : random.int(0...9) {
            case 0...5:
                var entry: [String: Any] = ["_type": random.pick(["url", "url_transparent"]), "url": url(), "title": text()]
                if random.chance(0.3) { entry["webpage_url"] = url() }
                return entry
            case 6...7: return depth < 2 ? video(depth: depth + 1) : NSNull()
            default: return value(depth: depth + 1)
            }
        }
        return ["_type": random.pick(["playlist", "multi_video"]), "title": text(), "entries": entries]
    }

    mutating func format() -> [String: Any] {
        var object: [String: Any] = ["url": url(), "format_id": text()]
        for key in ["width", "height", "tbr", "abr"] where random.chance(0.7) { object[key] = number() }
        object["protocol"] = random.pick(["https", "http", "m3u8_native", "m3u8", "http_dash_segments", "rtmp", "f4m", "", "file"])
        object["vcodec"] = random.pick(["none", "avc1", "vp9", ""] as [Any] + [NSNull(), 7])
        object["acodec"] = random.pick(["none", "mp4a", "opus"] as [Any] + [NSNull(), true])
        if random.chance(0.3) { object["http_headers"] = headers() }
        if random.chance(0.1) { object["fragments"] = random.chance(0.5) ? [] : [["url": url()]] }
        return object
    }

    mutating func subtitles(long: Bool) -> [String: Any] {
        let count = long && random.chance(0.02) ? random.int(1_000...1_300) : random.skewed(upTo: long ? 20 : 3)
        return Dictionary(uniqueKeysWithValues: (0..<count).map { index in
            ("\(index)-" + text().prefix(8), (0..<random.int(0...3)).map { _ in track() })
        })
    }

    mutating func track() -> [String: Any] {
        ["ext": random.pick(["vtt", "srt", "ass", "json3", "ttml", ""]), "url": url(), "name": text()]
    }

    mutating func headers() -> [String: Any] {
        var headers: [String: Any] = [:]
        for _ in 0..<random.skewed(upTo: 12) {
            let name = random.pick(["User-Agent", "Referer", "Cookie", "Authorization", "", "X\r\nInjected", "Accept"])
            headers[name] = random.chance(0.8) ? text() : value(depth: 3)
        }
        return headers
    }

    // MARK: Values

    mutating func url() -> String {
        let path = random.pick(["v.mp4", "a.m4a", "list.m3u8", "feed.xml", "", "x?y=1#f"])
        return random.pick([
            "https://cdn.example/\(path)", "http://127.0.0.1:1/\(path)", "HTTPS://CDN.EXAMPLE/\(path)", "ytdl://https://v.example/w",
            "ytdl://", "ytdl://ytsearch3:cats", "/dev/tty", "/dev/zero", "file:///dev/zero", "file:///etc/passwd",
            "concat:a|b", "data:,x", "sftp://h/x", "tcp://127.0.0.1:1?listen=1", "subfile,,start,0,end,0,,:/etc/passwd",
            "fifo", "", " https://x/", "https://x/\r\nHost: evil", "https://" + String(repeating: "a", count: random.skewed(upTo: 5_000)),
        ])
    }

    mutating func text() -> String {
        random.pick(["", "A talk", "名前", "\u{1B}[31mred", "nan", "x\u{0}y", "line\nbreak", String(repeating: "t", count: random.skewed(upTo: 4_000))])
    }

    /// A number as JSON may hold it, ordinary or absurd.
    mutating func number() -> Any {
        switch random.int(0...9) {
        case 0...3: return random.int(-10...4_000)
        case 4: return Double(random.int(-4_000...4_000)) + 0.5
        case 5: return random.pick([1e23, -1e23, 1e308, -1e308, 5e-324, -0.0, 1.7976931348623157e308])
        case 6: return random.pick([Int.max, Int.min, Int(Int32.max) + 1, 1 << 32, 1 << 62])
        case 7: return RawNumber(text: random.pick(["9223372036854775808", "18446744073709551616", "100000000000000000000000",
                                                     "-9223372036854775809", "1" + String(repeating: "0", count: 400), "1e400", "-1e400"]))
        case 8: return random.pick(["nan", "inf", "-inf", "1e23", "NaN"])
        default: return random.pick([true, false, NSNull()] as [Any])
        }
    }

    /// Anything: what a field of the wrong type holds.
    mutating func value(depth: Int) -> Any {
        switch random.int(0...5) {
        case 0: return number()
        case 1: return text()
        case 2: return NSNull()
        case 3: return depth > 3 ? [] : (0..<random.int(0...3)).map { _ in value(depth: depth + 1) }
        case 4: return depth > 3 ? [:] : ["url": url(), "formats": value(depth: depth + 1)] as [String: Any]
        default: return url()
        }
    }

    // MARK: Text

    /// JSON text of `value`, written here rather than by JSONSerialization, which refuses
    /// numbers past Double and would not write them as a page can.
    func serialize(_ value: Any) -> String {
        switch value {
        case let dictionary as [String: Any]:
            return "{" + dictionary.map { "\(quoted($0.key)):\(serialize($0.value))" }.joined(separator: ",") + "}"
        case let array as [Any]:
            return "[" + array.map(serialize).joined(separator: ",") + "]"
        case let string as String: return quoted(string)
        case let bool as Bool: return bool ? "true" : "false"
        case let int as Int: return String(int)
        case let double as Double: return double.isFinite ? "\(double)" : "null"
        case let raw as RawNumber: return raw.text
        default: return "null"
        }
    }

    func quoted(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    mutating func mutate(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return bytes }
        var bytes = bytes
        for _ in 0..<random.int(1...4) {
            let at = random.int(0...bytes.count - 1)
            switch random.int(0...3) {
            case 0: bytes[at] = random.byte()
            case 1: bytes.removeSubrange(at...)
            case 2: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + random.int(1...64))], at: at)
            default: bytes.insert(contentsOf: Array(String(repeating: "[", count: random.int(1...5_000)).utf8), at: at)
            }
            if bytes.isEmpty { break }
        }
        return bytes
    }
}

/// A number written into the JSON as it is: past what Int and Double hold.
struct RawNumber { var text: String }
