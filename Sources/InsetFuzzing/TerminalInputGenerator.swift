import InsetCore

/// Makes terminal-path inputs: what a program could write to the shell pane, from the
/// ordinary (text, colours, cursor moves, full-screen programs' modes) to the hostile
/// (control sequences with absurd parameters, unterminated strings, C1 controls, UTF-8 of
/// every length from 1 to 6 bytes, overlong, truncated and invalid, raw binary), cut into
/// reads at arbitrary points so sequences straddle chunks, with resizes and frames between.
///
/// Here the program (sizes, frames, reads) and the text tokens; the control sequences are
/// in `TerminalInputGenerator+Sequences`, UTF-8's bit patterns in `UTF8Pattern`.
public struct TerminalInputGenerator {
    // Internal, not private: the control sequences are made in +Sequences.
    var random: FuzzRandom
    /// The bytes of the frame being made.
    var out: [UInt8] = []
    /// The pane's rows as the generator last set them, for floods that outrun the screen.
    var rows = 1

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

    mutating func put(_ text: String) { out += Array(text.utf8) }

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
            out += UTF8Pattern.bytes(value, length: UTF8Pattern.minimalLength(value))
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
        let least = UTF8Pattern.minimalLength(value)
        let length = random.chance(0.7) ? least : random.int(least...6)
        out += UTF8Pattern.bytes(value, length: length)
    }

    /// UTF-8 gone wrong: a lead byte short of its continuations, stray continuations,
    /// bytes that never occur (C0, C1, F5...FF), a sequence interrupted by ESC.
    private mutating func brokenUTF8() {
        switch random.int(0...4) {
        case 0:
            var bytes = UTF8Pattern.bytes(UInt32.random(in: 0x80...0x7FFF_FFFF, using: &random), length: random.int(2...6))
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
}
