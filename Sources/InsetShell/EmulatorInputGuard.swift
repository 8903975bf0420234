/// Keeps from libvterm the input that corrupts its memory: what a program writes in the
/// shell pane is anybody's, and libvterm (0.1.4 in Debian 12) trusts it in two places.
///
/// - A CSI's parameters go into 16 slots, and every `;` or `:` steps to the next without
///   a bound, so a 17th parameter is written past the array, over the parser's own state:
///   `printf '\e[1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1;1m'` crashed the player (SIGSEGV). From a
///   CSI's 16th separator on, separators and the digits after them are dropped until the
///   sequence ends: libvterm sees the first 16 parameters, as a bounded parser keeps them.
/// - C1 controls written as UTF-8 (U+0080...U+009F, `C2 80`...`C2 9F`) are printed as
///   characters whose width libvterm's table gives as -1: the cursor steps one column
///   back, off the left edge at column 0, and what comes next is written outside the
///   screen and the tab stops (`printf '\302\213\033H'` at 5 columns: a heap corruption).
///   The second byte is dropped, and any like it that follow: libvterm then sees a lone
///   `C2` and shows U+FFFD, as for any broken sequence.
/// - REP (`CSI n b`) repeats the last character by stepping its width up to the row's
///   end, and a wide one's right half lands past the last column (U+FF28, then `ESC[6b`
///   at 5 columns: SIGSEGV). A REP whose last character may be wide is cancelled (its
///   final byte becomes CAN); what may be wide is judged widely, so only REP of ASCII and
///   of the blocks full-screen programs repeat (box drawing, block elements, braille,
///   arrows, the private use area) goes through. (REP before any character, which loops
///   forever, cannot happen: `cvterm_new` prints a space first.)
///
/// The state carries over from one read to the next, since a sequence may straddle two.
/// It follows libvterm's parser where it matters and errs the other way elsewhere: any
/// `ESC [` starts a CSI for it (even inside a string, where libvterm may not), and C0
/// controls, which libvterm executes in the middle of a sequence, do not end one.
struct EmulatorInputGuard {
    private enum State {
        case text
        /// After a `C2` lead byte, where 0x80...0x9F would make a C1 control.
        case afterC2
        /// After ESC (and any intermediates or C0 controls since).
        case escape
        /// In a CSI: how many separators so far; dropping once past the bound; whether it
        /// has had no leader or intermediate (a plain CSI, as REP is).
        case csi(separators: Int, dropping: Bool, plain: Bool)
        /// In an OSC, DCS, APC, PM or SOS string, whose bytes print nothing.
        case string(osc: Bool)
    }

    private var state = State.text
    /// The filtered copy of a chunk, reused from read to read.
    private var scratch: [UInt8] = []
    /// Whether the last character printed may be a wide one (what REP would repeat).
    /// libvterm starts with a space (see `cvterm_new`).
    private var lastMayBeWide = false
    /// The UTF-8 sequence being read in text: its value so far and the bytes it lacks.
    private var partial: UInt32 = 0
    private var partialMissing = 0

    /// Separators libvterm can take: 15, for 16 parameters.
    static let maxSeparators = 15
    private static let drop = -1
    private static let cancel = 0x18

