import Testing
@testable import InsetCore

/// Times, sizes and ranges as the command line hands them over: every refused form is an
/// error with a reason, never a trap, and the accepted forms keep their meaning.
@Suite("MediaTime(validating:)")
struct MediaTimeValidatingTests {
    @Test("accepted forms", arguments: [
        ("90", 90.0), ("1:30", 90.0), ("1:02:03", 3723.0), ("1.5", 1.5), ("1:30.25", 90.25), ("500ms", 0.5),
        ("12s", 12.0), ("0", 0.0), (" 7 ", 7.0), ("90:00", 5400.0), ("1:59:59.5", 7199.5), ("0:59", 59.0),
        (".5", 0.5), ("1:30s", 90.0), ("007", 7.0), ("1000000:00:00", 3_600_000_000.0),
    ])
    func accepts(text: String, seconds: Double) throws {
        #expect(try MediaTime(validating: text) == .seconds(seconds))
        #expect(MediaTime(parsing: text) == .seconds(seconds))
    }

    @Test("refused forms", arguments: [
        "", "   ", "inf", "-inf", "infinity", "nan", "NaN", "1e20", "1e19", "1e-400", "-0", "-5", "+5", "0x10",
        "1:99", "1:60", "1:00:60", "1:60:00", "1:", ":30", "1::30", "1:2:3:4", "1.5:30", "1:30.5:00", "1..5", ".",
        "1:30ms", "ms", "s", "99999999999999999999999", "1000000:00:01", "3600000001",
        String(repeating: "9", count: 400), String(repeating: "9", count: 400) + ":00", "1 2", "１２",
    ])
    func refuses(text: String) {
        #expect(throws: MediaTime.ParseError.self) { try MediaTime(validating: text) }
        #expect(MediaTime(parsing: text) == nil)
    }

    @Test func reasonsAreOneLine() throws {
        let cases = ["inf": "'inf' is not a number", "1:99": "'99' is not below 60, as seconds in a clock time",
                     "1:75:00": "'75' is not below 60, as minutes in a clock time", "-5": "'-5' is not a number (times cannot be negative)",
                     "1e20": "'1e20' is not a number", "1::30": "an empty part is not a whole number",
                     "99999999999": "longer than a million hours"]
        for (text, reason) in cases {
            #expect(throws: MediaTime.ParseError(reason: reason)) { try MediaTime(validating: text) }
        }
    }

    @Test("init(seconds:) never traps: NaN is zero, the rest is held at a million hours", arguments: [
        (Double.nan, Int64(0)), (Double.infinity, MediaTime.longest.microseconds), (-Double.infinity, -MediaTime.longest.microseconds),
        (1e20, MediaTime.longest.microseconds), (-1e300, -MediaTime.longest.microseconds), (Double.leastNonzeroMagnitude, Int64(0)), (-0.0, 0), (1.5, 1_500_000),
    ])
    func secondsClamp(seconds: Double, microseconds: Int64) {
        #expect(MediaTime(seconds: seconds).microseconds == microseconds)
    }

    @Test func longestLeavesRoomToAdd() {
        let sum = MediaTime.longest + MediaTime.longest + MediaTime.longest
        #expect(sum.microseconds == 3 * MediaTime.longest.microseconds)
        #expect((-MediaTime.longest - MediaTime.longest).microseconds < 0)
    }

    @Test("preciseClockString: the milliseconds when there are any, trailing zeros dropped", arguments: [
        (Int64(6_000_000), "0:06"), (6_500_000, "0:06.5"), (6_025_000, "0:06.025"), (3_661_100_000, "1:01:01.1"),
        (6_000_400, "0:06"), (-1_250_000, "-0:01.25"),
    ])
    func preciseClock(microseconds: Int64, text: String) {
        #expect(MediaTime(microseconds: microseconds).preciseClockString == text)
    }
}

@Suite("CellSize(validating:)")
struct CellSizeValidatingTests {
    @Test("accepted sizes", arguments: [
        ("160x45", 160, 45), ("80X24", 80, 24), ("1x1", 1, 1), ("4096x2048", 4096, 2048), ("040x012", 40, 12),
    ])
    func accepts(text: String, columns: Int, rows: Int) throws {
        #expect(try CellSize(validating: text) == CellSize(columns: columns, rows: rows))
        #expect(CellSize(parsing: text) == CellSize(columns: columns, rows: rows))
    }

    @Test("refused sizes", arguments: [
        "", "x", "80", "80x", "x24", "80x24x", "x80x24", "80xx24", "0x24", "80x0", "-80x24", "+80x24", "80x-1",
        "100000x1", "4097x10", "10x2049", "99999999999999999999x1", "80 x 24", "80*24", "abcxdef", "1.5x2",
    ])
    func refuses(text: String) {
        #expect(throws: CellSize.ParseError.self) { try CellSize(validating: text) }
        #expect(CellSize(parsing: text) == nil)
    }

    @Test func reasons() {
        #expect(throws: CellSize.ParseError(reason: "columns must be 1 to 4096")) { try CellSize(validating: "100000x1") }
        #expect(throws: CellSize.ParseError(reason: "rows must be 1 to 2048")) { try CellSize(validating: "10x0") }
        #expect(throws: CellSize.ParseError(reason: "columns '-1' is not a whole number")) { try CellSize(validating: "-1x5") }
        #expect(throws: CellSize.ParseError(reason: "expected COLSxROWS, such as 160x45")) { try CellSize(validating: "80") }
    }
}

@Suite("LinearRanges(parsing:) refusals")
struct LinearRangesRefusalTests {
    @Test(arguments: [
        ("0:00-inf", "invalid linear range '0:00-inf': 'inf' is not a number"),
        ("1e20-", "invalid linear range '1e20-': '1e20' is not a number"),
        ("0:00-1:99", "invalid linear range '0:00-1:99': '99' is not below 60, as seconds in a clock time"),
        ("1:00-0:30", "invalid linear range '1:00-0:30': the end is not after the start"),
        ("0:10-0:10", "invalid linear range '0:10-0:10': the end is not after the start"),
        ("0:00-0:30,", "invalid linear range '': expected START-END, such as 0:00-0:30"),
        ("garbage", "invalid linear range 'garbage': expected START-END, such as 0:00-0:30"),
        ("nan-1", "invalid linear range 'nan-1': 'nan' is not a number"),
        ("", "invalid linear range '': no ranges given"),
    ])
    func refuses(text: String, message: String) {
        do {
            _ = try LinearRanges(parsing: text)
            Issue.record("'\(text)' was accepted")
        } catch {
            #expect(error.description == message)
            #expect(!error.description.contains("\n"))
        }
    }
}

@Suite("KeyPress.chord(parsing:)")
struct ChordParsingTests {
    @Test("Ctrl and Alt chords, written back as they were given")
    func chords() {
        #expect(KeyPress.chord(parsing: "C-]") == KeyPress(.character("]"), .control))
        #expect(KeyPress.chord(parsing: "C-b") == KeyPress(.character("b"), .control))
        #expect(KeyPress.chord(parsing: "ctrl-A") == KeyPress(.character("a"), .control))
        #expect(KeyPress.chord(parsing: "M-x") == KeyPress(.character("x"), .alt))
        #expect(KeyPress.chord(parsing: "C-]")?.description == "C-]")
    }

    @Test("anything else is refused", arguments: ["", "C-", "C-ab", "C-1", "X-a", "]", "C-]-"])
    func refused(text: String) {
        #expect(KeyPress.chord(parsing: text) == nil)
    }
}
