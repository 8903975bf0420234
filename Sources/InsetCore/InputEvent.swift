/// What the terminal layer reports to the app: keys, mouse, size changes, and the process
/// events that matter to the screen (resumed after Ctrl-Z, asked to terminate).
///
/// These are plain values so the state machine and its tests can take them without a
/// terminal. `InsetTerminal` decodes bytes and signals into them on the UI thread.
public enum InputEvent: Hashable, Sendable {
    /// A key, with the modifiers the terminal reported.
    case key(KeyPress)
    /// A mouse press, release, drag, move or wheel step.
    case mouse(MouseEvent)
    /// Text pasted into the terminal (bracketed paste, mode 2004), whole.
    case paste(String)
    /// The terminal now has this many cells (SIGWINCH, or a size change found on resume);
    /// the same size after SIGWINCH asks for every cell again (a multiplexer's attach).
    case resize(CellSize)
    /// The process was continued after a suspend (Ctrl-Z, SIGTSTP, SIGSTOP): the terminal
    /// has been set up again and the screen is blank, so the app must redraw everything.
    case resumed
    /// A signal (SIGTERM, SIGHUP, SIGINT) or a hang-up of the terminal asks the app to quit.
    /// The app should stop, restore the terminal, and may then exit with this signal.
    case terminate(signal: Int32)
}

/// A key and its modifiers. Printable keys carry their character as typed (Shift-a is
/// `A` without `.shift`); Ctrl-letters are the lowercase letter with `.control`.
public struct KeyPress: Hashable, Sendable, CustomStringConvertible {
    public var key: Key
    public var modifiers: KeyModifiers

    public init(_ key: Key, _ modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// A printable character without modifiers (`.character("q")`).
    public static func character(_ c: Character) -> KeyPress { KeyPress(.character(c)) }
    /// Ctrl with a letter or symbol (`.control("c")` is Ctrl-C).
    public static func control(_ c: Character) -> KeyPress { KeyPress(.character(c), .control) }

    public static let space = KeyPress(.character(" "))
    public static let enter = KeyPress(.enter)
    public static let tab = KeyPress(.tab)
    /// Shift-Tab (`ESC [ Z`, terminfo kcbt).
    public static let backTab = KeyPress(.tab, .shift)
    public static let escape = KeyPress(.escape)
    public static let backspace = KeyPress(.backspace)

    /// Ctrl-C. In raw mode the terminal sends it as a byte, not SIGINT, so the app must
    /// treat this key as a request to quit.
    public var isInterrupt: Bool { key == .character("c") && modifiers == .control }

    public var description: String {
        var s = ""
        if modifiers.contains(.control) { s += "C-" }
        if modifiers.contains(.alt) { s += "M-" }
        if modifiers.contains(.shift) { s += "S-" }
        return s + key.description
    }
}

/// The keys the decoder knows. Anything else is skipped, never guessed.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// A printable character, including space and any UTF-8 character.
    case character(Character)
    case enter
    case tab
    case escape
    case backspace
    case insert
    case delete
    case up
    case down
    case left
    case right
    case home
    case end
    case pageUp
    case pageDown
    /// F1 is `.function(1)`; terminals send up to F20 with the forms decoded.
    case function(Int)

    public var description: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .enter: "Enter"
        case .tab: "Tab"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .insert: "Insert"
        case .delete: "Delete"
        case .up: "Up"
        case .down: "Down"
        case .left: "Left"
        case .right: "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .function(let n): "F\(n)"
        }
    }
}

/// Shift, Alt (Meta) and Ctrl, as xterm encodes them in key and mouse sequences.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public var rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1 << 0)
    public static let alt = KeyModifiers(rawValue: 1 << 1)
    public static let control = KeyModifiers(rawValue: 1 << 2)
}

/// One mouse report. Positions are 0-based cells from the top-left of the terminal.
public struct MouseEvent: Hashable, Sendable {
    /// What happened. A wheel step is reported as a `.press` of a wheel button.
    public enum Action: Hashable, Sendable {
        case press
        case release
        /// Motion with a button held.
        case drag
        /// Motion with no button held (needs any-event tracking, mode 1003).
        case move
    }

    public enum Button: Hashable, Sendable {
        case left
        case middle
        case right
        case wheelUp
        case wheelDown
        case wheelLeft
        case wheelRight
        /// Buttons 8 to 11 of mice that have them (xterm numbers them from 8).
        case extra(Int)
        /// No button: plain motion, or a release in encodings that do not say which.
        case none
    }

    public var action: Action
    public var button: Button
    public var position: CellPoint
    public var modifiers: KeyModifiers

    public init(_ action: Action, _ button: Button, at position: CellPoint, modifiers: KeyModifiers = []) {
        self.action = action
        self.button = button
        self.position = position
        self.modifiers = modifiers
    }

    /// Whether this is a step of the scroll wheel (up, down, left or right).
    public var isWheel: Bool {
        switch button {
        case .wheelUp, .wheelDown, .wheelLeft, .wheelRight: true
        default: false
        }
    }
}
