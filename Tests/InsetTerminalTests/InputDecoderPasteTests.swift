import InsetCore
import Testing
@testable import InsetTerminal

@Suite("Input decoder: bracketed paste")
struct InputDecoderPasteTests {
    @Test("a paste is one event with its text intact, escapes and newlines included")
    func wholePaste() {
        var decoder = InputDecoder()
        let events = decoder.feed(Array("a\u{1B}[200~ls -l\n\u{1B}[31mred\u{1B}[201~b".utf8))
        #expect(events == [.key(.character("a")), .paste("ls -l\n\u{1B}[31mred"), .key(.character("b"))])
    }

    @Test("a paste split over reads waits for its end")
    func splitPaste() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[20".utf8)).isEmpty)
        #expect(decoder.feed(Array("0~hello ".utf8)).isEmpty)
        #expect(decoder.feed(Array("world\u{1B}[2".utf8)).isEmpty)
        #expect(decoder.feed(Array("01~".utf8)) == [.paste("hello world")])
    }

    @Test("a paste cut off is delivered at the escape timeout; other CSI 2… keys are still keys")
    func cutOffAndInsert() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[200~partial".utf8)).isEmpty)
        #expect(decoder.flush() == [.paste("partial")])
        #expect(decoder.feed(Array("\u{1B}[2~".utf8)) == [.key(KeyPress(.insert))])
    }
}
