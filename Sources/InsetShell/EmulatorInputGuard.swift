/// Keeps from libvterm the input that corrupts its memory: what a program writes in the
/// shell pane is anybody's, and libvterm (0.1.4 in Debian 12) trusts it in several places.
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
///   libvterm's UTF-8 decoders keep a started sequence across controls and escape
///   sequences (text stops at each, the decoder's state stays), so `C2`, then a CR or any
///   sequence, then `8F` is such a character too (`printf '\302\r\217'`, then text in
///   insert mode: SIGSEGV in libvterm's scroll, found by `inset-fuzz terminal`). Which of
///   its five decoders reads a run of text depends on the run's first byte, so what one
///   of them still waits for is not known at a run's start. A continuation byte
///   (0x80...0xBF) in text is therefore passed only where it continues a sequence begun
///   in the same run, and never as `C2 80`...`C2 9F` (`C3 80` is U+00C0); elsewhere it is
///   dropped, and any like it that follow: libvterm sees a lone `C2` and shows U+FFFD, as
///   for any broken sequence. A single shift (SS2 `ESC N`, SS3 `ESC O`) has the next
///   character read by a decoder of its own, which stops after one character, even in
///   the middle of a sequence, and hands the rest of the run to another decoder: that
///   one's `C2` then meets a continuation byte the guard saw in the middle of a sequence
///   (`ESC N`, then `\371\357\214\244`: SIGSEGV, found by `inset-fuzz terminal`, seed 1).
///   A single shift means nothing to UTF-8 text: `ESC N` and `ESC O` are cancelled (their
///   final byte becomes CAN). A read ends a run too: libvterm decodes each write apart,
///   choosing the decoder by the write's first byte. A sequence begun in a run whose first
///   byte was ASCII (read by the G0 set's decoder) and continued at the next read's start
///   (a continuation byte, read by the decoder of runs that begin from 0x80 on) continues
///   whatever that other decoder still holds: `printf '\302'`, `printf 'W\357'`,
///   `printf '\2176'` make `C2 8F`, a step back from column 0, and in insert mode the
///   character's shift of the row from column -1 (SIGSEGV in libvterm's scroll, found by
///   `inset-fuzz terminal` with seeds 1, 777 and 424242). A sequence split by a read is
///   continued only where the run began with a byte from 0x80 on, so that one decoder
///   reads both (most non-ASCII text; libvterm itself breaks the other split sequences).
/// - DECRC (`ESC 8`) puts the cursor where DECSC saved it, and libvterm keeps that place
///   through a resize: saved at row 34, restored on a screen made 5 rows high, the next
///   character is written 29 rows past the screen (`printf '\033[35;11H\0337'`, a resize
///   to 8x5, `printf '\0338\033#3'`: SIGSEGV; any text: heap corruption). `ESC 8` is
///   passed as `ESC [ ? 1048 l`, libvterm's other name for the same restore, which as a
///   CSI ends with the cursor moved inside the screen (`ESC [ ? 1049 l` is one already).
/// - REP (`CSI n b`) repeats the last character by stepping its width up to the row's
///   end, and a wide one's right half lands past the last column (U+FF28, then `ESC[6b`
///   at 5 columns: SIGSEGV). A REP whose last character may be wide is cancelled (its
///   final byte becomes CAN); what may be wide is judged widely, so only REP of ASCII and
///   of the blocks full-screen programs repeat (box drawing, block elements, braille,
///   arrows, the private use area) goes through; a combining mark may join a wide
///   character, or be a glyph 0 columns wide that REP repeats forever (`surelyNarrow`).
///   (REP before any character, which loops forever, cannot happen: `cvterm_new` prints
///   a space first.)
/// - Combining marks that libvterm's table of wide characters also holds add two columns
///   each to their character, which can then be wider than the screen: they pass as
///   their spacing forms (`spacingForm`).
///
/// The state carries over from one read to the next, since a sequence may straddle two.
/// It follows libvterm's parser where it matters and errs the other way elsewhere: any
/// `ESC [` starts a CSI for it (even inside a string, where libvterm may not), C0
/// controls, which libvterm executes in the middle of a sequence, do not end one, and a
/// byte from 0x80 on is ignored in an escape, as libvterm does (it ends a CSI).
struct EmulatorInputGuard {
    private enum State {
        case text
        /// After ESC (and any intermediates or C0 controls since): whether there were intermediates.
        case escape(intermediates: Bool)
        /// In a CSI: how many separators so far; dropping once past the bound; whether it
        /// has had no leader or intermediate (a plain CSI, as REP is).
        case csi(separators: Int, dropping: Bool, plain: Bool)
        /// In an OSC or DCS string, whose bytes print nothing.
        case string
    }

