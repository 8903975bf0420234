import InsetCore
import Testing

/// `--chapters-file`'s format, FFmpeg's metadata file, as ani-skip and FFmpeg write it.
@Suite struct FFMetadataChaptersTests {
    private func chapters(_ text: String) throws -> [Chapter] {
        try FFMetadataChapters.chapters(from: Array(text.utf8))
    }

    /// What ani-skip 1.0.1 writes: `printf "%s" ";FFMETADATA1"`, then its chapter_format
    /// (`\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=%s\nEND=%s\nTITLE=%s\n`) for the opening, the
    /// ending and the episode between them.
    @Test func aniSkipsFile() throws {
        let text = ";FFMETADATA1"
            + "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=140153\nEND=230153\nTITLE=Opening\n"
            + "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=1301824\nEND=1431000\nTITLE=Ending\n"
            + "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=230153\nEND=1301824\nTITLE=Episode\n"
        let list = try chapters(text)
        #expect(list.map(\.title) == ["Opening", "Episode", "Ending"], "in the order they start")
        #expect(list.map(\.startMicroseconds) == [140_153_000, 230_153_000, 1_301_824_000])
        #expect(list.map(\.endMicroseconds) == [230_153_000, 1_301_824_000, 1_431_000_000])
    }

    @Test("FFmpeg's own writing: global tags, escapes, a stream section, another time base, no END")
    func ffmpegsFile() throws {
        let text = ";FFMETADATA1\ntitle=A\\=B\nartist=x\n# a comment\n[STREAM]\ntitle=not a chapter\n"
            + "[CHAPTER]\nTIMEBASE=1/90000\nSTART=0\nEND=900000\ntitle=One\\;two\\\nlines\n"
            + "[CHAPTER]\nTIMEBASE=1/1000\nSTART=20000\ntitle=\n"
            + "[CHAPTER]\nSTART=30000000000\nEND=31000000000\n"
        let list = try chapters(text)
        #expect(list.count == 3)
        #expect(list[0].title == "One;two\nlines")
        #expect(list[0].end == .seconds(10))
        #expect(list[1].start == .seconds(20) && list[1].title == nil)
        #expect(list[1].end == .seconds(30), "no END: it ends where the next starts")
        #expect(list[2].start == .seconds(30), "no TIMEBASE: FFmpeg's 1/1000000000")
        #expect(list[2].end == .seconds(31))
    }

    @Test("not a metadata file, or too large, is refused", arguments: ["", "[CHAPTER]\nSTART=0\n", "WEBVTT\n"])
    func refused(text: String) {
        #expect(throws: FFMetadataChapters.Problem.self) { try chapters(text) }
    }

    @Test func boundedInBytesAndChapters() throws {
        let large = ";FFMETADATA1\n" + String(repeating: "#", count: FFMetadataChapters.maximumBytes)
        #expect(throws: FFMetadataChapters.Problem.self) { try chapters(large) }
        let many = ";FFMETADATA1\n" + String(repeating: "[CHAPTER]\n", count: FFMetadataChapters.maximumChapters + 1)
        #expect(throws: FFMetadataChapters.Problem.self) { try chapters(many) }
    }

    @Test("hostile numbers are left out, never trap", arguments: [
        "START=-5", "START=99999999999999999999", "START=9223372036854775807\nTIMEBASE=1000000000/1", "START=abc",
        "TIMEBASE=0/0\nSTART=5",
    ])
    func hostileNumbers(lines: String) throws {
        let list = try chapters(";FFMETADATA1\n[CHAPTER]\n" + lines + "\n")
        for chapter in list { #expect(chapter.start <= MediaTime.longest) }
    }
}
