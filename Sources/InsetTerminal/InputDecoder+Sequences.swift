import InsetCore

/// CSI and SS3 sequences: cursor and editing keys, function keys, and mouse reports, in the
/// forms xterm, VTE, kitty, tmux and the Linux console send. Arrows come as CSI (`ESC [ C`)
/// or, with the keypad in application mode (smkx), as SS3 (`ESC O C`).
extension InputDecoder {
    /// `ESC [` parameters, intermediates, final byte; plus the two forms that break the
    /// pattern: X10 mouse (`ESC [ M` and three raw bytes), Linux console F1-F5 (`ESC [ [ A`)
    /// and iTerm2's version reply (`ESC [ ITERM2 3.5.0 n`), skipped.
    static func decodeCSI(_ bytes: [UInt8], at index: Int, atEnd: Bool) -> DecodeStep {
        let start = index + 2
        guard start < bytes.count else {
            return atEnd ? .consumed(2, .key(KeyPress(.character("["), .alt))) : .incomplete
        }
        if bytes[start] == UInt8(ascii: "I") {
            // iTerm2's answer to the probe's `CSI 1337 n`, late: a reply, not a focus report
            // and keys.
            switch TerminalReply.scanITermVersion(bytes, at: index, atEnd: atEnd) {
            case .reply(let count, _): return .consumed(count, nil)
            case .incomplete: return .incomplete
            case .none: break
            }
        }
        if bytes[start] == UInt8(ascii: "M") {
            guard start + 3 < bytes.count else { return atEnd ? .consumed(bytes.count - index, nil) : .incomplete }
            return .consumed(6, decodeX10Mouse(bytes[start + 1], bytes[start + 2], bytes[start + 3]))
        }
        if bytes[start] == UInt8(ascii: "[") {
            guard start + 1 < bytes.count else { return atEnd ? .consumed(3, nil) : .incomplete }
            let final = bytes[start + 1]
            let key: Key? = (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(final)
                ? .function(Int(final - UInt8(ascii: "A")) + 1) : nil
            return .consumed(4, key.map { .key(KeyPress($0)) })
        }
        if bytes[start] == UInt8(ascii: "2") { if let paste = decodePaste(bytes, at: index, atEnd: atEnd) { return paste } }
        var cursor = start
        while cursor < bytes.count, (0x30...0x3F).contains(bytes[cursor]) { cursor += 1 }
        let parametersEnd = cursor
        while cursor < bytes.count, (0x20...0x2F).contains(bytes[cursor]) { cursor += 1 }
        guard cursor < bytes.count else {
            if atEnd || cursor - index > maximumSequenceLength { return .consumed(cursor - index, nil) }
            return .incomplete
        }
        let final = bytes[cursor]
        guard (0x40...0x7E).contains(final) else {
            // Not a CSI after all (a control byte cut it short): drop what was read, keep the byte.
            return .consumed(cursor - index, nil)
        }
        let hasIntermediates = parametersEnd != cursor
        let event = hasIntermediates ? nil : csiEvent(parameters: bytes[start..<parametersEnd], final: final)
        return .consumed(cursor + 1 - index, event)
    }

    static let pasteStart = Array("\u{1B}[200~".utf8)
    static let pasteEnd = Array("\u{1B}[201~".utf8)
    /// The most a paste may hold before it is delivered in pieces.
    static let maximumPasteLength = 1 << 20

    /// A bracketed paste: `ESC [ 200 ~`, the text, `ESC [ 201 ~`. Nil when the bytes are
    /// not a paste's start. Incomplete until the end marker arrives; at the escape timeout
    /// (or past the limit) what has come is delivered as a paste, and the rest follows as
    /// ordinary input.
    static func decodePaste(_ bytes: [UInt8], at index: Int, atEnd: Bool) -> DecodeStep? {
        let available = bytes.count - index
        let prefix = min(available, pasteStart.count)
        guard bytes[index..<(index + prefix)].elementsEqual(pasteStart[0..<prefix]) else { return nil }
        guard available >= pasteStart.count else { return atEnd ? .consumed(available, nil) : .incomplete }
        let body = index + pasteStart.count
        var cursor = body
        while cursor + pasteEnd.count <= bytes.count {
            if bytes[cursor] == 0x1B && bytes[cursor..<(cursor + pasteEnd.count)].elementsEqual(pasteEnd) {
                return .consumed(cursor + pasteEnd.count - index, .paste(String(decoding: bytes[body..<cursor], as: UTF8.self)))
            }
            cursor += 1
        }
        if atEnd || bytes.count - body > maximumPasteLength {
            return .consumed(bytes.count - index, .paste(String(decoding: bytes[body...], as: UTF8.self)))
        }
        return .incomplete
    }

    /// `ESC O` and one final byte, optionally with a modifier digit (`ESC O 5 C`).
    static func decodeSS3(_ bytes: [UInt8], at index: Int, atEnd: Bool) -> DecodeStep {
        var cursor = index + 2
        guard cursor < bytes.count else {
            return atEnd ? .consumed(2, .key(KeyPress(.character("O"), .alt))) : .incomplete
        }
        var modifierCode = 0
        while cursor < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[cursor]) {
            modifierCode = min(modifierCode * 10 + Int(bytes[cursor] - UInt8(ascii: "0")), 255)
            cursor += 1
        }
        guard cursor < bytes.count else { return atEnd ? .consumed(cursor - index, nil) : .incomplete }
        let modifiers = Self.modifiers(code: modifierCode)
        let final = bytes[cursor]
        let key: Key?
        switch final {
        case UInt8(ascii: "M"): key = .enter
        case UInt8(ascii: "j")...UInt8(ascii: "y"):
            // Application keypad: * + , - . / 0-9.
            key = .character(Character(Unicode.Scalar(final - UInt8(ascii: "j") + UInt8(ascii: "*"))))
        case UInt8(ascii: "X"): key = .character("=")
        default: key = cursorKey(final)
        }
        return .consumed(cursor + 1 - index, key.map { .key(KeyPress($0, modifiers)) })
    }

