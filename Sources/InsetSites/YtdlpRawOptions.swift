/// `--ytdl-raw-options` as mpv reads it, and what of it reaches yt-dlp.
///
/// mpv's type for it is a key-value list (`m_option.c`, `parse_keyvalue_list`): pairs
/// `key=value` joined by `,` or `:`, where a key or a value may be quoted whole as
/// `"…"`, `[…]` (brackets nest) or `%N%` followed by exactly N bytes, so a value may hold a
/// comma, a colon or an equals sign (`proxy=[http://127.0.0.1:3128]`). mpv's ytdl hook then
/// passes each pair as `--key value` (the value left out when empty, which is how a flag is
/// given: `force-ipv6=`). Inset takes a bare `key` as a flag too, as it always has. A
/// malformed list (a quote or bracket left open, a length past the end) is refused whole,
/// as mpv refuses it.
///
/// Some yt-dlp options run a program or write files (`--exec`, `--print-to-file`, `-o`…):
/// given on the command line they are the user's own; from anywhere else (the config file,
/// which a downloaded folder may ship beside its media when run from there, or anything a
/// page or a client can set) they are refused, one line each (`denied`).
public struct YtdlpRawOptions: Sendable, Equatable {
    public struct Pair: Sendable, Equatable {
        public var key: String
        public var value: String
        public init(key: String, value: String) { self.key = key; self.value = value }
    }

    public struct Malformed: Error, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { "--ytdl-raw-options: \(reason)" }
    }

    /// Reads the list as mpv does.
    public static func parse(_ text: String) throws(Malformed) -> [Pair] {
        var rest = Substring(text)
        var pairs: [Pair] = []
        while !rest.isEmpty {
            // mpv ends a key at `=` alone, and then wants one; a key ended by `,` or `:`
            // is a flag here, as Inset always took a bare key.
            let key = try field(&rest, endingAt: "=,:")
            var value = ""
            if rest.first == "=" {
                rest = rest.dropFirst()
                value = try field(&rest, endingAt: ",:")
            }
            if !key.isEmpty { pairs.append(Pair(key: key, value: value)) }
            guard let separator = rest.first else { break }
            guard separator == "," || separator == ":" else {
                throw Malformed(reason: "unparseable from \"\(rest.prefix(40))\" (quote a value with [ ] when it holds , : or =)")
            }
            rest = rest.dropFirst()
        }
        return pairs
    }

    /// One key or value: quoted (`"…"`, `[…]`, `%N%…`) or up to the first of `terminators`
    /// (mpv's `read_subparam`).
    static func field(_ rest: inout Substring, endingAt terminators: String) throws(Malformed) -> String {
        switch rest.first {
        case "\"":
            let body = rest.dropFirst()
            guard let close = body.firstIndex(of: "\"") else { throw Malformed(reason: "a '\"' is not closed") }
            rest = body[body.index(after: close)...]
            return String(body[..<close])
        case "[":
            var depth = 0
            for index in rest.indices {
                if rest[index] == "[" { depth += 1 } else if rest[index] == "]" { depth -= 1 }
                if depth == 0 {
                    let body = rest[rest.index(after: rest.startIndex)..<index]
                    rest = rest[rest.index(after: index)...]
                    return String(body)
                }
            }
            throw Malformed(reason: "a '[' is not closed")
        case "%":
            // %N% and then N bytes, counted as mpv counts them: in UTF-8.
            let afterPercent = rest.dropFirst()
            guard let end = afterPercent.firstIndex(of: "%"), let length = Int(afterPercent[..<end]), length >= 0 else {
                throw Malformed(reason: "a %N% length is not a number")
            }
            let body = afterPercent[afterPercent.index(after: end)...]
            let bytes = Array(body.utf8)
            guard length <= bytes.count else { throw Malformed(reason: "%\(length)% is longer than what follows") }
            guard let value = String(validating: bytes[..<length], as: UTF8.self) else {
                throw Malformed(reason: "%\(length)% cuts a character in two")
            }
            rest = Substring(String(decoding: bytes[length...], as: UTF8.self))
            return value
        default:
            let end = rest.firstIndex { terminators.contains($0) } ?? rest.endIndex
            defer { rest = rest[end...] }
            return String(rest[..<end])
        }
    }

    /// yt-dlp's options that run a program, write or delete files, or read options from
    /// elsewhere. Under `-J` yt-dlp downloads nothing, but 2023.03.04 still runs
    /// `--exec pre_process:CMD` and `--print-to-file`, writes the `--cookies` jar back and
    /// the `--write-*` files, and `--config-location` / `--batch-file` / `--load-info-json` /
    /// `--plugin-dirs` read more options, URLs or code from a path. Matched as yt-dlp's
    /// parser matches long options, by any unambiguous beginning (`--print-to` is
    /// `--print-to-file`), so any beginning of one of these is refused.
    static let deniedLong = [
        "exec", "exec-before-download", "print-to-file", "output", "paths", "config-location", "config-locations",
        "batch-file", "load-info-json", "cookies", "plugin-dirs", "netrc-cmd", "cache-dir", "rm-cache-dir",
        "download-archive", "update", "update-to", "external-downloader", "downloader", "external-downloader-args",
        "downloader-args", "postprocessor-args", "ppa", "use-postprocessor", "ffmpeg-location", "alias",
    ]
    /// Every `--write-…` option writes a file (`--write-info-json`, `--write-subs`,
    /// `--write-pages`…).
    static let deniedPrefix = "write-"
    /// Their short spellings: `-o` output, `-a` batch file, `-P` paths, `-U` update.
    static let deniedShort: Set<Character> = ["o", "a", "P", "U"]

    /// Why `word` (a key as passed, or a value that yt-dlp would read as an option) may
    /// run a program or write a file; nil when it may not.
    public static func denied(_ word: String) -> String? {
        if word.hasPrefix("-") && !word.hasPrefix("--") {
            // A cluster of short options (`-xo`), its value attached or not.
            let letters = word.dropFirst()
            return letters.contains(where: deniedShort.contains) ? "\(word) (writes files or updates yt-dlp)" : nil
        }
        let name = String(word.drop { $0 == "-" }.prefix { $0 != "=" }).lowercased()
        guard !name.isEmpty else { return nil }
        if name.hasPrefix(deniedPrefix) || deniedPrefix.hasPrefix(name) {
            return "--\(name) (writes files)"
        }
        if let match = deniedLong.first(where: { $0.hasPrefix(name) }) {
            return "--\(name)" + (match == name ? "" : " (--\(match))") + " (runs a program, writes files or reads options from a path)"
        }
        return nil
    }

    /// The arguments for yt-dlp, and the options refused: all of them pass when the user
    /// gave them on the command line (`trusted`), else those `denied` names are left out.
    /// A value that starts with `-` is checked too: after a flag yt-dlp reads it as an
    /// option of its own.
    public static func arguments(for pairs: [Pair], trusted: Bool) -> (arguments: [String], refused: [String]) {
        var arguments: [String] = []
        var refused: [String] = []
        for pair in pairs {
            let option = pair.key.hasPrefix("-") ? pair.key : "--" + pair.key
            if !trusted {
                let why = denied(option) ?? (pair.value.hasPrefix("-") ? denied(pair.value) : nil)
                if let why { refused.append(why); continue }
            }
            arguments.append(option)
            if !pair.value.isEmpty { arguments.append(pair.value) }
        }
        return (arguments, refused)
    }
}
