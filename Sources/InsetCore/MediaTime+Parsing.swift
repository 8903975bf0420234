extension MediaTime {
    /// Why a time on the command line was refused; one line, for `inset: --start TEXT: why`.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// Parses `90`, `1:30`, `1:02:03`, `1.5`, `1:30.25`, or a number with an `s` or `ms`
    /// suffix. Numbers are plain decimals (digits and at most one point): no sign, exponent,
    /// `inf` or `nan`, which Double would accept and which name no point on a timeline. In
    /// the clock forms the first part may be any size (`90:00` is ninety minutes) but the
    /// parts after it are minutes and seconds of a clock, so they must be below 60 (`1:99`
    /// is refused, not read as 2:39), and only the last part may have a fraction. Times
    /// past `MediaTime.longest` are refused.
    public init(validating text: String) throws(ParseError) {
        var body = Substring(text.trimmedOfBlanks)
        guard !body.isEmpty else { throw ParseError(reason: "no time given") }
        var divisor = 1.0
        if body.hasSuffix("ms") {
            body = body.dropLast(2)
            divisor = 1000
        } else if body.hasSuffix("s") {
            body = body.dropLast()
        }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 3, divisor == 1 || parts.count == 1 else {
            throw ParseError(reason: "expected seconds, M:SS or H:MM:SS, such as 90, 1:30 or 1:02:03.5")
        }
        var total = 0.0
        for (index, part) in parts.enumerated() {
            let isLast = index == parts.count - 1
            guard let value = MediaTime.plainDecimal(part, fractionAllowed: isLast) else {
                let what = part.isEmpty ? "an empty part" : "'\(part)'"
                throw ParseError(reason: "\(what) is not \(isLast ? "a number" : "a whole number")"
                    + (part.first == "-" ? " (times cannot be negative)" : ""))
            }
            if index > 0, value >= 60 {
                throw ParseError(reason: "'\(part)' is not below 60, as \(isLast ? "seconds" : "minutes") in a clock time")
            }
            total = total * 60 + value
        }
        total /= divisor
        guard total <= MediaTime.longest.seconds else {
            throw ParseError(reason: "longer than a million hours")
        }
        self.init(seconds: total)
    }

    /// The value of digits with at most one `.` (and at least one digit), else nil.
    private static func plainDecimal(_ text: Substring, fractionAllowed: Bool) -> Double? {
        var digits = 0, points = 0
        for c in text.utf8 {
            if c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") { digits += 1 }
            else if c == UInt8(ascii: "."), fractionAllowed { points += 1 }
            else { return nil }
        }
        guard digits > 0, points <= 1 else { return nil }
        return Double(text)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs, by the standard library alone.
    var trimmedOfBlanks: String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
