import InsetCore
import Testing
@testable import InsetControl

/// mpv's `cycle`, `add`, `multiply` and `cycle-values` reach every settable row through its
/// type and range (`MpvIPC+Steps`), not a list of names: `loop-file`, `video`,
/// `playlist-pos`, `speed` step as the table says.
@Suite struct MpvPropertyStepTests {
    static let state: MpvState = {
        var state = MpvPropertyTableTests.playing
        state.speed = 1.5
        state.volume = 50
        return state
    }()

    func translate(_ words: JSONValue...) -> MpvAction { MpvIPC.translate(words, in: Self.state) }

    @Test("cycle a choice goes to its next word, a flag toggles, a command of its own stays one")
    func cycles() {
        #expect(translate("cycle", "loop-file") == .setSession(.loopFile(Int.max)), "no → inf")
        #expect(translate("cycle", "loop-playlist") == .setSession(.loopPlaylist(true)))
        #expect(translate("cycle", "video") == .setSession(.video(false)), "a track number: the first word, no")
        #expect(translate("cycle", "pause") == .run([.pause(nil)], data: .null))
        #expect(translate("cycle", "duration") == .fail(.propertyError), "read only")
        #expect(translate("cycle", "no-such-thing") == .fail(.propertyNotFound))
    }

    @Test("add and multiply a number by the row's step, held to its range; a command's own add kept")
    func addsAndMultiplies() {
        #expect(translate("multiply", "speed", 2) == .run([.speed(.to(PlaybackSpeed(text: "3")!))], data: .null))
        #expect(translate("add", "percent-pos", 10) == .run([.seekTo(.seconds(18))], data: .null), "20% + 10% of 60 s")
        #expect(translate("add", "percent-pos", 500) == .run([.seekTo(.seconds(60))], data: .null), "held to 100")
        #expect(translate("add", "volume", -10) == .run([.volume(.by(-10))], data: .null))
        #expect(translate("multiply", "volume", .double(0.5)) == .run([.volume(.to(25))], data: .null))
        #expect(translate("add", "playlist-pos", 1) == .run([.playlist(.next)], data: .null), "its own add: a step a command")
        #expect(translate("multiply", "pause", 2) == .fail(.propertyError))
        #expect(translate("multiply", "speed") == .fail(.invalidParameter))
    }

    @Test("cycle-values sets the value after the current one, from the first when none is current")
    func cycleValues() {
        #expect(translate("cycle-values", "speed", "1", "1.5", "2") == .run([.speed(.to(PlaybackSpeed(text: "2")!))], data: .null))
        #expect(translate("cycle-values", "!reverse", "speed", "1", "1.5", "2") == .run([.speed(.to(.normal))], data: .null))
        #expect(translate("cycle-values", "loop-file", "inf", "no") == .setSession(.loopFile(Int.max)), "no is current: wraps to inf")
        #expect(translate("cycle-values", "volume", "70", "80") == .run([.volume(.to(70))], data: .null))
        #expect(translate("cycle-values", "speed") == .fail(.invalidParameter))
    }
}
