import InsetCore

/// Makes terminal-path inputs: what a program could write to the shell pane, from the
/// ordinary (text, colours, cursor moves, full-screen programs' modes) to the hostile
/// (control sequences with absurd parameters, unterminated strings, C1 controls, UTF-8 of
/// every length from 1 to 6 bytes, overlong, truncated and invalid, raw binary), cut into
/// reads at arbitrary points so sequences straddle chunks, with resizes and frames between.
public struct TerminalInputGenerator {
    private var random: FuzzRandom
    private var out: [UInt8] = []
    /// The pane's rows as the generator last set them, for floods that outrun the screen.
    private var rows = 1

    public init(random: FuzzRandom) { self.random = random }

    /// Input `index` of the run seeded `seed`.
    public static func input(seed: UInt64, index: Int) -> TerminalFuzzInput {
        var generator = TerminalInputGenerator(random: FuzzRandom(seed: seed, index: index))
        return generator.make()
    }

    public mutating func make() -> TerminalFuzzInput {
        let size = randomSize()
        rows = size.rows
        let colors: TerminalFuzzInput.ColorChoice = random.int(0...9) < 7 ? .truecolor : random.pick([.palette256, .palette16])
        var steps: [TerminalFuzzInput.Step] = []
        for _ in 0..<random.int(1...8) {
            if random.chance(0.1) {
                let newSize = randomSize()
                rows = newSize.rows
                steps.append(.resize(newSize))
            }
            out.removeAll(keepingCapacity: true)
            for _ in 0..<random.int(1...40) { token() }
            for chunk in chunks(of: out) { steps.append(.write(chunk)) }
            steps.append(.frame(showCursor: random.chance(0.5)))
        }
        return TerminalFuzzInput(size: size, colors: colors, steps: steps)
    }

    private mutating func randomSize() -> CellSize {
        random.chance(0.5)
            ? CellSize(columns: random.int(1...20), rows: random.int(1...8))
            : CellSize(columns: random.int(20...100), rows: random.int(8...40))
    }

    /// The frame's bytes as reads: whole, or cut anywhere (inside a sequence too).
    private mutating func chunks(of bytes: [UInt8]) -> [[UInt8]] {
        guard bytes.count > 1, random.chance(0.6) else { return [bytes] }
        var cuts = Set<Int>()
        for _ in 0..<random.int(1...4) { cuts.insert(random.int(1...(bytes.count - 1))) }
        var result: [[UInt8]] = []
        var start = 0
        for cut in cuts.sorted() {
            result.append(Array(bytes[start..<cut]))
            start = cut
        }
        result.append(Array(bytes[start...]))
        return result
    }

    // MARK: Tokens

    private mutating func token() {
        switch random.int(0...99) {
        case 0..<18: text()
        case 18..<26: scalar()
        case 26..<32: anyLengthUTF8()
        case 32..<36: brokenUTF8()
        case 36..<44: c0()
        case 44..<48: c1()
        case 48..<62: csi()
        case 62..<70: sgr()
        case 70..<74: osc()
        case 74..<77: dcs()
        case 77..<80: stringSequence()
        case 80..<86: escape()
        case 86..<90: flood()
        case 90..<94: modes()
        default: rawBytes()
        }
    }

    private mutating func put(_ text: String) { out += Array(text.utf8) }

    private mutating func text() {
        for _ in 0..<random.int(1...40) { out.append(random.byte(0x20...0x7E)) }
        if random.chance(0.3) { put(random.pick(["\r\n", "\n", "\r", "\t"])) }
    }

    /// A valid scalar from a class that matters to a terminal: wide, zero-width, combining,
    /// astral, private, non-characters, the blocks the renderer draws pictures with.
    private mutating func scalar() {
        let ranges: [ClosedRange<UInt32>] = [
            0xA0...0xFF, 0x100...0x7FF, 0x300...0x36F, 0x800...0xD7FF, 0xE000...0xFFFD, 0xFFFE...0xFFFF,
            0x1100...0x115F, 0x2500...0x259F, 0x200B...0x200F, 0x2028...0x202E, 0xFE00...0xFE0F, 0x4E00...0x9FFF,
            0xAC00...0xD7A3, 0xFF00...0xFF60, 0x1F300...0x1FAFF, 0x1CD00...0x1CDE5, 0x1FB00...0x1FBFF,
            0x10000...0x10FFFF, 0xE0000...0xE01EF, 0xF0000...0x10FFFF, 0x10EEEE...0x10EEEE, 0x0080...0x009F,
        ]
        for _ in 0..<random.int(1...6) {
            let range = random.pick(ranges)
            let value = UInt32.random(in: range, using: &random)
            out += utf8(value, length: minimalLength(value))
        }
    }

