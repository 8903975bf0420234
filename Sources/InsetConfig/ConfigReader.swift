import Foundation
import InsetCore
import TOMLKit

/// Reads a config file's text (TOML) into a `Config`. Nothing here fails as a whole: a
/// line that is not TOML is left out and the rest parsed again; a key that is unknown or a
/// value that is not valid is a problem named by its line, and its default stays.
struct ConfigReader {
    let path: String
    let text: String
    var config = Config()
    private let lines: ConfigLines

    init(path: String, text: String) {
        self.path = path; self.text = text
        lines = ConfigLines(text)
    }

    /// The settings the file's text means; bad lines are in `problems`.
    static func read(path: String, text: String) -> Config {
        var reader = ConfigReader(path: path, text: text)
        reader.readAll()
        return reader.config
    }

    private mutating func readAll() {
        defer { config.problems.sort { $0.line < $1.line } }
        guard let table = parseSkippingBadLines() else { return }
        for key in table.keys.sorted(by: { lines.line(of: $0, in: "") < lines.line(of: $1, in: "") }) {
            guard let value = table[key] else { continue }
            if key == "keys" {
                readKeys(value)
            } else {
                readOption(key, value)
            }
        }
    }

    /// The document, each line the parser stops at made a comment and reported, at most a
    /// few dozen times: a file that bad is not a config file.
    private mutating func parseSkippingBadLines() -> TOMLTable? {
        var remaining = withoutControlCharacters(text)
        var reported: Set<Int> = []
        for _ in 0..<40 {
            do {
                return try TOMLTable(string: remaining)
            } catch let error as TOMLParseError {
                let line = error.source.begin.line
                // A line the parser stops at again, made a comment, goes whole.
                if !reported.insert(line).inserted {
                    remaining = remaining.blankingOut(line: line)
                    continue
                }
                problem(line, "not TOML (\(error.description.lowercasedFirst)); "
                        + "expected name = value, or a [keys.CONTEXT] header")
                let next = remaining.commentingOut(line: line)
                if next == remaining { return nil }
                remaining = next
            } catch {
                problem(0, "could not be read: \(error)")
                return nil
            }
        }
        return nil
    }

