import Glibc
import Testing
@testable import InsetLog

/// The log line's format and its one-write append; the file itself is opened from
/// INSET_LOG once per process, so a test can only check that it is off when that is unset.
@Suite struct LogTests {
    @Test func logLine() throws {
        #expect(Log.format(.info, "opened", file: "InsetTerminal/X.swift", line: 7, elapsed: 3_000_042_000)
            == "3.000042 INFO InsetTerminal/X.swift:7 opened\n")
        var fds: [Int32] = [-1, -1]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        Log.append("one line\n", to: fds[1])
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(fds[0], &buffer, 64)
        #expect(String(decoding: buffer[..<max(0, count)], as: UTF8.self) == "one line\n")
        if getenv("INSET_LOG") == nil { #expect(!Log.isEnabled) }
    }

    @Test("the fraction of a second is zero-padded to six digits")
    func fractionIsPadded() {
        #expect(Log.format(.error, "x", file: "F.swift", line: 1, elapsed: 12_000_001_000)
            == "12.000001 ERROR F.swift:1 x\n")
        #expect(Log.format(.debug, "y", file: "F.swift", line: 2, elapsed: 999_999)
            == "0.000999 DEBUG F.swift:2 y\n")
    }

    @Test("a file name's control characters are written escaped, as stderr's lines are: one line per call")
    func namesAreEscaped() {
        let line = Log.format(.info, "opening /v/x\u{1B}]0;PWNED\u{07}\ny.mp4\u{9B}", file: "F.swift", line: 3, elapsed: 0)
        #expect(line == "0.000000 INFO F.swift:3 opening /v/x\\e]0;PWNED\\a\\ny.mp4\\u{9b}\n")
        #expect(!line.dropLast().unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) })
    }
}
