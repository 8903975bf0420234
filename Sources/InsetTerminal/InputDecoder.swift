import InsetCore

/// Turns the bytes a terminal sends into key and mouse events.
///
/// A pure value: no clock, no file descriptor. A read may end in the middle of a sequence
/// (`ESC [ 1 ;` now, `5 C` on the next read), so bytes that cannot be decoded yet stay
/// pending until more arrive. A lone ESC is ambiguous (the Esc key, or the start of a
/// sequence still on its way), so it stays pending too: the owner calls `flush()` when no
/// byte has come for a short time (the escape timeout) and it becomes the Esc key.
/// Sequences the decoder does not know are skipped whole, so one unknown key never
/// garbles the keys after it.
public struct InputDecoder: Sendable {
    /// Bytes received but not decoded yet: at most one incomplete sequence.
    private var pending: [UInt8] = []

    /// A sequence longer than this is not one the decoder knows; it is dropped so a stream
    /// of garbage cannot grow `pending` without bound.
    static let maximumSequenceLength = 256

    public init() {}

    /// Whether bytes are waiting for more input or for the escape timeout.
    public var hasPendingBytes: Bool { !pending.isEmpty }

    /// Decodes `bytes` after whatever was pending and returns the complete events.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        return decodePending(atEnd: false)
    }

    /// Decodes the bytes of one `read(2)`.
    public mutating func feed(_ buffer: UnsafeRawBufferPointer) -> [InputEvent] {
        pending.append(contentsOf: buffer)
        return decodePending(atEnd: false)
    }

    /// The escape timeout passed with no new byte: what is pending was typed as it stands.
    /// A lone ESC is the Esc key, `ESC [` is Alt-[, a cut-off sequence is dropped.
    public mutating func flush() -> [InputEvent] {
        decodePending(atEnd: true)
    }

    private mutating func decodePending(atEnd: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var index = 0
        while index < pending.count {
            let step = Self.decode(pending, at: index, atEnd: atEnd)
            guard case let .consumed(count, event) = step else { break }
            if let event { events.append(event) }
            index += count
        }
        if index >= pending.count {
            pending.removeAll(keepingCapacity: true)
        } else if index > 0 {
            pending.removeFirst(index)
        }
        return events
    }
}

/// The outcome of decoding at one position.
enum DecodeStep: Equatable {
    /// `count` bytes were used; `event` is nil when they were skipped (unknown, malformed).
    case consumed(Int, InputEvent?)
    /// The bytes at this position start a sequence that is not complete yet.
    case incomplete
}

extension InputDecoder {
    /// Decodes the one key, mouse report or skipped sequence starting at `index`.
    static func decode(_ bytes: [UInt8], at index: Int, atEnd: Bool) -> DecodeStep {
        let byte = bytes[index]
        if byte == 0x1B { return decodeEscape(bytes, at: index, atEnd: atEnd) }
        return decodePlain(bytes, at: index, atEnd: atEnd)
    }

    /// A byte that does not start an escape sequence: a control key, ASCII, or UTF-8.
    static func decodePlain(_ bytes: [UInt8], at index: Int, atEnd: Bool) -> DecodeStep {
        let byte = bytes[index]
        switch byte {
        case 0x0D, 0x0A:
            // Raw mode with nonl() gives CR for Enter; LF (Ctrl-J) is taken as Enter too,
            // since with ICRNL left on by some terminals Enter arrives as LF.
            return .consumed(1, .key(.enter))
        case 0x09:
            return .consumed(1, .key(.tab))
        case 0x7F, 0x08:
            // DEL is what Backspace sends nearly everywhere; BS (Ctrl-H) on a few terminals.
            return .consumed(1, .key(.backspace))
        case 0x00:
            return .consumed(1, .key(.control(" ")))
        case 0x01...0x1A:
            // Ctrl-A ... Ctrl-Z. Ctrl-C arrives here, not as SIGINT, because raw mode
            // clears ISIG; the app treats it as quit (`KeyPress.isInterrupt`).
            return .consumed(1, .key(.control(Character(Unicode.Scalar(byte + 0x60)))))
        case 0x1C...0x1F:
            // Ctrl-\ Ctrl-] Ctrl-^ Ctrl-_
            return .consumed(1, .key(.control(Character(Unicode.Scalar(byte + 0x40)))))
        case 0x20...0x7E:
            return .consumed(1, .key(.character(Character(Unicode.Scalar(byte)))))
        default:
            return decodeUTF8(bytes, at: index, atEnd: atEnd)
        }
    }

