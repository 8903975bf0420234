extension KeyPress {
    /// Reads a key as `description` writes it and as the config file names it: `q`, `Space`,
    /// `Enter`, `S-Left`, `C-]`, `M-x`, `F5`, `PgDn`. Names are case-blind, characters not
    /// (`J` is Shift-j, as typed). Nil for anything else.
    public init?(name text: String) {
        var rest = Substring(text)
        var modifiers: KeyModifiers = []
        // A prefix is only a prefix with something after it: `-` alone and `C--` are the minus key.
        while rest.count > 2, rest.dropFirst().first == "-" {
            switch rest.first!.lowercased() {
            case "c": modifiers.insert(.control)
            case "m", "a": modifiers.insert(.alt)
            case "s": modifiers.insert(.shift)
            default: return nil
            }
            rest = rest.dropFirst(2)
        }
        if rest.count == 1, let c = rest.first {
            // Ctrl-letters are lowercase letters with .control, as the input decoder makes them.
            self.init(.character(modifiers.contains(.control) ? Character(c.lowercased()) : c), modifiers)
            return
        }
        guard let key = Key(name: String(rest)) else { return nil }
        self.init(key, modifiers)
    }
}

extension Key {
    /// A key by the name `description` gives it (case-blind): `Space`, `Esc`, `F12`.
    init?(name: String) {
        let lower = name.lowercased()
        switch lower {
        case "space": self = .character(" ")
        case "enter", "return": self = .enter
        case "tab": self = .tab
        case "esc", "escape": self = .escape
        case "backspace", "bs": self = .backspace
        case "insert", "ins": self = .insert
        case "delete", "del": self = .delete
        case "up": self = .up
        case "down": self = .down
        case "left": self = .left
        case "right": self = .right
        case "home": self = .home
        case "end": self = .end
        case "pgup", "pageup": self = .pageUp
        case "pgdn", "pagedown": self = .pageDown
        default:
            guard lower.first == "f", let n = Int(lower.dropFirst()), (1...24).contains(n) else { return nil }
            self = .function(n)
        }
    }
}