    /// The key a CSI sequence stands for, or nil for one to skip (focus reports, paste
    /// brackets, replies to queries, keys not listed here).
    static func csiEvent(parameters: ArraySlice<UInt8>, final: UInt8) -> InputEvent? {
        if parameters.first == UInt8(ascii: "<") {
            guard final == UInt8(ascii: "M") || final == UInt8(ascii: "m") else { return nil }
            let numbers = parseParameters(parameters.dropFirst())
            return decodeSGRMouse(numbers, released: final == UInt8(ascii: "m"))
        }
        // Other private markers (`?`, `>`, `=`) introduce replies, not keys.
        if let first = parameters.first, (0x3C...0x3F).contains(first) { return nil }
        let numbers = parseParameters(parameters)
        let modifiers = Self.modifiers(code: numbers.count > 1 ? numbers[1] ?? 1 : 1)
        switch final {
        case UInt8(ascii: "~"):
            guard let code = numbers.first ?? nil else { return nil }
            if code == 27, numbers.count > 2, let character = numbers[2] {
                // xterm modifyOtherKeys: CSI 27 ; modifiers ; code ~
                return codepointKey(character, modifiers: modifiers)
            }
            return tildeKey(code).map { .key(KeyPress($0, modifiers)) }
        case UInt8(ascii: "u"):
            // fixterms / kitty: CSI code ; modifiers u
            guard let code = numbers.first ?? nil else { return nil }
            return codepointKey(code, modifiers: modifiers)
        case UInt8(ascii: "Z"):
            return .key(KeyPress(.tab, modifiers.union(.shift)))
        default:
            return cursorKey(final).map { .key(KeyPress($0, modifiers)) }
        }
    }

    /// Finals shared by CSI and SS3: arrows, Home/End, F1-F4.
    static func cursorKey(_ final: UInt8) -> Key? {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "P"): .function(1)
        case UInt8(ascii: "Q"): .function(2)
        case UInt8(ascii: "R"): .function(3)
        case UInt8(ascii: "S"): .function(4)
        default: nil
        }
    }

    /// `CSI n ~` keys (VT220 numbering, with the gaps at 16, 22, 27, 30).
    static func tildeKey(_ code: Int) -> Key? {
        switch code {
        case 1, 7: .home
        case 2: .insert
        case 3: .delete
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(code - 10)
        case 17...21: .function(code - 11)
        case 23...26: .function(code - 12)
        case 28, 29: .function(code - 13)
        case 31...34: .function(code - 14)
        default: nil
        }
    }

    /// A key given by its Unicode code point (CSI u, modifyOtherKeys).
    static func codepointKey(_ code: Int, modifiers: KeyModifiers) -> InputEvent? {
        let key: Key
        switch code {
        case 13: key = .enter
        case 9: key = .tab
        case 27: key = .escape
        case 8, 127: key = .backspace
        default:
            guard code >= 0x20, let scalar = Unicode.Scalar(UInt32(clamping: code)) else { return nil }
            key = .character(Character(scalar))
        }
        return .key(KeyPress(key, modifiers))
    }

    /// xterm's modifier parameter: 1 + (shift 1 | alt 2 | ctrl 4 | meta 8).
    static func modifiers(code: Int) -> KeyModifiers {
        guard code > 1 else { return [] }
        let bits = code - 1
        var result: KeyModifiers = []
        if bits & 1 != 0 { result.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { result.insert(.alt) }
        if bits & 4 != 0 { result.insert(.control) }
        return result
    }

    /// `1;5` as [1, 5]; an empty field is nil (its default); `:` sub-parameters are ignored.
    static func parseParameters(_ bytes: ArraySlice<UInt8>) -> [Int?] {
        var numbers: [Int?] = []
        var current: Int? = nil
        var inSubparameter = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: ";"):
                numbers.append(current)
                current = nil
                inSubparameter = false
            case UInt8(ascii: ":"):
                inSubparameter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9") where !inSubparameter:
                current = min((current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), 1_000_000)
            default:
                break
            }
        }
        numbers.append(current)
        return numbers
    }
}
