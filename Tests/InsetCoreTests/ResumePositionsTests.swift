import Testing
@testable import InsetCore

@Suite("Resume: what is remembered, what is forgotten, the file both ways")
struct ResumePositionsTests {
    static let key = ResumeKey(path: "/films/a.mkv", size: 1_000, modifiedNanoseconds: 1_700_000_000_123_456_789)

    @Test("a position is kept past the first second and before the end's margin (5 s, or 5% of a short file)",
          arguments: [(0.5, 7_200.0, false), (1.0, 7_200, true), (4.0, 10, true), (9.4, 10, true), (9.6, 10, false),
                      (10.0, 10, false), (7_190.0, 7_200, true), (7_196.0, 7_200, false), (30.0, nil, true)])
    func worthKeeping(_ position: Double, _ end: Double?, _ kept: Bool) {
        #expect(ResumePositions.isWorthKeeping(.seconds(position), end: end.map(MediaTime.seconds)) == kept)
    }

    @Test("the position is found by path, size and time: a changed file starts from 0")
    func keyedByFile() {
        var positions = ResumePositions()
        positions.record(.seconds(83), end: .seconds(600), for: Self.key)
        #expect(positions.position(for: Self.key) == .seconds(83))
        var resized = Self.key
        resized.size += 1
        #expect(positions.position(for: resized) == nil)
        var touched = Self.key
        touched.modifiedNanoseconds += 1
        #expect(positions.position(for: touched) == nil)
        #expect(positions.position(for: ResumeKey(path: "/films/b.mkv", size: 1_000, modifiedNanoseconds: Self.key.modifiedNanoseconds)) == nil)
    }

    @Test("watched to the end, the entry goes; a new stop replaces the old one")
    func forgetAtEnd() {
        var positions = ResumePositions()
        positions.record(.seconds(83), end: .seconds(600), for: Self.key)
        positions.record(.seconds(120), end: .seconds(600), for: Self.key)
        #expect(positions.entries.count == 1 && positions.position(for: Self.key) == .seconds(120))
        positions.record(.seconds(598), end: .seconds(600), for: Self.key)
        #expect(positions.entries.isEmpty)
    }

    @Test("the oldest are dropped past the capacity")
    func capacity() {
        var positions = ResumePositions()
        for n in 0...ResumePositions.capacity {
            positions.record(.seconds(10), end: nil, for: ResumeKey(path: "/f/\(n)", size: 1, modifiedNanoseconds: 1))
        }
        #expect(positions.entries.count == ResumePositions.capacity)
        #expect(positions.entries.first?.key.path == "/f/1")
    }

    @Test("the text reads back as written, paths with spaces, backslashes and newlines included")
    func roundTrip() {
        var positions = ResumePositions()
        positions.record(.seconds(83.25), end: .seconds(600), for: Self.key)
        positions.record(.seconds(12), end: nil, for: ResumeKey(path: "/odd dir/a\\b\nc\r.mp4", size: 5, modifiedNanoseconds: -3))
        let (read, rejected) = ResumePositions.parse(positions.text)
        #expect(rejected == 0)
        #expect(read == positions)
        #expect(positions.text.split(separator: "\n").count == 3)
    }

    @Test("junk lines are skipped and counted; the good lines still read")
    func tolerant() {
        let text = """
        # inset: a header
        12 34 5000000 /films/good.mkv
        not a line at all
        12 34 -5 /films/negative.mkv
        12 34 99 relative/path.mkv
        12 x 99 /films/bad-time.mkv
        12 34 99 /films/bad\\qescape.mkv
        \u{0}\u{1}binary
        7 8 2000000 /films/also good.mkv
        """
        let (positions, rejected) = ResumePositions.parse(text)
        #expect(rejected == 6)
        #expect(positions.entries.map(\.key.path) == ["/films/good.mkv", "/films/also good.mkv"])
        #expect(positions.position(for: ResumeKey(path: "/films/also good.mkv", size: 7, modifiedNanoseconds: 8)) == .seconds(2))
        #expect(ResumePositions.parse("").positions.entries.isEmpty)
    }

    @Test("control characters in a path are written escaped and read back as they were")
    func controlCharacters() {
        var positions = ResumePositions()
        let path = "/films/x\u{1B}]0;PWNED\u{07}\u{9B}\u{7F}\u{202E}.mkv"
        positions.record(.seconds(60), end: .seconds(600), for: ResumeKey(path: path, size: 1, modifiedNanoseconds: 2))
        let text = positions.text
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value) || $0.value == 0x202E },
                "\(text.debugDescription)")
        #expect(ResumePositions.parse(text).positions.entries.first?.key.path == path)
    }
}
