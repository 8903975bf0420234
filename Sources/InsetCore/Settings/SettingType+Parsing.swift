import Foundation

extension SettingType {
    /// The value `text` gives an option of this type (nil: the option given with no value),
    /// or mpv's refusal naming `option`. Mirrors mpv 0.35's `m_option.c` parsers for the
    /// forms launchers and configs write; the tests run every option at its default value.
    public func parse(_ text: String?, option: String) throws(SettingRefusal) -> SettingValue {
        guard let text else {
            switch self {
            case .flag: return .flag(true)
            case .print: return .flag(true)
            case .choice(let words, _) where words.contains("yes"): return .text("yes")
            default: throw SettingRefusal(option, .missingParameter)
            }
        }
        switch self {
        case .flag:
            switch text {
            case "yes", "": return .flag(true)
            case "no": return .flag(false)
            default: throw SettingRefusal(option, .unparsable, "invalid parameter for \(option) flag: \(text) (yes, no or nothing)")
            }
        case .print:
            throw SettingRefusal(option, .noParameter)
        case .integer(let range):
            guard let number = Self.integer(text) else {
                throw SettingRefusal(option, .unparsable, "the \(option) option must be an integer: \(text)")
            }
            guard range.map({ $0.contains(number) }) ?? true else {
                throw SettingRefusal(option, .outOfRange, "the \(option) option is out of range: \(text)")
            }
            return .integer(number)
        case .number(let range):
            guard let number = Self.number(text) else {
                throw SettingRefusal(option, .unparsable, "the \(option) option must be a floating point number or a ratio (numerator[:/]denominator): \(text)")
            }
            guard number.isFinite, range.map({ $0.contains(number) }) ?? true else {
                throw SettingRefusal(option, .outOfRange, "the \(option) option is out of range: \(text)")
            }
            return .number(number)
        case .numberOrDefault(let range):
            if text == "default" { return .text(text) }
            return try SettingType.number(range).parse(text, option: option)
        case .text, .unchecked:
            return .text(text)
        case .choice(let words, let integers):
            if words.contains(text) { return .text(text) }
            if let integers, let number = Self.integer(text), integers.contains(number) { return .integer(number) }
            let allowed = words + (integers.map { ["\($0.lowerBound)-\($0.upperBound) (integer range)"] } ?? [])
            throw SettingRefusal(option, .unparsable, "invalid value for option \(option): \(text) (valid: \(allowed.joined(separator: ", ")))")
        case .position:
            do { return .position(try RelativeTime(parsing: text)) } catch {
                throw SettingRefusal(option, .unparsable, error.reason)
            }
        case .time:
            if text == "no" { return .time(nil) }
            let negative = text.hasPrefix("-")
            guard let time = RelativeTime.clock(negative ? String(text.dropFirst()) : text) else {
                throw SettingRefusal(option, .unparsable, "invalid time: '\(text)'")
            }
            return .time(negative ? -time : time)
        case .list(let pathSeparated):
            return .list(Self.items(text, separator: pathSeparated ? ":" : ","))
        case .pairs:
            return .pairs(try Self.pairs(text, option: option))
        case .objects:
            return .list(Self.items(text, separator: ","))
        case .byteSize(let range):
            guard let size = Self.byteSize(text) else {
                throw SettingRefusal(option, .unparsable,
                                     "the \(option) option must be an integer: \(text) (suffixes KiB, MiB, GiB, TiB, B, K, M, G, T allowed)")
            }
            guard range.map({ $0.contains(size) }) ?? true else {
                throw SettingRefusal(option, .outOfRange, "the \(option) option is out of range: \(text)")
            }
            return .number(size)
        case .color:
            guard Self.isColor(text) else {
                throw SettingRefusal(option, .unparsable, "invalid color: '\(text)' (#RRGGBB, #AARRGGBB or r/g/b/a from 0 to 1)")
            }
            return .text(text)
        }
    }

    /// mpv's `bstrtoll(…, 0)`: decimal, `0x` hexadecimal or `0` octal, with a sign.
    static func integer(_ text: String) -> Int64? {
        var body = Substring(text)
        var sign: Int64 = 1
        if body.hasPrefix("-") { sign = -1; body = body.dropFirst() } else if body.hasPrefix("+") { body = body.dropFirst() }
        let value: Int64?
        if body.lowercased().hasPrefix("0x") {
            value = Int64(body.dropFirst(2), radix: 16)
        } else if body.count > 1, body.hasPrefix("0") {
            value = Int64(body.dropFirst(), radix: 8)
        } else {
            value = body.first.map { $0.isNumber } == true ? Int64(body) : nil
        }
        return value.map { $0 * sign }
    }