    private var state = State.text
    /// The filtered copy of a chunk, reused from read to read.
    private var scratch: [UInt8] = []
    /// Whether the last character printed may be a wide one (what REP would repeat).
    /// libvterm starts with a space (see `cvterm_new`).
    private var lastMayBeWide = false
    /// The UTF-8 sequence being read in the current run of text: its value so far and the
    /// bytes it lacks (0 at a run's start, and after a complete or broken sequence).
    private var partial: UInt32 = 0
    private var partialMissing = 0
    private var partialIsTwoBytes = false
    /// Whether the next byte passed as text starts one of libvterm's decoder calls (after a
    /// control, a sequence or a read's start), and whether the current call's first byte
    /// was from 0x80 on: where a sequence that straddles two reads can continue.
    private var callStarts = true
    private var callFromHighByte = false

    /// Separators libvterm can take: 15, for 16 parameters.
    static let maxSeparators = 15
    private static let drop = -1
    private static let cancel = 0x18
    /// The `8` of `ESC 8`, passed as `[?1048l`.
    private static let restoreCursor = -2
    private static let restoreCursorAsCSI: [UInt8] = Array("[?1048l".utf8)

    /// Calls `body` with `chunk`, or with a copy of it without the bytes libvterm must not
    /// see. Copies only when something is dropped or changed.
    mutating func filter<R>(_ chunk: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> R) -> R {
        readStarts()
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
        append(firstOutput)
        for index in (firstChange + 1)..<chunk.count {
            append(step(chunk[index]))
        }
        return scratch.withUnsafeBytes { body($0) }
    }

    private mutating func append(_ output: Int) {
        switch output {
        case Self.drop: break
        case Self.restoreCursor: scratch.append(contentsOf: Self.restoreCursorAsCSI)
        default: scratch.append(UInt8(output))
        }
    }

    /// Whether libvterm reads the next byte as text: not inside an escape, a CSI or a string
    /// (the flood skip cuts text only from a read that starts so, `FloodSkip.feed`).
    var readsText: Bool {
        if case .text = state { return true }
        return false
    }

    /// libvterm was fed complete sequences of the pane's own (a resize's, which end with a
    /// CUP) and reads text again, whatever the program's bytes had begun: so does the
    /// guard. Left in a sequence libvterm had left, it passed what came next unfiltered
    /// (`ESC`, a resize, then `C2 8E` in insert mode: SIGSEGV, found by `inset-fuzz terminal`).
    mutating func sequencesEnded() {
        state = .text
        partialMissing = 0
        callStarts = true
    }

    /// A new read is a new write for libvterm, whose text another decoder may read (see the
    /// C1 controls above): a sequence begun in a run that began with ASCII ends here.
    private mutating func readStarts() {
        if !callFromHighByte { partialMissing = 0 }
        callStarts = true
    }

