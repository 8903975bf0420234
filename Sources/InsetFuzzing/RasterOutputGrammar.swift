/// What the rasterizer may write for a grid of text cells, checked byte by byte: a
/// synchronized update (`ESC[?2026h` first, `ESC[?2026l` last) holding only CUP, CUF,
/// `ESC[2J` and SGR (`ESC[` digits and semicolons, then H, C, J or m), and text that is
/// valid UTF-8 of printable characters: no C0 but the ESC of those sequences, no DEL, no
/// C1 (U+0080...U+009F, which a UTF-8 terminal obeys as controls). Anything else is
/// something a program in the shell pane got through to the user's terminal.
enum RasterOutputGrammar {
    /// Nil when `bytes` is well formed, else what is wrong and where.
    static func violation(in bytes: [UInt8]) -> String? {
        let begin = Array("\u{1B}[?2026h".utf8), end = Array("\u{1B}[?2026l".utf8)
        guard bytes.starts(with: begin) else { return "output does not begin with ESC[?2026h" }
        guard bytes.count >= begin.count + end.count, Array(bytes.suffix(end.count)) == end else {
            return "output does not end with ESC[?2026l"
        }
        var index = begin.count
        let stop = bytes.count - end.count
        while index < stop {
            let byte = bytes[index]
            if byte == 0x1B {
                guard index + 1 < stop, bytes[index + 1] == UInt8(ascii: "[") else {
                    return "ESC not followed by [ at byte \(index)"
                }
                var k = index + 2
                while k < stop, bytes[k] == UInt8(ascii: ";") || (bytes[k] >= 0x30 && bytes[k] <= 0x39) { k += 1 }
                guard k < stop, "HCJm".utf8.contains(bytes[k]) else {
                    return "control sequence outside the rasterizer's vocabulary at byte \(index): \(excerpt(bytes, index))"
                }
                index = k + 1
                continue
            }
            guard let (scalar, length) = decodeUTF8(bytes, at: index, before: stop) else {
                return "invalid UTF-8 at byte \(index): \(excerpt(bytes, index))"
            }
            if scalar < 0x20 || scalar == 0x7F || (scalar >= 0x80 && scalar < 0xA0) {
                return "control character U+\(String(scalar, radix: 16, uppercase: true)) in the text at byte \(index)"
            }
            index += length
        }
        return nil
    }

    /// The scalar at `index` and its length, for well-formed UTF-8 only (shortest form,
    /// no surrogates, at most U+10FFFF).
    private static func decodeUTF8(_ bytes: [UInt8], at index: Int, before stop: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        let length: Int, initial: UInt32, least: UInt32
        switch lead {
        case 0x00..<0x80: return (UInt32(lead), 1)
        case 0xC2..<0xE0: (length, initial, least) = (2, UInt32(lead & 0x1F), 0x80)
        case 0xE0..<0xF0: (length, initial, least) = (3, UInt32(lead & 0x0F), 0x800)
        case 0xF0..<0xF5: (length, initial, least) = (4, UInt32(lead & 0x07), 0x10000)
        default: return nil
        }
        guard index + length <= stop else { return nil }
        var value = initial
        for k in 1..<length {
            let byte = bytes[index + k]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard value >= least, value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else { return nil }
        return (value, length)
    }

    private static func excerpt(_ bytes: [UInt8], _ index: Int) -> String {
        bytes[index..<min(bytes.count, index + 16)].map { String($0, radix: 16) }.joined(separator: " ")
    }
}
