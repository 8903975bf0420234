/// Text from outside (a file name, a tag, an FFmpeg message, a terminal's answer) made safe
/// to write to a terminal on one line, as `ls` and `git` show names: control characters
/// (C0, DEL, C1), the bidirectional overrides that reorder what is shown, and bytes that
/// are not UTF-8 are written as escapes, so a name like `x\e]0;PWNED\a.mp4` cannot set a
/// title, clear the screen or write the clipboard when it is reported.
///
/// Text with nothing to escape comes back unchanged (the common case stays readable);
/// once anything is escaped, a backslash is doubled too, so the escaped form reads back
/// one way only.
public enum PrintableText {
    /// `text` with every unsafe character escaped: `\e`, `\a`, `\n`, `\t`... for the usual
    /// C0 controls, `\x1f` for the others and DEL, `\u{9b}` for C1 and bidi controls, and
    /// `\xff` for a raw byte of a name that is not UTF-8 (`FileNameBytes`).
    public static func escaped(_ text: String) -> String {
        rewriting(text) { scalar, result in
            if let byte = FileNameBytes.rawByte(scalar) {
                result += "\\x" + hex(UInt32(byte), digits: 2)
            } else if scalar == "\\" {
                result += "\\\\"
            } else if !needsEscape(scalar) {
                result.unicodeScalars.append(scalar)
            } else if let short = shortEscapes[scalar.value] {
                result += short
            } else if scalar.value < 0x80 {
                result += "\\x" + hex(scalar.value, digits: 2)
            } else {
                result += "\\u{" + hex(scalar.value, digits: 1) + "}"
            }
        }
    }

    /// Whether `scalar` may not reach a terminal as it is.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || value == 0x7F { return true }
        if value >= 0x80 && value < 0xA0 { return true }
        if FileNameBytes.rawByte(scalar) != nil { return true }
        return isBidiControl(value) || value == 0x2028 || value == 0x2029
    }

    /// The embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the marks
    /// (U+200E, U+200F, U+061C): invisible, and able to show a name in another order.
    static func isBidiControl(_ value: UInt32) -> Bool {
        (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0x200E || value == 0x200F || value == 0x061C
    }

    private static let shortEscapes: [UInt32: String] = [
        0x07: "\\a", 0x08: "\\b", 0x09: "\\t", 0x0A: "\\n", 0x0B: "\\v", 0x0C: "\\f", 0x0D: "\\r", 0x1B: "\\e",
    ]

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return text.count >= digits ? text : String(repeating: "0", count: digits - text.count) + text
    }

    /// JSON text as `JSONEncoder` writes it, with what it leaves raw made safe inside its
    /// strings: C1 controls, DEL and bidi controls as `\u` escapes (the same value to a
    /// JSON reader), and a non-UTF-8 name's raw bytes as the text `\xff`, since JSON cannot
    /// carry bytes that are not UTF-8.
    public static func safeJSON(_ json: String) -> String {
        rewriting(json) { scalar, result in
            if let byte = FileNameBytes.rawByte(scalar) {
                result += "\\\\x" + hex(UInt32(byte), digits: 2)
            } else if scalar.value >= 0x7F && needsEscape(scalar) {
                result += "\\u" + hex(scalar.value, digits: 4)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
    }

    /// `text` unchanged when nothing in it needs escaping, else each scalar through `rewrite`.
    private static func rewriting(_ text: String, _ rewrite: (Unicode.Scalar, inout String) -> Void) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars { rewrite(scalar, &result) }
        return result
    }
}
