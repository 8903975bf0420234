import InsetCore
import Testing
@testable import InsetControl

/// `playlist-move FROM TO` (mpv's; autoload.lua sorts the folder with it): two entry
/// indices from 0, anything else mpv's invalid parameter.
@Suite struct MpvPlaylistMoveTests {
    @Test("two indices: the move; a missing, negative or fractional one is refused")
    func reads() {
        let state = MpvState()
        #expect(MpvIPC.translate(["playlist-move", .int(2), .int(0)], in: state) == .move(from: 2, to: 0))
        #expect(MpvIPC.translate(["playlist-move", "1", "3"], in: state) == .move(from: 1, to: 3))
        #expect(MpvIPC.translate(["playlist-move", .int(2)], in: state) == .fail(.invalidParameter))
        #expect(MpvIPC.translate(["playlist-move", .int(-1), .int(0)], in: state) == .fail(.invalidParameter))
        #expect(MpvIPC.translate(["playlist-move", .double(1.5), .int(0)], in: state) == .fail(.invalidParameter))
    }
}