    /// Follows one byte; the byte to pass on (itself, or CAN), `drop` or `restoreCursor`.
    private mutating func step(_ byte: UInt8) -> Int {
        switch state {
        case .text:
            guard byte != 0x1B else {
                state = .escape(intermediates: false)
                partialMissing = 0  // the run of text ends
                callStarts = true
                return Int(byte)
            }
            let output = printed(byte)
            // The first character byte libvterm gets after a control, a sequence or a read's
            // start chooses the decoder (a byte dropped is not seen, and chooses nothing).
            if callStarts && output >= 0x20 && output != 0x7F {
                callStarts = false
                callFromHighByte = output >= 0x80
            }
            return output
        case .escape(let intermediates):
            switch byte {
            case UInt8(ascii: "["): state = .csi(separators: 0, dropping: false, plain: true)
            case UInt8(ascii: "]"), UInt8(ascii: "P"): state = .string
            case UInt8(ascii: "8") where !intermediates:
                state = .text
                return Self.restoreCursor
            case UInt8(ascii: "N") where !intermediates, UInt8(ascii: "O") where !intermediates:
                // SS2 and SS3, cancelled (see the single shift above).
                state = .text
                return Self.cancel
            case 0x18, 0x1A: state = .text
            // The escape's final byte. libvterm 0.1.4 knows no APC, PM or SOS string:
            // after `ESC _`, `ESC ^` and `ESC X` comes text.
            case 0x30..<0x7F: state = .text
            case 0x20..<0x30: state = .escape(intermediates: true)
            case 0x1B: state = .escape(intermediates: false)
            default: break  // controls, bytes from 0x80: still an escape
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
                state = .escape(intermediates: false)
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
        case .string:
            // ST (ESC \\) ends a string, by way of the escape state; BEL ends one too in
            // libvterm 0.1.4, a DCS as well as an OSC (`ESC P ... BEL`, then `C2 9D`
            // taken as inside the DCS: the C1 width trap, found by `inset-fuzz terminal`).
            if byte == 0x1B { state = .escape(intermediates: false) } else if byte == 0x07 || byte == 0x18 || byte == 0x1A { state = .text }
        }
        return Int(byte)
    }

    /// Follows a byte of text; the byte to pass on, another in its place, or `drop`.
    /// Tracks, for REP, whether the last character may be wide: ASCII is narrow, a
    /// complete UTF-8 character is narrow when `surelyNarrow` says so, anything else may
    /// be wide. A control ends the run of text: libvterm's decoder keeps its state across
    /// it, and a continuation byte at a run's start (or any that continues nothing) is
    /// dropped rather than trusted to it.
    private mutating func printed(_ byte: UInt8) -> Int {
        switch byte {
        case 0x20..<0x7F:
            lastMayBeWide = false
            partialMissing = 0
        case 0x80..<0xC0:
            guard partialMissing > 0 else { return Self.drop }
            // `C2 80`...`C2 9F`: a C1 control. The lead stays, so any like it that follow go too.
            if partialIsTwoBytes && partial == 0x02 && byte < 0xA0 { return Self.drop }
            partial = partial << 6 | UInt32(byte & 0x3F)
            partialMissing -= 1
            guard partialMissing == 0 else { break }
            lastMayBeWide = !Self.surelyNarrow(partial)
            if let spacing = Self.spacingForm(of: partial) { return Int(0x80 | spacing & 0x3F) }
        case 0xC0..<0xE0: startCharacter(UInt32(byte & 0x1F), missing: 1)
        case 0xE0..<0xF0: startCharacter(UInt32(byte & 0x0F), missing: 2)
        case 0xF0..<0xF8: startCharacter(UInt32(byte & 0x07), missing: 3)
        case 0x80...:
            lastMayBeWide = true
            partialMissing = 0
        default:
            partialMissing = 0  // a control: no character
            callStarts = true
        }
        return Int(byte)
    }

    /// What stands for a combining mark that libvterm 0.1.4 also finds in its table of
    /// wide characters (U+302A...U+302F, U+3099, U+309A), whose width it adds up: a
    /// cluster of such marks is as wide as it is long, and a character that is wider than
    /// the screen is written past its row (`printf 'a\343\202\231'` at 2 columns, or a
    /// hundred marks after one character at 80: SIGSEGV or heap corruption, found by
    /// `inset-fuzz terminal`). The voiced sound marks become their spacing forms (U+309B,
    /// U+309C), the tone marks an ideographic space; each then takes its two columns.
    /// The value shares all but its last UTF-8 byte with the mark's, which alone changes.
    static func spacingForm(of scalar: UInt32) -> UInt32? {
        switch scalar {
        case 0x302A...0x302F: return 0x3000
        case 0x3099, 0x309A: return scalar + 2
        default: return nil
        }
    }

    private mutating func startCharacter(_ bits: UInt32, missing: Int) {
        lastMayBeWide = true
        partial = bits
        partialMissing = missing
        partialIsTwoBytes = missing == 1
    }

    /// Characters one column wide in libvterm's table and every other, and no combining
    /// marks: below U+0300, and the blocks that programs draw lines and graphs with. A
    /// combining mark joins the character before it, which REP then repeats: U+110E (wide)
    /// and U+0344, then `ESC [ 14 b` at the row's end wrote past it (SIGSEGV, found by
    /// `inset-fuzz terminal`); a mark that joins nothing is a glyph 0 columns wide, which
    /// REP repeats forever.
    static func surelyNarrow(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0..<0x300, 0x2010...0x2027, 0x2190...0x21FF, 0x2200...0x22FF, 0x2500...0x25FC, 0x2800...0x28FF,
             0xE000...0xF8FF:
            return true
        default:
            return false
        }
    }
}
