/// mpv's spelling of the options launchers pass (ytfzf, yt-x, scrapers, file-manager
/// openers: `mpv --force-media-title=… --input-ipc-server=SOCK URL`), rewritten to
/// Inset's before the parser reads them (docs/mpv.md lists each, with what Inset does).
///
/// An option Inset has under mpv's name (`--volume=50`, `--ytdl-format=…`) passes as it is;
/// one renamed is renamed (`--input-ipc-server` to `--socket`); a `yes|no` flag becomes
/// the flag or nothing; a short list harmless to ignore (`--vo=`, `--hwdec=`…) is dropped
/// and named in `ignored` for the log. Anything else passes to the parser, which refuses
/// an option it does not know in one line naming it.
public enum MpvCommandLine {
    public struct Translation: Equatable, Sendable {
        public var arguments: [String]
        /// The options dropped, as given, each for one log line.
        public var ignored: [String]
    }

    public struct Refusal: Error, Equatable, Sendable {
        public var message: String
        public init(message: String) { self.message = message }
    }

    /// mpv's options that change nothing a terminal player does, or that only tune what
    /// Inset chooses by itself: dropped, each with one log line.
    public static let ignored: Set<String> = [
        "vo", "ao", "hwdec", "profile", "gpu-context", "gpu-api", "force-window",
        "really-quiet", "quiet", "msg-level", "msg-color", "term-osd-bar", "osc", "osd-level", "osd-bar",
        "fs", "fullscreen", "geometry", "autofit", "autofit-larger", "ontop", "border", "x11-name", "wayland-app-id",
        "save-position-on-quit", "cache", "cache-secs", "demuxer-max-bytes", "demuxer-readahead-secs",
        "load-scripts", "script-opts", "input-default-bindings", "input-vo-keyboard",
        "sub-auto", "audio-display", "hr-seek", "interpolation", "video-sync", "cursor-autohide",
    ]

    /// Options Inset has under another name: the value goes with the new name.
    static let renamed: [String: String] = [
        "input-ipc-server": "--socket", "force-media-title": "--title", "title": "--title",
        "sub-file": "--sub", "screenshot-directory": "--screenshot-dir", "slang": "--sub-lang", "alang": "--audio-lang",
    ]

    /// mpv's `yes|no` flags that are Inset flags when yes.
    static let flags: [String: String] = [
        "mute": "--mute", "shuffle": "--shuffle", "no-video": "--no-video",
    ]

    public static func translate(_ arguments: [String]) throws(Refusal) -> Translation {
        var result = Translation(arguments: [], ignored: [])
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if word == "--" {
                result.arguments += arguments[(index - 1)...]
                break
            }
            guard word.hasPrefix("--"), word.count > 2 else { result.arguments.append(word); continue }
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let value: String? = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            let bare = name.hasPrefix("no-") ? String(name.dropFirst(3)) : name
            if ignored.contains(name) || ignored.contains(bare) {
                result.ignored.append(word)
                continue
            }
            result.arguments += try translate(word: word, name: name, value: value)
        }
        return result
    }

    private static func translate(word: String, name: String, value: String?) throws(Refusal) -> [String] {
        if let renamed = renamed[name], let value { return [renamed, value] }
        if let flag = flags[name] {
            switch try yesNo(name, value) {
            case true: return [flag]
            case false: return []
            }
        }
        switch name {
        case "loop-file", "loop":
            // A number of times is Inset's `--loop-file N`; the rest is `--loop` or nothing.
            if let value, let times = Int(value), times >= 0 { return times == 0 ? [] : ["--loop-file", String(times)] }
            guard value.map({ ["inf", "yes", "no", "force"].contains($0) }) ?? true else {
                throw Refusal(message: "--\(name)=\(value ?? ""): expected inf, yes, no or a number of times")
            }
            return try loop(name, value, flag: "--loop")
        case "loop-playlist":
            return try loop(name, value, flag: "--loop-playlist")
        case "no-loop-playlist", "no-loop-file", "no-loop": return []
        case "playlist":
            guard let value, !value.isEmpty else { throw Refusal(message: "--playlist: expected --playlist=FILE") }
            return [value]
        case "vid", "video":
            switch value {
            case "no"?: return ["--no-video"]
            case "auto"?, "1"?, "yes"?: return []
            default: throw Refusal(message: "--\(name)=\(value ?? ""): Inset plays the first picture track, or none (--\(name)=no)")
            }
        case "ytdl":
            // `--ytdl yes` is Inset's own spelling: its value is the next word.
            guard value != nil else { return [word] }
            return ["--ytdl", try yesNo(name, value) ? "yes" : "no"]
        case "no-ytdl": return ["--ytdl", "no"]
        case "no-gapless-audio": return ["--gapless-audio", "no"]
        case "resume-playback":
            return try yesNo(name, value) ? [] : ["--no-resume"]
        case "no-resume-playback": return ["--no-resume"]
        case "idle", "keep-open", "terminal", "input-terminal", "no-idle", "no-keep-open", "no-terminal", "no-input-terminal":
            return try session(name, value)
        case "config":
            guard let value, ["no", "yes"].contains(value) else { return [word] }
            return value == "no" ? ["--no-config"] : []
        default:
            return [word]
        }
    }

    /// mpv's `--loop-playlist=inf|yes|no` (and `--loop-file` but its count): Inset loops a
    /// list forever or not at all.
    private static func loop(_ name: String, _ value: String?, flag: String) throws(Refusal) -> [String] {
        switch value {
        case nil, "inf"?, "yes"?, "force"?: return [flag]
        case "no"?: return []
        default:
            throw Refusal(message: "--\(name)=\(value ?? ""): Inset loops forever (--\(name)=inf) or not at all, not a number of times")
        }
    }

    /// mpv's session options (`MpvSessionArguments`): `--idle[=yes|once|no]`,
    /// `--keep-open[=yes|always|no]`, `--terminal=no` / `--no-terminal`,
    /// `--input-terminal=no` / `--no-input-terminal`.
    private static func session(_ name: String, _ value: String?) throws(Refusal) -> [String] {
        let bare = name.hasPrefix("no-") ? String(name.dropFirst(3)) : name
        if name.hasPrefix("no-") {
            guard value == nil else { throw Refusal(message: "--\(name)=\(value!): --\(name) takes no value") }
            return bare == "terminal" || bare == "input-terminal" ? ["--no-\(bare)"] : []
        }
        switch bare {
        case "idle":
            guard value.map({ ["yes", "once", "no"].contains($0) }) ?? true else {
                throw Refusal(message: "--idle=\(value!): expected yes, once or no")
            }
            return value == "no" ? [] : ["--idle"]
        case "keep-open":
            guard value.map({ ["yes", "always", "no"].contains($0) }) ?? true else {
                throw Refusal(message: "--keep-open=\(value!): expected yes, always or no")
            }
            return value == "no" ? [] : ["--keep-open"]
        default:
            // `--terminal`, `--input-terminal`: yes is what Inset does anyway.
            return try yesNo(name, value) ? [] : ["--no-\(bare)"]
        }
    }

    private static func yesNo(_ name: String, _ value: String?) throws(Refusal) -> Bool {
        switch value {
        case nil, "yes"?: return true
        case "no"?: return false
        default: throw Refusal(message: "--\(name)=\(value ?? ""): expected yes or no")
        }
    }
}