    /// Calls `body` with `chunk`, or with a copy of it without the bytes libvterm must not
    /// see. Copies only when something is dropped or changed.
    mutating func filter<R>(_ chunk: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        var firstChange = -1
        var firstOutput = 0
        for index in 0..<chunk.count {
            let output = step(chunk[index])
            if output != Int(chunk[index]) {
                firstChange = index
                firstOutput = output
                break
            }
        }
        guard firstChange >= 0 else { return body(chunk) }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: chunk[0..<firstChange])
        if firstOutput != Self.drop { scratch.append(UInt8(firstOutput)) }
        for index in (firstChange + 1)..<chunk.count {
            let output = step(chunk[index])
            if output != Self.drop { scratch.append(UInt8(output)) }
        }
        return scratch.withUnsafeBytes { body($0) }
    }

    /// Follows one byte; the byte to pass on (itself, or CAN), or `drop`.
    private mutating func step(_ byte: UInt8) -> Int {
        // A C2 ends any sequence in libvterm too (an invalid byte in one), and wherever
        // it is, the C1 bytes after it are dropped: harmless where libvterm would not
        // have read them as text.
        if byte == 0xC2 {
            state = .afterC2
            lastMayBeWide = true
            partialMissing = 0
            return Int(byte)
        }
        switch state {
        case .text:
            if byte == 0x1B { state = .escape } else { printed(byte) }
        case .afterC2:
            if byte >= 0x80 && byte < 0xA0 { return Self.drop }
            state = .text
            if byte >= 0xA0 && byte < 0xC0 {
                lastMayBeWide = false  // U+00A0...U+00BF
                return Int(byte)
            }
            return step(byte)
        case .escape:
            switch byte {
            case UInt8(ascii: "["): state = .csi(separators: 0, dropping: false, plain: true)
            case UInt8(ascii: "]"): state = .string(osc: true)
            case UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"): state = .string(osc: false)
            case 0x18, 0x1A: state = .text
            case 0x30..<0x7F, 0x80...: state = .text  // the escape's final byte
            default: break  // intermediates, controls, ESC again: still an escape
            }
        case .csi(let separators, let dropping, let plain):
            switch byte {
            case UInt8(ascii: ";"), UInt8(ascii: ":"):
                if separators >= Self.maxSeparators {
                    state = .csi(separators: separators, dropping: true, plain: plain)
                    return Self.drop
                }
                state = .csi(separators: separators + 1, dropping: false, plain: plain)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if dropping { return Self.drop }
            case 0x1B:
                state = .escape
            case 0x18, 0x1A:
                state = .text
            case 0x00..<0x20, 0x7F:
                break  // controls run inside the sequence
            case 0x20..<0x30, 0x3C...0x3F:
                state = .csi(separators: separators, dropping: dropping, plain: false)
            case UInt8(ascii: "b") where plain && lastMayBeWide:
                state = .text
                return Self.cancel
            default:
                state = .text  // a final byte, or one that ends the sequence as invalid
            }
        case .string(let osc):
            // ST (ESC \) ends any string, by way of the escape state; BEL ends an OSC. A
            // string taken to go on longer than libvterm's only errs towards caution.
            if byte == 0x1B { state = .escape } else if byte == 0x07 && osc { state = .text } else if byte == 0x18 || byte == 0x1A { state = .text }
        }
        return Int(byte)
    }

    /// Follows what text prints, for REP: ASCII is narrow, a complete UTF-8 character is
    /// narrow when `surelyNarrow` says so, anything else may be wide.
    private mutating func printed(_ byte: UInt8) {
        switch byte {
        case 0x20..<0x7F:
            lastMayBeWide = false
            partialMissing = 0
        case 0x80..<0xC0:
            guard partialMissing > 0 else { lastMayBeWide = true; return }
            partial = partial << 6 | UInt32(byte & 0x3F)
            partialMissing -= 1
            if partialMissing == 0 { lastMayBeWide = !Self.surelyNarrow(partial) }
        case 0xC0..<0xE0: startCharacter(UInt32(byte & 0x1F), missing: 1)
        case 0xE0..<0xF0: startCharacter(UInt32(byte & 0x0F), missing: 2)
        case 0xF0..<0xF8: startCharacter(UInt32(byte & 0x07), missing: 3)
        case 0x80...:
            lastMayBeWide = true
            partialMissing = 0
        default:
            partialMissing = 0  // a control: no character
        }
    }

    private mutating func startCharacter(_ bits: UInt32, missing: Int) {
        lastMayBeWide = true
        partial = bits
        partialMissing = missing
    }

    /// Characters one column wide in libvterm's table and every other: below U+1100, and
    /// the blocks that programs draw lines and graphs with.
    static func surelyNarrow(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0..<0x1100, 0x2010...0x2027, 0x2190...0x21FF, 0x2200...0x22FF, 0x2500...0x25FC, 0x2800...0x28FF,
             0xE000...0xF8FF:
            return true
        default:
            return false
        }
    }
}