    /// UTF-8's pattern for any 31-bit value in 1 to 6 bytes: the minimal form or an
    /// overlong one, surrogates, values above U+10FFFF, and kitty's placeholder range that
    /// 6-byte forms reach (0x4000_0000...0x4FFF_FFFF), as libvterm decodes them all.
    private mutating func anyLengthUTF8() {
        let value: UInt32
        switch random.int(0...5) {
        case 0: value = UInt32.random(in: 0x4000_0000...0x4FFF_FFFF, using: &random)
        case 1: value = UInt32.random(in: 0xD800...0xDFFF, using: &random)
        case 2: value = UInt32.random(in: 0x11_0000...0x7FFF_FFFF, using: &random)
        case 3: value = random.pick([0x4FFF_FFFF, 0x7FFF_FFFF, 0x11_0000, 0x10_FFFF, 0xFFFF_FFFE & 0x7FFF_FFFF, 0x4000_0000])
        default: value = UInt32.random(in: 0...0x7FFF_FFFF, using: &random) >> UInt32(random.int(0...30))
        }
        let least = minimalLength(value)
        let length = random.chance(0.7) ? least : random.int(least...6)
        out += utf8(value, length: length)
    }

    /// UTF-8 gone wrong: a lead byte short of its continuations, stray continuations,
    /// bytes that never occur (C0, C1, F5...FF), a sequence interrupted by ESC.
    private mutating func brokenUTF8() {
        switch random.int(0...4) {
        case 0:
            var bytes = utf8(UInt32.random(in: 0x80...0x7FFF_FFFF, using: &random), length: random.int(2...6))
            bytes.removeLast(random.int(1...(bytes.count - 1)))
            out += bytes
        case 1: for _ in 0..<random.int(1...4) { out.append(random.byte(0x80...0xBF)) }
        case 2: out.append(random.pick([0xC0, 0xC1, 0xF5, 0xF8, 0xFC, 0xFE, 0xFF]))
        case 3:
            out += [random.byte(0xC2...0xFD), 0x1B]
            put(random.pick(["[31m", "]0;t\u{07}", "c", "7"]))
        default: out += [0xED, random.byte(0xA0...0xBF), random.byte(0x80...0xBF)]
        }
    }

    private mutating func c0() {
        let common: [UInt8] = [0x0D, 0x0A, 0x09, 0x08, 0x07, 0x0B, 0x0C, 0x0E, 0x0F, 0x18, 0x1A, 0x1B, 0x7F, 0x00]
        for _ in 0..<random.int(1...4) { out.append(random.chance(0.7) ? random.pick(common) : random.byte(0...0x1F)) }
    }

    /// C1 controls, raw (invalid UTF-8 on their own) or UTF-8 encoded (U+0080...U+009F,
    /// which libvterm in UTF-8 mode takes as controls: U+009B is CSI).
    private mutating func c1() {
        let value = random.byte(0x80...0x9F)
        if random.chance(0.4) { out.append(value) } else { out += [0xC2, value] }
        if random.chance(0.5) { parameters(); out.append(random.byte(0x40...0x7E)) }
    }

    private mutating func introducer(_ escapeFinal: UInt8) {
        // ESC x, or its C1 form U+0080+(x-0x40) in UTF-8.
        if random.chance(0.85) { out += [0x1B, escapeFinal] } else { out += [0xC2, escapeFinal + 0x40] }
    }

    private mutating func number() -> String {
        switch random.int(0...9) {
        case 0...5: return String(random.skewed(upTo: 300))
        case 6: return String(random.int(0...70000))
        case 7: return random.pick(["4294967295", "4294967296", "2147483648", "99999999999999999999", "65535", "65536"])
        case 8: return ""
        default: return String(random.int(0...9))
        }
    }