    /// `text` with each line that holds a control character (TOML allows none but the tab,
    /// even in a comment) blanked, each said once: one stray byte used to cost the whole file
    /// and forty identical messages.
    private mutating func withoutControlCharacters(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            let line = lines[index].hasSuffix("\r") ? String(lines[index].dropLast()) : lines[index]
            guard let bad = line.unicodeScalars.first(where: { ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else { continue }
            problem(index + 1, "a control character (0x\(String(bad.value, radix: 16, uppercase: true))) is not allowed, "
                    + "even in a comment; the line is left out")
            lines[index] = ""
        }
        return lines.joined(separator: "\n")
    }

    mutating func problem(_ line: Int, _ message: String) {
        config.problems.append(ConfigProblem(path: path, line: line, message: message))
    }

    private mutating func readOption(_ key: String, _ value: any TOMLValueConvertible) {
        let line = lines.line(of: key, in: "")
        func text() -> String? {
            if let string = value.string { return string }
            problem(line, "\(key): expected a string in quotes, \(ConfigReader.valid[key] ?? "")")
            return nil
        }
        func number(_ range: ClosedRange<Int>) -> Int? {
            if let int = value.int, range.contains(int) { return int }
            problem(line, "\(key): expected a whole number from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        func refuse(_ given: String) { problem(line, "\(key): '\(given)' is not valid; expected \(ConfigReader.valid[key] ?? "")") }
        switch key {
        case "blitter":
            guard let name = text() else { return }
            if name.lowercased() == "auto" { config.blitter = nil } else if let blitter = Blitter(rawValue: name.lowercased()) { config.blitter = blitter } else { refuse(name) }
        case "graphics":
            guard let name = text() else { return }
            if name.lowercased() == "auto" { config.graphics = nil } else if let mode = GraphicsMode(rawValue: name.lowercased()) { config.graphics = mode } else { refuse(name) }
        case "colors":
            let name = value.int.map(String.init) ?? value.string
            guard let name, let mode = ColorMode(argument: name) else { return refuse(value.debugDescription) }
            config.colors = mode
        case "volume": config.volume = number(0...100)
        case "window-volume": config.windowVolume = number(0...100)
        case "audio-delay":
            let seconds = value.double ?? value.int.map(Double.init)
            guard let seconds, abs(seconds) <= AudioDelay.limit.seconds else { return refuse(value.debugDescription) }
            config.audioDelay = .seconds(seconds)
        case "audio-device":
            guard let name = text() else { return }
            guard !name.isEmpty else { return refuse(name) }
            config.audioDevice = name.lowercased() == "auto" ? nil : name
        case "speed":
            let given = value.double.map { String($0) } ?? value.int.map(String.init) ?? value.string
            guard let given, let speed = PlaybackSpeed(text: given) else { return refuse(value.debugDescription) }
            config.speed = speed
        case "mute":
            guard let on = value.bool else { return problem(line, "mute: expected true or false") }
            config.muted = on
        case "skip-step":
            if let seconds = value.int ?? value.double.map({ Int($0) }), (1...3600).contains(seconds) {
                config.skipStep = .seconds(value.double ?? Double(seconds))
            } else {
                problem(line, "skip-step: expected seconds, from 1 to 3600")
            }
        case "prefix":
            guard let name = text() else { return }
            if let chord = KeyPress.chord(parsing: name) { config.prefix = chord } else { refuse(name) }
        case "visualizer":
            guard let name = text() else { return }
            if name.lowercased() == "none" { config.visualizer = .some(nil) }
            else if let visualizer = Visualizer(rawValue: name.lowercased()) { config.visualizer = visualizer } else { refuse(name) }
        case "window-size": config.windowSize = number(-4...8)
        case "window-corner":
            guard let name = text() else { return }
            if let corner = PiPLayout.Corner(name: name) { config.windowCorner = corner } else { refuse(name) }
        case "resume", "advance", "shuffle", "loop-playlist":
            guard let on = value.bool else { return problem(line, "\(key): expected true or false") }
            switch key {
            case "resume": config.resumes = on
            case "advance": config.advances = on
            case "shuffle": config.shuffles = on
            default: config.loopsPlaylist = on
            }
        case "screenshot-dir":
            guard let path = text() else { return }
            guard !path.isEmpty else { return refuse(path) }
            let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
            let folder = path.hasPrefix("~/") && !home.isEmpty ? home + path.dropFirst() : path
            // The same check as --screenshot-dir's; a folder that can never hold one is left
            // unused (the current directory then) and said on the bar.
            if let why = ScreenshotFolder.problem(folder) { return problem(line, "\(key): '\(path)' \(why)") }
            config.screenshotDirectory = folder
        case "ytdl", "ytdl-playlist":
            guard let on = value.bool else { return problem(line, "\(key): expected true or false") }
            if key == "ytdl" { config.ytdl = on } else { config.ytdlPlaylist = on }
        case "ytdl-path", "ytdl-format", "ytdl-raw-options":
            guard let given = text() else { return }
            guard !given.isEmpty else { return refuse(given) }
            switch key {
            case "ytdl-path": config.ytdlPath = given
            case "ytdl-format": config.ytdlFormat = given
            default: config.ytdlRawOptions = given
            }
        case "ytdl-sites":
            guard let list = value.array?.map({ $0.string }), list.allSatisfy({ $0?.isEmpty == false }) else {
                return problem(line, "ytdl-sites: expected a list of host names in quotes ([\"youtube.com\", \"vimeo.com\"])")
            }
            config.ytdlSites = list.compactMap { $0?.lowercased() }
        case "gapless-audio":
            guard let name = text() else { return }
            if let mode = GaplessAudio(rawValue: name.lowercased()) { config.gaplessAudio = mode } else { refuse(name) }
        case "link-rate":
            guard let given = value.int.map(String.init) ?? text() else { return }
            if let rate = LinkRate(text: given) { config.linkRate = rate } else { refuse(given) }
        case "sub-lang", "audio-lang":
            guard let code = text() else { return }
            guard SubtitleLanguage.isCode(code) else { return refuse(code) }
            if key == "sub-lang" { config.subtitleLanguage = code } else { config.audioLanguage = code }
        default:
            if readMpvOption(key, value, line: line) { return }
            problem(line, "unknown setting '\(key)'; the settings are " + SettingsTable.configKeys.sorted().joined(separator: ", ")
                    + ", and [keys.CONTEXT] tables")
        }
    }

    /// `[keys]` (everywhere) and `[keys.player]`, `[keys.window]`…: `"KEY" = "COMMAND"`.
    private mutating func readKeys(_ value: any TOMLValueConvertible) {
        guard let table = value.table else { return problem(lines.line(of: "keys", in: ""), "keys: expected a table, [keys.player]") }
        for key in table.keys {
            guard let entry = table[key] else { continue }
            if let context = KeyBindings.Context(rawValue: key), let bindings = entry.table {
                for name in bindings.keys {
                    if let command = bindings[name] { bind(name, command, in: context, table: "keys." + key) }
                }
            } else if entry.table != nil {
                problem(lines.line(ofTable: "keys." + key), "[keys.\(key)]: no such place; expected one of "
                        + KeyBindings.Context.allCases.map { "keys.\($0.rawValue)" }.joined(separator: ", "))
            } else {
                bind(key, entry, in: .global, table: "keys")
            }
        }
    }

    private mutating func bind(_ name: String, _ value: any TOMLValueConvertible, in context: KeyBindings.Context, table: String) {
        let line = lines.line(of: name, in: table)
        guard let trigger = KeyBindings.Trigger(name: name) else {
            return problem(line, "'\(name)' is not a key; expected a key as the help writes it (x, S-Left, C-a, Space, Enter, F5, PgDn, WheelUp)")
        }
        guard let text = value.string else { return problem(line, "\(name): expected a command in quotes (\"seek +30\", or \"none\")") }
        if text.lowercased() == "none" { return config.bindings.append((trigger, nil, context)) }
        do {
            config.bindings.append((trigger, try Command(parsing: text), context))
        } catch {
            problem(line, "\(name) = \"\(text)\": \(error.reason)")
        }
    }

    /// What each setting takes, for the messages: one for each of the table's config keys
    /// (`SettingsTable.configKeys`; `ConfigKeyTableTests` holds the two together).
    static let valid: [String: String] = [
        "blitter": "half, quadrant, sextant, octant or auto",
        "graphics": "kitty, sixel, iterm, cells or auto",
        "colors": "truecolor, 256 or 16",
        "volume": "0 to 100",
        "window-volume": "0 to 100 (the video not heard, beside another)",
        "audio-delay": "seconds, -10 to 10 (0.2: the sound later than the picture)",
        "audio-device": "a device's name in quotes (inset --audio-device help lists them), or \"auto\"",
        "mute": "true or false",
        "speed": "a speed from 0.25 to 4 (1.5)",
        "resume": "true or false",
        "advance": "true or false",
        "shuffle": "true or false",
        "loop-playlist": "true or false",
        "screenshot-dir": "a directory, in quotes (~/ for the home folder)",
        "skip-step": "seconds, 1 to 3600",
        "prefix": "a chord, C-a or M-x",
        "visualizer": "showspectrum, showcqt, showwaves, avectorscope or none",
        "window-size": "steps from the default size, -4 to 8",
        "window-corner": "top-left, top-right, bottom-left or bottom-right",
        "sub-lang": "an ISO 639 code (en, eng, fr)",
        "audio-lang": "an ISO 639 code (en, eng, fr)",
        "gapless-audio": "yes, weak or no",
        "link-rate": "auto, off, or bytes a second (1000000, \"1M\", \"500K\")",
        "ytdl": "true or false",
        "ytdl-playlist": "true or false",
        "ytdl-path": "a program, in quotes",
        "ytdl-format": "yt-dlp's format syntax, in quotes (\"bv*[height<=480]+ba/b\")",
        "ytdl-raw-options": "key=value pairs joined by commas, in quotes",
        "ytdl-sites": "a list of host names in quotes",
    ]
}

private extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