    /// One UTF-8 encoded character. Invalid bytes are skipped one at a time, so the next
    /// valid character still decodes.
    static func decodeUTF8(_ bytes: [UInt8], at index: Int, atEnd: Bool) -> DecodeStep {
        let lead = bytes[index]
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; scalar = UInt32(lead & 0x07)
        default: return .consumed(1, nil)
        }
        for offset in 1..<length {
            guard index + offset < bytes.count else { return atEnd ? .consumed(offset, nil) : .incomplete }
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return .consumed(offset, nil) }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        // Overlong forms and surrogates are not characters.
        let smallest: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard scalar >= smallest, let value = Unicode.Scalar(scalar) else { return .consumed(length, nil) }
        return .consumed(length, .key(.character(Character(value))))
    }

    /// ESC and what follows it: CSI, SS3, OSC/DCS/APC (skipped), Alt-key, or the Esc key itself.
    static func decodeEscape(_ bytes: [UInt8], at index: Int, atEnd: Bool) -> DecodeStep {
        guard index + 1 < bytes.count else {
            return atEnd ? .consumed(1, .key(.escape)) : .incomplete
        }
        switch bytes[index + 1] {
        case UInt8(ascii: "["):
            return decodeCSI(bytes, at: index, atEnd: atEnd)
        case UInt8(ascii: "O"):
            return decodeSS3(bytes, at: index, atEnd: atEnd)
        case UInt8(ascii: "]"):
            return skipString(bytes, at: index, atEnd: atEnd, endsAtBell: true)
        case UInt8(ascii: "P") where isReplyStart(bytes, at: index + 2, atEnd: atEnd) { (0x30...0x3F).contains($0) },
             UInt8(ascii: "_") where isReplyStart(bytes, at: index + 2, atEnd: atEnd) { $0 == UInt8(ascii: "G") }:
            // DCS (XTVERSION `ESC P > | ...`) and kitty's APC (`ESC _ G ...`): late replies
            // to the capability probe, never keys.
            return skipString(bytes, at: index, atEnd: atEnd, endsAtBell: false)
        case 0x1B:
            // ESC ESC: the first is the Esc key; the second starts over.
            return .consumed(1, .key(.escape))
        default:
            // Alt sends ESC before the key (xterm's metaSendsEscape, most emulators).
            let step = decodePlain(bytes, at: index + 1, atEnd: atEnd)
            guard case let .consumed(count, event) = step else { return step }
            guard case let .key(press)? = event else { return .consumed(count + 1, event) }
            var alt = press
            alt.modifiers.insert(.alt)
            return .consumed(count + 1, .key(alt))
        }
    }

    /// Whether the byte at `index` (after `ESC P` or `ESC _`) makes this a reply rather than
    /// Alt and a key: true when it passes `test`, and, while that byte has not arrived,
    /// true for now (the caller then waits for it). At the escape timeout with nothing
    /// after, false: the user pressed Alt-P or Alt-_.
    static func isReplyStart(_ bytes: [UInt8], at index: Int, atEnd: Bool, _ test: (UInt8) -> Bool) -> Bool {
        guard index < bytes.count else { return !atEnd }
        return test(bytes[index])
    }

    /// A string sequence, skipped whole: OSC (`ESC ] ... BEL` or `... ESC \`), DCS and APC
    /// (`... ESC \` only). Terminal replies, asked for by the capability probe or by nobody.
    static func skipString(_ bytes: [UInt8], at index: Int, atEnd: Bool, endsAtBell: Bool) -> DecodeStep {
        var cursor = index + 2
        while cursor < bytes.count {
            if endsAtBell, bytes[cursor] == 0x07 { return .consumed(cursor + 1 - index, nil) }
            if bytes[cursor] == 0x1B {
                guard cursor + 1 < bytes.count else { break }
                let end = bytes[cursor + 1] == UInt8(ascii: "\\") ? cursor + 2 : cursor
                return .consumed(end - index, nil)
            }
            cursor += 1
        }
        if atEnd || cursor - index > maximumSequenceLength { return .consumed(cursor - index, nil) }
        return .incomplete
    }
}
