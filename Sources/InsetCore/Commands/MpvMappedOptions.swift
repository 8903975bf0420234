/// mpv's options that Inset has a thing of its own for (issue 43, item 2), read as mpv reads
/// them and turned into Inset's: the video output (`--vo`) into the graphics mode, mpv's
/// terminal outputs' rectangle (`--vo-kitty-left/top/cols/rows`, `--vo-sixel-…`) into the
/// embed rectangle, `--vo-tct-algo` into a blitter, `--msg-level` into the log's level,
/// and mpv's list syntaxes (key-value lists, path lists) into Swift values. Pure: the
/// command line (`MpvMappedArguments`) applies what comes out; docs/mpv.md lists each.
public enum MpvMappedOptions {
    public struct Refusal: Error, Equatable, Sendable {
        public var message: String
        public init(_ message: String) { self.message = message }
    }

    // MARK: Video outputs

    /// The graphics mode of mpv's `--vo` list (`kitty`, `tct,kitty`, `sixel`): the first
    /// output Inset has (tct is cells); nil when it names none of them (`gpu`, `xv`,
    /// `null`…), which changes nothing a terminal player does. mpv tries its list in order
    /// and takes the first that opens; Inset's three always open, so the first is taken.
    /// An output's own options (`kitty:foo=1`) are mpv's old syntax, cut off.
    public static func graphics(vo: String) -> GraphicsMode? {
        for entry in vo.split(separator: ",") {
            switch entry.prefix(while: { $0 != ":" }) {
            case "kitty": return .kitty
            case "sixel": return .sixel
            case "tct": return .cells
            default: continue
            }
        }
        return nil
    }

    /// `--vo-tct-algo=half-blocks|plain` as a blitter: both are half blocks in Inset. mpv's
    /// plain draws one pixel a cell (a space in the background colour), which no blitter
    /// here does; half blocks, the nearest, have twice its rows of pixels. Anything else is
    /// refused, as mpv refuses a choice it lacks.
    public static func blitter(tctAlgorithm value: String) throws(Refusal) -> Blitter {
        switch value {
        case "half-blocks", "plain": return .half
        default: throw Refusal("--vo-tct-algo=\(value): expected plain or half-blocks")
        }
    }

    /// The rectangle mpv's kitty or sixel output draws in: `cols`×`rows` cells whose top
    /// left cell is column `left`, row `top`, both counted from 1 as the terminal's cursor
    /// addresses (vo_kitty.c writes `ESC[top;leftf` before the picture). A left or top of 0
    /// is mpv's "place it yourself": the rectangle starts at the edge. Without both sizes
    /// there is no rectangle (mpv then sizes the picture to the whole terminal): nil.
    public static func rectangle(left: Int?, top: Int?, columns: Int?, rows: Int?) -> EmbedGeometry? {
        guard let columns, let rows, columns > 0, rows > 0 else { return nil }
        return EmbedGeometry(size: CellSize(columns: columns, rows: rows),
                             x: max(0, (left ?? 0) - 1), y: max(0, (top ?? 0) - 1))
    }

    /// mpv's integer option value: a whole number (mpv takes a sign, and refuses the rest).
    public static func integer(_ name: String, _ value: String) throws(Refusal) -> Int {
        guard let number = Int(value), (-1_000_000...1_000_000).contains(number) else {
            throw Refusal("--\(name)=\(value): expected a whole number")
        }
        return number
    }

    /// mpv's flag value: `yes`/`no` (and the bare flag, yes).
    public static func yesNo(_ name: String, _ value: String?) throws(Refusal) -> Bool {
        switch value {
        case nil, "yes"?: return true
        case "no"?: return false
        default: throw Refusal("--\(name)=\(value ?? ""): expected yes or no")
        }
    }

    // MARK: --msg-level

    /// mpv's message levels, quietest first; `no` says nothing at all.
    public static let messageLevels = ["no", "fatal", "error", "warn", "info", "status", "v", "debug", "trace"]

    /// `--msg-level=all=warn,ffmpeg=v`: the level asked for every module (`all`), and the
    /// modules named apart (mpv's module names are not Inset's, so the caller says it
    /// ignores them). A level mpv does not know, or an item with no `=`, is refused as mpv
    /// refuses it.
    public static func messageLevel(_ text: String) throws(Refusal) -> (all: String?, others: [String]) {
        var all: String?
        var others: [String] = []
        for item in try keyValueList(text, option: "msg-level") {
            guard messageLevels.contains(item.value) else {
                throw Refusal("--msg-level=\(text): \(item.value) is not a level (\(messageLevels.joined(separator: ", ")))")
            }
            if item.key == "all" { all = item.value } else { others.append(item.key) }
        }
        return (all, others)
    }

