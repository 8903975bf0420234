import InsetCore
import Testing
@testable import InsetControl

/// `loadfile URL FLAGS INDEX OPTIONS`, mpv 0.38's form: the index places the file with
/// `insert-at` / `insert-at-play`; -1 is the end (an append); other flags leave it unread.
@Suite struct MpvLoadfileIndexTests {
    private func translate(_ words: JSONValue...) -> MpvAction { MpvIPC.translate(words, in: MpvState()) }

    @Test("insert-at INDEX lists the file before that entry, with its options")
    func insertAt() {
        var options = MpvFileOptions()
        options.start = .seconds(5)
        #expect(translate("loadfile", "/b.mp4", "insert-at", .int(1), "start=5") == .insert("/b.mp4", at: 1, options: options))
        #expect(translate("loadfile", "/b.mp4", "insert-at-play", "0") == .insert("/b.mp4", at: 0, options: MpvFileOptions()))
        #expect(translate("loadfile", "/b.mp4", "insert-at", "7") == .insert("/b.mp4", at: 7, options: MpvFileOptions()),
                "past the end: the director lists it last")
    }

    @Test("insert-at -1, or with no index, appends, as mpv does")
    func insertAtTheEnd() {
        #expect(translate("loadfile", "/b.mp4", "insert-at", .int(-1)) == .load("/b.mp4", append: true, options: MpvFileOptions()))
        #expect(translate("loadfile", "/b.mp4", "insert-at") == .load("/b.mp4", append: true, options: MpvFileOptions()))
    }

    @Test("replace and append read no index but -1's place; a bad index is refused")
    func otherFlagsAndBadIndexes() {
        #expect(translate("loadfile", "/b.mp4", "append", .int(3), "") == .load("/b.mp4", append: true, options: MpvFileOptions()))
        #expect(translate("loadfile", "/b.mp4", "insert-at", .double(1.5)) == .fail(.invalidParameter))
        #expect(translate("loadfile", "/b.mp4", "insert-at", .int(-2)) == .fail(.invalidParameter))
    }
}
