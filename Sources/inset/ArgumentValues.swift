import ArgumentParser
import InsetCore

// Option values are taken as text and judged in `validate()`, not refused by the parser, so
// that a wrong value reads `inset: --option VALUE: why` (one line, naming the reason) rather
// than the parser's generic "The value ... is invalid" with a usage block. They are read
// before any command touches the terminal: validate() runs before run().

/// A refused option value; its message is the whole line after `inset: `.
func invalidValue(_ option: String, _ text: String, _ why: CustomStringConvertible) -> ValidationError {
    ValidationError("\(option) \(text): \(why)")
}

/// A time (`--start`, `--at`) in the forms `MediaTime(validating:)` takes.
struct TimeArgument: ExpressibleByArgument {
    let text: String
    let parsed: Result<MediaTime, MediaTime.ParseError>
    /// Nil only for a value validate() has refused, so run() never sees nil for a given time.
    var time: MediaTime? { try? parsed.get() }

    init(argument: String) {
        text = argument
        parsed = Result { () throws(MediaTime.ParseError) in try MediaTime(validating: argument) }
    }

    func validate(as option: String) throws {
        if case .failure(let error) = parsed { throw invalidValue(option, text, error) }
    }
}

/// Cells as `COLSxROWS`, bounded to what a terminal can be (`CellSize.allowedColumns`/`Rows`).
struct CellSizeArgument: ExpressibleByArgument {
    let text: String
    let parsed: Result<CellSize, CellSize.ParseError>
    /// Nil only for a value validate() has refused.
    var size: CellSize? { try? parsed.get() }

    init(argument: String) {
        text = argument
        parsed = Result { () throws(CellSize.ParseError) in try CellSize(validating: argument) }
    }

    func validate(as option: String) throws {
        if case .failure(let error) = parsed { throw invalidValue(option, text, error) }
    }
}

/// A whole number that must lie in a range the option documents (`--threads`, `--volume`,
/// `--frames`): plain digits only, so `-1`, `+3`, `1e3` and `0x10` are refused by name.
struct WholeNumberArgument: ExpressibleByArgument {
    let text: String
    /// Nil for anything but plain digits that fit an Int.
    var value: Int? { isDigits ? Int(text) : nil }

    init(argument: String) { text = argument }

    private var isDigits: Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    func validate(as option: String, in allowed: ClosedRange<Int>) throws {
        let range = "\(allowed.lowerBound) to \(allowed.upperBound)"
        guard isDigits else { throw invalidValue(option, text, "not a whole number from \(range)") }
        // Digits that overflow an Int are out of range all the same.
        guard let value, allowed.contains(value) else { throw invalidValue(option, text, "must be \(range)") }
    }
}

/// The bounds the numeric options document in their help.
enum ArgumentBounds {
    /// libavcodec's frame threads gain nothing past a few dozen, and the count is an Int32.
    static let threads = 1...64
    static let volume = 0...100
    /// Enough for any file `cat` can show; a bench run this long already takes minutes.
    static let frames = 1...10_000_000
    /// A terminal that has not answered in ten seconds will not; past that the wait is a hang.
    static let probeTimeout = 1...10_000
}

/// One of a fixed list of spellings, or `auto` (`value` nil, the program chooses):
/// `--blitter half|quadrant|sextant|octant|auto`, `--graphics kitty|sixel|iterm|cells|auto`.
struct ChoiceArgument<Value: RawRepresentable & CaseIterable>: ExpressibleByArgument where Value.RawValue == String {
    let text: String
    init(argument: String) { text = argument }

    var isAuto: Bool { text.lowercased() == "auto" }
    var value: Value? { Value(rawValue: text.lowercased()) }

    func validate(as option: String) throws {
        guard !isAuto && value == nil else { return }
        let spellings = Value.allCases.map(\.rawValue).joined(separator: ", ")
        throw invalidValue(option, text, "expected \(spellings) or auto")
    }
}
