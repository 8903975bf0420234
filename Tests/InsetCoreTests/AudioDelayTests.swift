import Testing
@testable import InsetCore

/// `audio-delay` as typed, written back and shown, and the delay kept with a file's position.
@Suite("Audio delay: the command, its label, and the resume file")
struct AudioDelayTests {
    @Test("audio-delay reads a step, a value, and refuses what is not seconds or past 10 s")
    func parsing() throws {
        #expect(try Command(parsing: "audio-delay +0.1") == .audioDelay(.by(.milliseconds(100))))
        #expect(try Command(parsing: "audio-delay -0.25") == .audioDelay(.by(.milliseconds(-250))))
        #expect(try Command(parsing: "audio-delay 0.2") == .audioDelay(.to(.milliseconds(200))))
        #expect(try Command(parsing: "audio-delay 0") == .audioDelay(.to(.zero)))
        #expect(Command.audioDelay(.by(.milliseconds(-100))).description == "audio-delay -0.1")
        #expect(Command.audioDelay(.to(.milliseconds(1500))).description == "audio-delay 1.5")
        for bad in ["audio-delay x", "audio-delay 11", "audio-delay", "audio-delay +1 2", "audio-delay nan"] {
            #expect(throws: Command.ParseError.self, "\(bad)") { try Command(parsing: bad) }
        }
        #expect(try Command(parsing: "audio-focus") == .audioFocus)
    }

    @Test("the bar's label while the delay is not 0")
    func label() {
        #expect(AudioDelay.label(.zero) == nil)
        #expect(AudioDelay.label(.milliseconds(200)) == "A/V +0.2 s")
        #expect(AudioDelay.label(.milliseconds(-150)) == "A/V -0.15 s")
        #expect(AudioDelay.label(.seconds(2)) == "A/V +2 s")
    }

    @Test("the delay is kept with the position, alone when the file was watched to its end, and reads back")
    func keptWithThePosition() {
        let key = ResumeKey(path: "/films/a.mkv", size: 1_000, modifiedNanoseconds: 7)
        let other = ResumeKey(path: "/films/b.mkv", size: 2, modifiedNanoseconds: 7)
        var positions = ResumePositions()
        positions.record(.seconds(83), end: .seconds(600), audioDelay: .milliseconds(-200), for: key)
        positions.record(.seconds(599), end: .seconds(600), audioDelay: .milliseconds(300), for: other)
        #expect(positions.position(for: key) == .seconds(83) && positions.audioDelay(for: key) == .milliseconds(-200))
        #expect(positions.position(for: other) == nil && positions.audioDelay(for: other) == .milliseconds(300))
        let (read, rejected) = ResumePositions.parse(positions.text)
        #expect(rejected == 0 && read == positions)
        #expect(positions.text.contains("83000000:-200000 /films/a.mkv"))
        // A delay set back to 0 at the end: nothing left to keep.
        positions.record(.seconds(600), end: .seconds(600), audioDelay: .zero, for: other)
        #expect(positions.entries.count == 1)
        // An older file's lines, without a delay, still read.
        let (old, none) = ResumePositions.parse("1000 7 83000000 /films/a.mkv\n")
        #expect(none == 0 && old.position(for: key) == .seconds(83) && old.audioDelay(for: key) == nil)
        #expect(ResumePositions.parse("1000 7 83000000:99999999999 /films/a.mkv\n").rejected == 1)
    }
}
