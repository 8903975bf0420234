extension Command {
    /// Why a command's text was refused: one line saying what would be valid.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// Reads `seek +15` as typed in the config file or on `inset ctl`.
    public init(parsing text: String) throws(ParseError) {
        try self.init(words: text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init))
    }

    /// Reads a command from its name and arguments (`["seek", "+15"]`), as the control
    /// socket's JSON array gives them.
    public init(words: [String]) throws(ParseError) {
        guard let name = words.first else { throw ParseError(reason: "no command given") }
        guard let definition = Command.definition(named: name) else {
            throw ParseError(reason: "unknown command '\(name)'; the commands are "
                             + Command.definitions.map(\.name).joined(separator: ", "))
        }
        let arguments = Array(words.dropFirst())
        func refuse(_ why: String? = nil) -> ParseError {
            let usage = definition.arguments.isEmpty ? "\(name) takes no argument" : "expected \(name) \(definition.arguments)"
            return ParseError(reason: why.map { "\($0); \(usage)" } ?? usage)
        }
        func one() throws(ParseError) -> String {
            guard arguments.count == 1 else { throw refuse() }
            return arguments[0]
        }
        func optionalOne() throws(ParseError) -> String? {
            guard arguments.count <= 1 else { throw refuse() }
            return arguments.first
        }
        func choice<T: RawRepresentable>(_ text: String, _: T.Type) throws(ParseError) -> T where T.RawValue == String {
            guard let value = T(rawValue: text) else { throw refuse("'\(text)' is not one of them") }
            return value
        }
        func signed(_ text: String) -> (sign: Int, body: String)? {
            guard let first = text.first, first == "+" || first == "-" else { return nil }
            return (first == "-" ? -1 : 1, String(text.dropFirst()))
        }
        switch name {
        case "pause":
            switch try optionalOne() {
            case nil, "toggle"?: self = .pause(nil)
            case "on"?, "yes"?: self = .pause(true)
            case "off"?, "no"?: self = .pause(false)
            case let other?: throw refuse("'\(other)' is not on or off")
            }
        case "seek":
            let text = try one()
            guard let (sign, body) = signed(text) else { throw refuse("'\(text)' has no + or -") }
            do { self = .seek(by: MediaTime(microseconds: Int64(sign) * (try MediaTime(validating: body)).microseconds)) }
            catch { throw refuse("'\(text)': \(error.reason)") }
        case "seek-to":
            let text = try one()
            do { self = .seekTo(try MediaTime(validating: text)) } catch { throw refuse("'\(text)': \(error.reason)") }
        case "focus": self = .focus(try optionalOne().map { text throws(ParseError) in try choice(text, FocusTarget.self) } ?? .toggle)
        case "window-move": self = .windowMove(try choice(try one(), WindowMove.self))
        case "window-size":
            let text = try one()
            guard let (sign, body) = signed(text), let steps = Int(body), steps > 0, steps <= 20 else {
                throw refuse("'\(text)' is not a step count such as +1 or -1")
            }
            self = .windowSize(sign * steps)
        case "volume":
            let text = try one()
            if let (sign, body) = signed(text) {
                guard let step = Int(body), step <= 100 else { throw refuse("'\(text)' is not a percentage step") }
                self = .volume(.by(sign * step))
            } else {
                guard let level = Int(text), (0...100).contains(level) else { throw refuse("'\(text)' is not 0 to 100") }
                self = .volume(.to(level))
            }
        case "speed":
            let text = try one()
            switch text {
            case "up", "+": self = .speed(.up)
            case "down", "-": self = .speed(.down)
            case "reset", "normal": self = .speed(.reset)
            default:
                guard let speed = PlaybackSpeed(text: text) else {
                    throw refuse("'\(text)' is not up, down, reset or a speed from 0.25 to 4")
                }
                self = .speed(.to(speed))
            }
        case "subtitles": self = .subtitles(try choice(try one(), TrackStep.self))
        case "audio":
            guard try one() == "next" else { throw refuse() }
            self = .audio(.next)
        case "chapter": self = .chapter(try choice(try one(), ChapterStep.self))
        case "playlist": self = .playlist(try choice(try one(), PlaylistStep.self))
        case "select": self = .select(try choice(try one(), SelectionMove.self))
        default:
            guard arguments.isEmpty else { throw refuse() }
            switch name {
            case "quit": self = .quit
            case "help": self = .help
            case "frame-step": self = .frameStep(forward: true)
            case "frame-back-step": self = .frameStep(forward: false)
            case "ab-loop": self = .abLoop
            case "screenshot": self = .screenshot
            case "live-edge": self = .liveEdge
            case "pip": self = .pip
            case "restore": self = .restore
            case "close-window": self = .closeWindow
            case "swap": self = .swap
            case "window-stash": self = .windowStash
            case "mute": self = .mute
            case "shell": self = .shell
            case "library": self = .library
            case "details": self = .details
            case "open": self = .open
            default: self = .sendPrefix
            }
        }
    }

    /// The words of the command, as `Command(words:)` reads them.
    public var words: [String] {
        switch self {
        case .pause(nil): [name]
        case .pause(let on?): [name, on ? "on" : "off"]
        case .seek(let by): [name, (by.microseconds < 0 ? "-" : "+") + MediaTime(microseconds: abs(by.microseconds)).compactText]
        case .seekTo(let time): [name, time.compactText]
        case .focus(.toggle): [name]
        case .focus(let target): [name, target.rawValue]
        case .windowMove(let move): [name, move.rawValue]
        case .windowSize(let steps): [name, (steps < 0 ? "" : "+") + String(steps)]
        case .volume(.by(let step)): [name, (step < 0 ? "" : "+") + String(step)]
        case .volume(.to(let level)): [name, String(level)]
        case .speed(.up): [name, "up"]
        case .speed(.down): [name, "down"]
        case .speed(.reset): [name, "reset"]
        case .speed(.to(let speed)): [name, speed.number]
        case .subtitles(let step), .audio(let step): [name, step.rawValue]
        case .select(let move): [name, move.rawValue]
        case .chapter(let step): [name, step.rawValue]
        case .playlist(let step): [name, step.rawValue]
        default: [name]
        }
    }
}

extension Command: CustomStringConvertible {
    public var description: String { words.joined(separator: " ") }
}

extension MediaTime {
    /// Seconds as a command writes them: `15`, `1.5`; past a minute the clock (`1:30`).
    var compactText: String {
        let whole = microseconds / 1_000_000, fraction = microseconds % 1_000_000
        if whole >= 60 { return fraction == 0 ? clockString : preciseClockString }
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction + 1_000_000).dropFirst()
        while digits.last == "0" { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