    private mutating func parameters() {
        let count = random.skewed(upTo: 40)
        for k in 0..<count {
            if k > 0 { out.append(random.chance(0.9) ? UInt8(ascii: ";") : UInt8(ascii: ":")) }
            put(number())
        }
    }

    private mutating func csi() {
        introducer(UInt8(ascii: "["))
        if random.chance(0.25) { out.append(random.pick(Array("?>=<".utf8))) }
        parameters()
        if random.chance(0.1) { out.append(random.byte(0x20...0x2F)) }
        let finals = Array("@ABCDEFGHIJKLMPSTXZ`abcdefghilmnpqrstuxz{|}~".utf8)
        out.append(random.chance(0.85) ? random.pick(finals) : random.byte(0x40...0x7E))
    }

    /// SGR with meaningful parameters: attributes, the sixteen, 256 and 24-bit colours
    /// (both separators), and values past their range.
    private mutating func sgr() {
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
    private mutating func modes() {
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
    private mutating func osc() {
        introducer(UInt8(ascii: "]"))
        put(random.pick(["0", "1", "2", "4", "8", "10", "11", "12", "52", "104", "112", "133", "7", number()]))
        out.append(UInt8(ascii: ";"))
        stringBody()
        terminator()
    }

    /// DCS: DECRQSS, XTGETTCAP, sixel, anything.
    private mutating func dcs() {
        introducer(UInt8(ascii: "P"))
        put(random.pick(["$qm", "$qr", "$q\"p", "+q544e", "0;0;0q#0;2;0;0;0#0!100~-~~", "1$r", ""]))
        if random.chance(0.5) { stringBody() }
        terminator()
    }

    /// APC (kitty graphics), PM, SOS.
    private mutating func stringSequence() {
        introducer(random.pick(Array("_^X".utf8)))
        if random.chance(0.5) { put("Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA") }
        stringBody()
        terminator()
    }

    private mutating func stringBody() {
        let length = random.chance(0.05) ? random.int(1000...5000) : random.skewed(upTo: 80)
        for _ in 0..<length {
            out.append(random.chance(0.8) ? random.byte(0x20...0x7E) : random.byte())
        }
    }

    private mutating func terminator() {
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
    private mutating func escape() {
        let sequences = ["7", "8", "c", "D", "E", "H", "M", "=", ">", "#8", "#3", "#4", "#5", "#6", "(0", "(B", ")0",
                         "*0", "+0", "N", "O", "n", "o", "~", "}", "|", " F", " G", "%G", "%@", "\\"]
        out.append(0x1B)
        if random.chance(0.85) { put(random.pick(sequences)) } else { out.append(random.byte()) }
    }

    /// Lines of text, more than the screen holds: `FloodSkip`'s case.
    private mutating func flood() {
        let lines = random.int(rows...(rows * 3 + 2))
        for n in 0..<lines {
            put("line \(n) ")
            if random.chance(0.2) { scalar() }
            put(random.chance(0.9) ? "\r\n" : "\n")
        }
    }

    private mutating func rawBytes() {
        for _ in 0..<random.int(1...64) { out.append(random.byte()) }
    }

    // MARK: UTF-8 patterns

    private func minimalLength(_ value: UInt32) -> Int {
        switch value {
        case 0..<0x80: 1
        case 0x80..<0x800: 2
        case 0x800..<0x10000: 3
        case 0x10000..<0x20_0000: 4
        case 0x20_0000..<0x400_0000: 5
        default: 6
        }
    }

    /// `value` in the UTF-8 pattern of `length` bytes (an overlong form when longer than
    /// needed), whether or not it is a character.
    private func utf8(_ value: UInt32, length: Int) -> [UInt8] {
        if length == 1 { return [UInt8(value & 0x7F)] }
        let leads: [UInt8] = [0, 0, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC]
        var bytes = [UInt8](repeating: 0x80, count: length)
        var v = value
        for k in stride(from: length - 1, through: 1, by: -1) {
            bytes[k] = 0x80 | UInt8(v & 0x3F)
            v >>= 6
        }
        bytes[0] = leads[length] | UInt8(v & (0x7F >> UInt32(length)))
        return bytes
    }
}
