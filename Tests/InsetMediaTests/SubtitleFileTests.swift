import Foundation
import InsetCore
import Testing
@testable import InsetMedia

/// Subtitle files as people have them: in legacy character sets, and long.
@Suite("Subtitle files", .serialized)
struct SubtitleFileTests {
    /// Writes `bytes` as `name` in a fresh directory; the directory is removed by `body`'s end.
    func withFile<T>(_ name: String, _ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-subfile-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return try body(path)
    }

    /// One SubRip cue from 1 s to 3 s whose text is `text` (bytes in whatever set).
    static func srt(_ text: [UInt8]) -> [UInt8] {
        Array("1\r\n00:00:01,000 --> 00:00:03,000\r\n".utf8) + text + Array("\r\n\r\n".utf8)
    }

    @Test("a Latin-1 (Windows-1252) SubRip file: its accents and quotes as they were written, the set guessed")
    func latin1() throws {
        // "Café über “quoted”" in Windows-1252: é E9, ü FC, the quotes 93 and 94.
        let bytes = Self.srt(Array("Caf".utf8) + [0xE9, 0x20, 0xFC] + Array("ber ".utf8) + [0x93] + Array("quoted".utf8) + [0x94])
        let (track, cues) = try withFile("movie.srt", bytes) { try SubtitleFile.load($0, id: -1) }
        #expect(cues == [SubtitleCue(start: .seconds(1), end: .seconds(3), text: "Café über “quoted”")])
        #expect(track.charset == "CP1252")
    }

    @Test("--sub-charset's set wins over the guess: 0xA4 is € in ISO-8859-15 (¤ in Windows-1252)")
    func given() throws {
        let bytes = Self.srt(Array("5 ".utf8) + [0xA4])
        let (guessed, given) = try withFile("movie.srt", bytes) {
            (try SubtitleFile.load($0, id: -1).cues.first?.text, try SubtitleFile.load($0, id: -1, charset: "ISO-8859-15").cues.first?.text)
        }
        #expect(guessed == "5 ¤")
        #expect(given == "5 €")
    }

    @Test("UTF-8 files are read as they are, with no set named; a set that cannot read a file's cues is an error saying so")
    func utf8AndFailures() throws {
        let bytes = Self.srt(Array("Café".utf8))
        let (track, cues) = try withFile("movie.srt", bytes) { try SubtitleFile.load($0, id: -1) }
        #expect(cues.map(\.text) == ["Café"])
        #expect(track.charset == nil)
        let latin1 = Self.srt(Array("Caf".utf8) + [0xE9])
        do {
            _ = try withFile("movie.srt", latin1) { try SubtitleFile.load($0, id: -1, charset: "ASCII") }
            Issue.record("a file none of whose cues could be read loaded")
        } catch let error as MediaError {
            #expect(error.description.contains("none of its 1 cues could be read as ASCII"), "\(error)")
        }
    }

    @Test("the guess: UTF-8 and UTF-16 with its mark are Unicode; other bytes Windows-1252, or Latin-1 when they use a byte it leaves undefined")
    func guess() {
        #expect(SubtitleCharset.guess(Array("plain ASCII".utf8)) == .unicode)
        #expect(SubtitleCharset.guess(Array("Übersetzung – ça".utf8)) == .unicode)
        #expect(SubtitleCharset.guess([0xFF, 0xFE, 0x41, 0x00]) == .unicode)
        #expect(SubtitleCharset.guess([0x43, 0x61, 0x66, 0xE9]) == .legacy("CP1252"))
        #expect(SubtitleCharset.guess([0x43, 0xE9, 0x81]) == .legacy("ISO-8859-1"))
        #expect(SubtitleCharset.isKnown("CP1252") && SubtitleCharset.isKnown("latin1") && !SubtitleCharset.isKnown("no-such-set"))
    }

    @Test("a file read whole keeps all its cues, past the bound a video's own track has (12,000 cues, the first at 0 s)")
    func wholeFileKept() throws {
        var text = ""
        for i in 0..<12_000 {
            let s = i * 2
            text += "\(i + 1)\n\(String(format: "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)),000 --> "
                + "\(String(format: "%02d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)),900\ncue \(i)\n\n"
        }
        let cues = try withFile("long.srt", Array(text.utf8)) { try SubtitleFile.load($0, id: -1).cues }
        #expect(cues.count == 12_000)
        let store = SubtitleStore()
        store.add(wholeFile: cues, track: -1)
        #expect(store.count(track: -1) == 12_000)
        #expect(store.active(track: -1, at: .seconds(0.5)).compactMap(\.text) == ["cue 0"])
    }
}
