extension KeyPress {
    /// A chord as `--prefix` takes it and `description` writes it: `C-x` (Ctrl and a letter
    /// or one of `[]\^_@`) or `M-x` (Alt and a character). Nil for anything else.
    public static func chord(parsing text: String) -> KeyPress? {
        let parts = text.split(separator: "-", maxSplits: 1).map(String.init)
        guard parts.count == 2, parts[1].count == 1, let c = parts[1].lowercased().first else { return nil }
        switch parts[0].lowercased() {
        case "c", "ctrl", "control":
            guard c.isLetter || "[]\\^_@".contains(c) else { return nil }
            return KeyPress(.character(c), .control)
        case "m", "alt", "meta":
            return KeyPress(.character(Character(parts[1])), .alt)
        default:
            return nil
        }
    }
}
