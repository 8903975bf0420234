import InsetCore
import Testing
@testable import InsetTerminal

/// Replies to the capability probe that come after its timeout reach the player's decoder
/// as input; they must make no key. The bytes are those xterm 379 and tmux 3.3a sent
/// (captured) and kitty's reply to the graphics query.
@Suite struct InputDecoderReplyTests {
    static let replies = [
        "\u{1B}_Gi=31;OK\u{1B}\\",
        "\u{1B}_Gi=31;EINVAL:Unknown transmission type\u{1B}\\",
        "\u{1B}P>|kitty(0.39.1)\u{1B}\\",
        "\u{1B}P>|XTerm(379)\u{1B}\\",
        "\u{1B}P>|tmux 3.3a\u{1B}\\",
        "\u{1B}P1$r0m\u{1B}\\",
        "\u{1B}[?63;1;2;4;6;9;15;16;22;28c",
        "\u{1B}[?62;c",
        "\u{1B}[?1;2c",
        "\u{1B}[>41;379;0c",
        "\u{1B}[6;13;6t",
        "\u{1B}[4;312;480t",
    ]

    @Test("each reply alone makes no event", arguments: replies)
    func replyAlone(_ reply: String) {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array(reply.utf8)) == [])
        #expect(!decoder.hasPendingBytes)
        #expect(decoder.flush() == [])
    }

    /// All the replies with keys between them, split at every byte: the keys, and only the
    /// keys, come out.
    @Test func repliesAmongKeysSplitAnywhere() {
        var text = "a"
        for reply in Self.replies { text += reply + "b" }
        let stream = Array((text + "\u{1B}[A").utf8)
        let expected = [InputEvent.key(.character("a"))]
            + Array(repeating: .key(.character("b")), count: Self.replies.count) + [.key(KeyPress(.up))]
        for split in 0...stream.count {
            var decoder = InputDecoder()
            let events = decoder.feed(stream[..<split]) + decoder.feed(stream[split...])
            #expect(events == expected, "split at \(split)")
        }
    }

    /// `ESC P` and `ESC _` start replies only when a parameter byte or `G` follows; alone
    /// at the escape timeout, or before a letter, they are Alt-P and Alt-_.
    @Test func altPAndAltUnderscoreStayKeys() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}P".utf8)) == [])
        #expect(decoder.flush() == [.key(KeyPress(.character("P"), .alt))])
        #expect(decoder.feed(Array("\u{1B}_".utf8)) == [])
        #expect(decoder.flush() == [.key(KeyPress(.character("_"), .alt))])
        #expect(decoder.feed(Array("\u{1B}Px\u{1B}_y".utf8))
            == [.key(KeyPress(.character("P"), .alt)), .key(.character("x")),
                .key(KeyPress(.character("_"), .alt)), .key(.character("y"))])
    }

    /// iTerm2's answer to `CSI 1337 n` after the probe's timeout: no key, though `ESC [ I`
    /// alone is a focus report; a nightly's version holds an `n` of its own.
    @Test func lateITermVersionReply() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}[ITERM2 3.5.20240101-nightlyn\u{1B}[?62;4cq".utf8)) == [.key(.character("q"))])
        #expect(decoder.feed(Array("\u{1B}[ITERM2 3.5.0n".utf8)) == [])
        #expect(decoder.flush() == [])
        var focus = InputDecoder()
        let events = focus.feed(Array("\u{1B}[Iq".utf8))
        #expect(events.last == .key(.character("q")) && !events.contains(.key(.character("T"))))
    }

    /// A reply cut off when the escape timeout strikes is dropped, not typed; an ESC in the
    /// middle ends it, so the key after it is not lost.
    @Test func cutOffReplies() {
        var decoder = InputDecoder()
        #expect(decoder.feed(Array("\u{1B}P>|XTerm(3".utf8)) == [])
        #expect(decoder.flush() == [])
        #expect(decoder.feed(Array("\u{1B}_Gi=31;O\u{1B}[B".utf8)) == [.key(KeyPress(.down))])
    }
}
