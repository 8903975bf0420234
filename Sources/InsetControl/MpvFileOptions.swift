import InsetCore

/// `loadfile`'s per-file options (`"audio-file=URL,start=30,length=212"`), the ones the
/// launchers pass: invidtui's `audio-file` and `length`, and `start`, `end`,
/// `force-media-title`. mpv 0.35 takes them as the third argument, 0.38 as the fourth
/// (after the index); both are read. Pure.
public struct MpvFileOptions: Equatable, Sendable {
    public var audioFile: String?
    public var start: MediaTime?
    public var end: MediaTime?
    public var title: String?
    /// `length`: a duration the client knows (invidtui reads `options/length` back while
    /// `duration` is unknown); kept, not used to cut the file.
    public var length: String?
    /// Options mpv has that Inset does not take per file (`volume=50`): accepted, as mpv
    /// 0.35 accepts a name it does not know, and each said in one log line.
    public var ignored: [String] = []

    public init() {}

    /// Reads `text`, mpv's `key=value` list joined by commas; a value may be quoted
    /// (`"a,b"`, `%N%text` as mpv's own lists do); a value Inset cannot read is refused.
    public init(parsing text: String) throws(MpvIPC.Failure) {
        self.init()
        for (key, value) in try Self.pairs(text) {
            switch key {
            case "audio-file", "audio-files":
                audioFile = value.isEmpty ? nil : value
            case "start":
                guard let time = try? MediaTime(validating: value) else { throw .invalidParameter }
                start = time
            case "end":
                guard let time = try? MediaTime(validating: value) else { throw .invalidParameter }
                end = time
            case "force-media-title", "title": title = value
            case "length": length = value
            default: ignored.append(key + "=" + value)
            }
        }
    }

    /// mpv's key-value list (m_option.c's `parse_keyvalue_list`): `k=v,k2=v2`, a value in
    /// double quotes or as `%LEN%` to hold commas.
    static func pairs(_ text: String) throws(MpvIPC.Failure) -> [(String, String)] {
        var pairs: [(String, String)] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { throw .invalidParameter }
            let key = String(rest[..<equals])
            guard !key.isEmpty, !key.contains(",") else { throw .invalidParameter }
            rest = rest[rest.index(after: equals)...]
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                guard let close = rest.firstIndex(of: "\"") else { throw .invalidParameter }
                value = String(rest[..<close])
                rest = rest[rest.index(after: close)...]
            } else if rest.first == "%", let close = rest.dropFirst().firstIndex(of: "%"),
                      let length = Int(rest[rest.index(after: rest.startIndex)..<close]) {
                let start = rest.index(after: close)
                guard rest[start...].utf8.count >= length else { throw .invalidParameter }
                let end = rest.utf8.index(start, offsetBy: length)
                value = String(rest[start..<end])
                rest = rest[end...]
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = String(rest[..<end])
                rest = rest[end...]
            }
            pairs.append((key, value))
            if rest.first == "," { rest = rest.dropFirst() } else if !rest.isEmpty { throw .invalidParameter }
        }
        return pairs
    }
}
