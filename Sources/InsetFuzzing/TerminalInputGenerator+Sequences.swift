/// The control sequences a program writes, ordinary and hostile: C0 and C1 controls, CSI
/// with absurd parameters, SGR, modes, OSC and DCS strings left unterminated or ended by
/// the wrong byte, bare escapes. Each appends to `out`.
extension TerminalInputGenerator {
    mutating func c0() {
        let common: [UInt8] = [0x0D, 0x0A, 0x09, 0x08, 0x07, 0x0B, 0x0C, 0x0E, 0x0F, 0x18, 0x1A, 0x1B, 0x7F, 0x00]
        for _ in 0..<random.int(1...4) { out.append(random.chance(0.7) ? random.pick(common) : random.byte(0...0x1F)) }
    }

    /// C1 controls, raw (invalid UTF-8 on their own) or UTF-8 encoded (U+0080...U+009F,
    /// which libvterm in UTF-8 mode takes as controls: U+009B is CSI).
    mutating func c1() {
        let value = random.byte(0x80...0x9F)
        if random.chance(0.4) { out.append(value) } else { out += [0xC2, value] }
        if random.chance(0.5) { parameters(); out.append(random.byte(0x40...0x7E)) }
    }

    mutating func introducer(_ escapeFinal: UInt8) {
        // ESC x, or its C1 form U+0080+(x-0x40) in UTF-8.
        if random.chance(0.85) { out += [0x1B, escapeFinal] } else { out += [0xC2, escapeFinal + 0x40] }
    }

    mutating func number() -> String {
        switch random.int(0...9) {
        case 0...5: return String(random.skewed(upTo: 300))
        case 6: return String(random.int(0...70000))
        case 7: return random.pick(["4294967295", "4294967296", "2147483648", "99999999999999999999", "65535", "65536"])
        case 8: return ""
        default: return String(random.int(0...9))
        }
    }

    mutating func parameters() {
        let count = random.skewed(upTo: 40)
        for k in 0..<count {
            if k > 0 { out.append(random.chance(0.9) ? UInt8(ascii: ";") : UInt8(ascii: ":")) }
            put(number())
        }
    }

    mutating func csi() {
        introducer(UInt8(ascii: "["))
        if random.chance(0.25) { out.append(random.pick(Array("?>=<".utf8))) }
        parameters()
        if random.chance(0.1) { out.append(random.byte(0x20...0x2F)) }
        let finals = Array("@ABCDEFGHIJKLMPSTXZ`abcdefghilmnpqrstuxz{|}~".utf8)
        out.append(random.chance(0.85) ? random.pick(finals) : random.byte(0x40...0x7E))
    }

    /// SGR with meaningful parameters: attributes, the sixteen, 256 and 24-bit colours
    /// (both separators), and values past their range.
    mutating func sgr() {
        introducer(UInt8(ascii: "["))
        var parts: [String] = []
        for _ in 0..<random.int(0...6) {
            switch random.int(0...7) {
            case 0: parts.append(String(random.pick([0, 1, 2, 3, 4, 5, 7, 8, 9, 21, 22, 23, 24, 25, 27, 28, 29, 39, 49, 53, 55])))
            case 1: parts.append(String(random.int(30...47)))
            case 2: parts.append(String(random.int(90...107)))
            case 3: parts.append("\(random.pick([38, 48]));5;\(random.skewed(upTo: 300))")
            case 4: parts.append("\(random.pick([38, 48]));2;\(random.skewed(upTo: 300));\(random.int(0...255));\(random.int(0...255))")
            case 5: parts.append("\(random.pick([38, 48, 58])):2::\(random.int(0...255)):\(random.int(0...255)):\(random.int(0...255))")
            case 6: parts.append(random.pick(["38", "48", "38;5", "38;2;1", "38;9;1"]))
            default: parts.append(number())
            }
        }
        put(parts.joined(separator: ";"))
        out.append(UInt8(ascii: "m"))
    }

    /// Modes full-screen programs set: the alternate screen, origin, autowrap, margins,
    /// insert, the cursor, mouse reports, scroll regions, left and right margins.
    mutating func modes() {
        let sequences = [
            "\u{1B}[?1049h", "\u{1B}[?1049l", "\u{1B}[?47h", "\u{1B}[?47l", "\u{1B}[?1047h", "\u{1B}[?1047l",
            "\u{1B}[?25l", "\u{1B}[?25h", "\u{1B}[?7l", "\u{1B}[?7h", "\u{1B}[?6h", "\u{1B}[?6l", "\u{1B}[?69h",
            "\u{1B}[?69l", "\u{1B}[4h", "\u{1B}[4l", "\u{1B}[?5h", "\u{1B}[?5l", "\u{1B}[?1000h", "\u{1B}[?1006h",
            "\u{1B}[?2004h", "\u{1B}[?1h", "\u{1B}[r", "\u{1B}[2;\(rows)r", "\u{1B}[\(random.int(0...rows + 2));\(random.int(0...rows + 2))r",
            "\u{1B}[\(random.int(0...30));\(random.int(0...120))s", "\u{1B}[?3h", "\u{1B}[20h", "\u{1B}[?2026h",
        ]
        put(random.pick(sequences))
    }

    /// OSC: titles, colours, hyperlinks, the clipboard; ended by BEL, ST, C1 ST, or not at all.
    mutating func osc() {
        introducer(UInt8(ascii: "]"))
        put(random.pick(["0", "1", "2", "4", "8", "10", "11", "12", "52", "104", "112", "133", "7", number()]))
        out.append(UInt8(ascii: ";"))
        stringBody()
        terminator()
    }

    /// DCS: DECRQSS, XTGETTCAP, sixel, anything.
    mutating func dcs() {
        introducer(UInt8(ascii: "P"))
        put(random.pick(["$qm", "$qr", "$q\"p", "+q544e", "0;0;0q#0;2;0;0;0#0!100~-~~", "1$r", ""]))
        if random.chance(0.5) { stringBody() }
        terminator()
    }

    /// APC (kitty graphics), PM, SOS.
    mutating func stringSequence() {
        introducer(random.pick(Array("_^X".utf8)))
        if random.chance(0.5) { put("Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA") }
        stringBody()
        terminator()
    }

    mutating func stringBody() {
        let length = random.chance(0.05) ? random.int(1000...5000) : random.skewed(upTo: 80)
        for _ in 0..<length {
            out.append(random.chance(0.8) ? random.byte(0x20...0x7E) : random.byte())
        }
    }

    mutating func terminator() {
        switch random.int(0...9) {
        case 0...3: out.append(0x07)
        case 4...6: out += [0x1B, UInt8(ascii: "\\")]
        case 7: out += [0xC2, 0x9C]
        case 8: out.append(0x9C)
        default: break  // unterminated: what follows is swallowed, or cancels it
        }
    }

    /// ESC and one or two bytes: save/restore, reset, index, charsets (DEC line drawing,
    /// shifts), DECALN, double width/height lines, keypad modes, anything.
    mutating func escape() {
        let sequences = ["7", "8", "c", "D", "E", "H", "M", "=", ">", "#8", "#3", "#4", "#5", "#6", "(0", "(B", ")0",
                         "*0", "+0", "N", "O", "n", "o", "~", "}", "|", " F", " G", "%G", "%@", "\\"]
        out.append(0x1B)
        if random.chance(0.85) { put(random.pick(sequences)) } else { out.append(random.byte()) }
    }
}
