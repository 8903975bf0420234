import InsetCore
import Testing
@testable import InsetControl

/// `loadfile URL insert-next[-play]`, mpv 0.38's: the file is listed right after the playing
/// entry; with nothing playing, or the last entry playing, it goes to the end (an append).
@Suite struct MpvLoadfileInsertNextTests {
    static func state(playing position: Int?, of count: Int) -> MpvState {
        var state = MpvState()
        state.idle = position == nil
        state.playlistCount = count
        state.playlistPosition = position
        return state
    }

    @Test("insert-next lists it after the playing entry, with its options; the index is left unread")
    func afterThePlayingEntry() {
        var options = MpvFileOptions()
        options.start = .seconds(5)
        let state = Self.state(playing: 1, of: 4)
        #expect(MpvIPC.translate(["loadfile", "/n.mp4", "insert-next"], in: state) == .insert("/n.mp4", at: 2, options: MpvFileOptions()))
        #expect(MpvIPC.translate(["loadfile", "/n.mp4", "insert-next-play", .int(-1), "start=5"], in: state)
                == .insert("/n.mp4", at: 2, options: options))
        #expect(MpvIPC.translate(["loadfile", "/n.mp4", "insert-next", .int(0)], in: state) == .insert("/n.mp4", at: 2, options: MpvFileOptions()))
    }

    @Test("with nothing playing, or the last entry playing, it is appended (played when nothing plays)")
    func atTheEnd() {
        #expect(MpvIPC.translate(["loadfile", "/n.mp4", "insert-next"], in: Self.state(playing: nil, of: 0))
                == .load("/n.mp4", append: true, options: MpvFileOptions()))
        #expect(MpvIPC.translate(["loadfile", "/n.mp4", "insert-next-play"], in: Self.state(playing: 2, of: 3))
                == .load("/n.mp4", append: true, options: MpvFileOptions()))
    }
}