    /// mpv's `parse_double`: strtod's decimal (exponents too), or `a:b` / `a/b`, a ratio.
    static func number(_ text: String) -> Double? {
        for separator in [":", "/"] where text.contains(separator) {
            let parts = text.split(separator: Character(separator), omittingEmptySubsequences: false)
            guard parts.count == 2, let top = plainDouble(parts[0]), let bottom = plainDouble(parts[1]), bottom != 0 else { return nil }
            return top / bottom
        }
        return plainDouble(Substring(text))
    }

    private static func plainDouble(_ text: Substring) -> Double? {
        // Swift's Double(text) takes "nan", "inf" and hexadecimal like strtod; mpv then
        // refuses NaN and ranges refuse the infinities, as here.
        guard let value = Double(text), !value.isNaN else { return nil }
        return value
    }

    /// Items of a list; an empty text is the empty list. mpv escapes a separator with `\`.
    static func items(_ text: String, separator: Character) -> [String] {
        guard !text.isEmpty else { return [] }
        var items: [String] = [], current = ""
        var escaped = false
        for c in text {
            if escaped { current.append(c); escaped = false }
            else if c == "\\" { escaped = true }
            else if c == separator { items.append(current); current = "" }
            else { current.append(c) }
        }
        items.append(current)
        return items
    }

    /// mpv's key/value list: `k=v,k2=v2`, a value quoted as `"…"`, `[…]` or `%N%…`.
    static func pairs(_ text: String, option: String) throws(SettingRefusal) -> [SettingValue.KeyValue] {
        var pairs: [SettingValue.KeyValue] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "="), equals != rest.startIndex else {
                throw SettingRefusal(option, .unparsable, "expected '=' and a value")
            }
            let key = String(rest[..<equals])
            rest = rest[rest.index(after: equals)...]
            let value: Substring
            (value, rest) = try quotedValue(rest, option: option)
            pairs.append(.init(key, String(value)))
            if rest.hasPrefix(",") {
                rest = rest.dropFirst()
                if rest.isEmpty { throw SettingRefusal(option, .unparsable, "expected a pair after ','") }
            } else if !rest.isEmpty {
                throw SettingRefusal(option, .unparsable, "expected ',' after a value: \(rest)")
            }
        }
        return pairs
    }

    /// One value up to the next `,`, or quoted; the value and what follows it.
    static func quotedValue(_ text: Substring, option: String) throws(SettingRefusal) -> (Substring, Substring) {
        let unterminated = SettingRefusal(option, .unparsable, "unterminated quote in \(text)")
        if text.hasPrefix("\"") {
            guard let close = text.dropFirst().firstIndex(of: "\"") else { throw unterminated }
            return (text[text.index(after: text.startIndex)..<close], text[text.index(after: close)...])
        }
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw unterminated }
            return (text[text.index(after: text.startIndex)..<close], text[text.index(after: close)...])
        }
        if text.hasPrefix("%"), let second = text.dropFirst().firstIndex(of: "%"),
           let length = Int(text[text.index(after: text.startIndex)..<second]) {
            // mpv counts the length in bytes.
            let body = text[text.index(after: second)...]
            guard body.utf8.count >= length, let end = body.utf8.index(body.startIndex, offsetBy: length, limitedBy: body.endIndex),
                  end == body.endIndex || body.indices.contains(end) else { throw unterminated }
            return (body[..<end], body[end...])
        }
        let end = text.firstIndex(of: ",") ?? text.endIndex
        return (text[..<end], text[end...])
    }

    /// mpv's byte size: a number and one of its suffixes (binary multiples: `K` is KiB).
    static func byteSize(_ text: String) -> Double? {
        let kib = 1024.0, mib = kib * 1024, gib = mib * 1024, tib = gib * 1024
        let suffixes: [(String, Double)] = [("kib", kib), ("mib", mib), ("gib", gib), ("tib", tib),
                                            ("b", 1), ("k", kib), ("m", mib), ("g", gib), ("t", tib)]
        let lower = text.lowercased()
        for (suffix, scale) in suffixes where lower.hasSuffix(suffix) {
            // mpv reads the number before the suffix as an integer: `1.5MiB` is refused.
            return integer(String(lower.dropLast(suffix.count))).map { Double($0) * scale }
        }
        return integer(text).map(Double.init)
    }

    static func isColor(_ text: String) -> Bool {
        if text.hasPrefix("#") {
            let hex = text.dropFirst()
            return (hex.count == 6 || hex.count == 8) && hex.allSatisfy(\.isHexDigit)
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        return (1...4).contains(parts.count) && parts.allSatisfy { part in
            guard let value = Double(part) else { return false }
            return (0...1).contains(value)
        }
    }
}