    // MARK: mpv's lists

    /// One `key=value` of a key-value list (`--script-opts`, `--stream-lavf-o`), in order.
    public struct Pair: Equatable, Sendable {
        public var key: String
        public var value: String
        public init(_ key: String, _ value: String) { self.key = key; self.value = value }
    }

    /// mpv's key-value list: `k=v,k2=v2`. A value may be quoted as mpv allows, so that it
    /// holds a comma: `"…"` (with `\"` and `\\` inside), `[…]`, or `%N%` followed by
    /// exactly N bytes. A key with no `=` or an empty key is refused, as by mpv.
    public static func keyValueList(_ text: String, option: String) throws(Refusal) -> [Pair] {
        var pairs: [Pair] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "="), !rest[..<equals].contains(","), equals > rest.startIndex else {
                throw Refusal("--\(option)=\(text): expected key=value pairs joined by commas")
            }
            let key = String(rest[..<equals])
            rest = rest[rest.index(after: equals)...]
            let value = try quotedValue(&rest, option: option, text: text)
            pairs.append(Pair(key, value))
            if rest.first == "," { rest = rest.dropFirst() } else if !rest.isEmpty {
                throw Refusal("--\(option)=\(text): expected a comma after \(key)'s value")
            }
        }
        return pairs
    }

    /// Reads one value of a list from the start of `rest`, leaving `rest` at what follows.
    private static func quotedValue(_ rest: inout Substring, option: String, text: String) throws(Refusal) -> String {
        let unterminated = Refusal("--\(option)=\(text): a quoted value is not closed")
        switch rest.first {
        case "\""?:
            var value = ""
            var index = rest.index(after: rest.startIndex)
            while index < rest.endIndex, rest[index] != "\"" {
                if rest[index] == "\\", rest.index(after: index) < rest.endIndex { index = rest.index(after: index) }
                value.append(rest[index])
                index = rest.index(after: index)
            }
            guard index < rest.endIndex else { throw unterminated }
            rest = rest[rest.index(after: index)...]
            return value
        case "["?:
            guard let close = rest.firstIndex(of: "]") else { throw unterminated }
            defer { rest = rest[rest.index(after: close)...] }
            return String(rest[rest.index(after: rest.startIndex)..<close])
        case "%"?:
            let digits = rest.dropFirst().prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let length = Int(digits), rest.dropFirst(1 + digits.count).first == "%" else { break }
            let body = rest.utf8.dropFirst(2 + digits.count)
            guard body.count >= length else { throw unterminated }
            let end = body.index(body.startIndex, offsetBy: length)
            defer { rest = Substring(rest.utf8[end...]) }
            return String(decoding: body[..<end], as: UTF8.self)
        default:
            break
        }
        let end = rest.firstIndex(of: ",") ?? rest.endIndex
        defer { rest = rest[end...] }
        return String(rest[..<end])
    }

    /// mpv's path list (`--sub-files=a.srt:b.srt`): paths joined by `:` on Unix, empty ones
    /// left out.
    public static func pathList(_ text: String) -> [String] {
        text.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
    }

    // MARK: --stream-lavf-o

    /// The FFmpeg input options a command line may set (`--stream-lavf-o`): the http
    /// protocol's request shape, timeouts and reconnects, which change how a stream is
    /// fetched but not what may be opened. Never `protocol_whitelist`, `protocol_blacklist`,
    /// `http_proxy`, `method`/`post_data` or a demuxer's options: the open guard and the
    /// protocol whitelist decide what an input may reach (docs/reliability.md). `request_size`
    /// is newer than FFmpeg 5.1 (Debian 12), which leaves it unused, as mpv's FFmpeg would.
    public static let safeInputOptions: Set<String> = [
        "request_size", "timeout", "rw_timeout", "reconnect", "reconnect_streamed", "reconnect_at_eof",
        "reconnect_on_network_error", "reconnect_on_http_error", "reconnect_delay_max", "user_agent", "referer",
        "headers", "seekable", "multiple_requests", "icy", "short_seek_size",
    ]

    /// The pairs of `--stream-lavf-o` split into those passed to FFmpeg and the keys left
    /// out, each for one log line (mpv would pass them all; Inset does not widen what an
    /// input may open, so it drops them rather than refuse a launcher's line).
    public static func inputOptions(_ pairs: [Pair]) -> (kept: [Pair], dropped: [String]) {
        var kept: [Pair] = []
        var dropped: [String] = []
        for pair in pairs {
            if safeInputOptions.contains(pair.key) {
                kept.removeAll { $0.key == pair.key }
                kept.append(pair)
            } else {
                dropped.append(pair.key)
            }
        }
        return (kept, dropped)
    }
}
