import Testing
@testable import InsetCore

/// Replies as real terminals send them, split and mixed with keys as reads deliver them.
/// The xterm and tmux bytes were captured from xterm 379 (`-ti vt340`, under Xvfb) and
/// tmux 3.3a; kitty's and WezTerm's are as their sources write them.
@Suite("TerminalReplyParser")
struct TerminalReplyParserTests {
    static let esc = "\u{1B}"
    static func bytes(_ text: String) -> [UInt8] { Array(text.replacingOccurrences(of: "^[", with: esc).utf8) }

    /// One terminal's answer to `TerminalCapabilityProbe.queries`, and what it means.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var reply: [UInt8]
        var environment: [String: String] = [:]
        var terminalName: String?
        var primaryAttributes: [Int]
        var kittyGraphics = false
        var sixel = false
        var cellPixels: PixelSize?
        var insideTmux = false
        var iTermVersion: String?
        var best: GraphicsMode
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "kitty", reply: bytes("^[_Gi=31;OK^[\\^[P>|kitty(0.39.1)^[\\^[[6;20;10t^[[?62;c"),
             terminalName: "kitty(0.39.1)", primaryAttributes: [62], kittyGraphics: true,
             cellPixels: PixelSize(width: 10, height: 20), best: .kitty),
        // Captured: xterm -ti vt340 -xrm 'XTerm*allowWindowOps: true' (the APC is ignored).
        Case(name: "xterm vt340, window ops allowed",
             reply: bytes("^[P>|XTerm(379)^[\\^[[6;13;6t^[[4;312;480t^[[?63;1;2;4;6;9;15;16;22;28c"),
             terminalName: "XTerm(379)", primaryAttributes: [63, 1, 2, 4, 6, 9, 15, 16, 22, 28],
             sixel: true, cellPixels: PixelSize(width: 6, height: 13), best: .sixel),
        // Captured: xterm -ti vt340 as installed, which does not answer CSI 16 t.
        Case(name: "xterm vt340", reply: bytes("^[P>|XTerm(379)^[\\^[[?63;1;2;4;6;9;15;16;22;28c"),
             terminalName: "XTerm(379)", primaryAttributes: [63, 1, 2, 4, 6, 9, 15, 16, 22, 28], sixel: true, best: .sixel),
        // Captured: xterm as installed (VT420 class, no sixel).
        Case(name: "xterm", reply: bytes("^[P>|XTerm(379)^[\\^[[?64;1;2;6;9;15;16;17;18;21;22;28c"),
             terminalName: "XTerm(379)", primaryAttributes: [64, 1, 2, 6, 9, 15, 16, 17, 18, 21, 22, 28], best: .cells),
        // Captured: tmux 3.3a, detached and inside xterm alike.
        Case(name: "tmux", reply: bytes("^[P>|tmux 3.3a^[\\^[[?1;2c"), environment: ["TMUX": "/tmp/tmux-0/default,760,0"],
             terminalName: "tmux 3.3a", primaryAttributes: [1, 2], insideTmux: true, best: .cells),
        Case(name: "tmux, TMUX unset (ssh from inside tmux)", reply: bytes("^[P>|tmux 3.3a^[\\^[[?1;2c"),
             terminalName: "tmux 3.3a", primaryAttributes: [1, 2], insideTmux: true, best: .cells),
        Case(name: "foot", reply: bytes("^[P>|foot(1.16.2)^[\\^[[6;17;8t^[[?62;4;22c"),
             terminalName: "foot(1.16.2)", primaryAttributes: [62, 4, 22], sixel: true, cellPixels: PixelSize(width: 8, height: 17), best: .sixel),
        // WezTerm answers the kitty query OK, but its kitty graphics are partial: iTerm2 images.
        Case(name: "WezTerm", reply: bytes("^[_Gi=31;OK^[\\^[P>|WezTerm 20240203-110809-5046fc22^[\\^[[6;18;9t^[[?65;4;6;18;22c"),
             terminalName: "WezTerm 20240203-110809-5046fc22", primaryAttributes: [65, 4, 6, 18, 22], kittyGraphics: true, sixel: true,
             cellPixels: PixelSize(width: 9, height: 18), best: .iterm),
        Case(name: "a kitty answer through tmux's passthrough still loses to tmux",
             reply: bytes("^[_Gi=31;OK^[\\^[P>|tmux 3.3a^[\\^[[?1;2c"),
             terminalName: "tmux 3.3a", primaryAttributes: [1, 2], kittyGraphics: true, insideTmux: true, best: .cells),
        Case(name: "the Linux console: DA1 only", reply: bytes("^[[?6c"), primaryAttributes: [6], best: .cells),
        // iTerm2 names itself in its answer to CSI 1337 n (`ESC [ ITERM2 version n`), the
        // only one of the queries an older one answers besides DA1.
        Case(name: "iTerm2, by CSI 1337 n alone", reply: bytes("^[[ITERM2 3.4.19n^[[?62;4c"),
             primaryAttributes: [62, 4], sixel: true, iTermVersion: "3.4.19", best: .iterm),
        // A nightly's version holds an `n` of its own: the reply ends at the last one.
        Case(name: "iTerm2 nightly, with XTVERSION and the cell size",
             reply: bytes("^[P>|iTerm2 3.5.20240101-nightly^[\\^[[6;16;8t^[[ITERM2 3.5.20240101-nightlyn^[[?62;4c"),
             terminalName: "iTerm2 3.5.20240101-nightly", primaryAttributes: [62, 4], sixel: true,
             cellPixels: PixelSize(width: 8, height: 16), iTermVersion: "3.5.20240101-nightly", best: .iterm),
    ]

    static func run(_ chunks: [ArraySlice<UInt8>], environment: [String: String] = [:])
        -> (TerminalCapabilities, [UInt8], completeAt: Int?) {
        var probe = TerminalCapabilityProbe(environment: environment)
        var completeAt: Int?
        for (index, chunk) in chunks.enumerated() {
            if probe.receive(chunk), completeAt == nil { completeAt = index }
        }
        let (capabilities, leftover) = probe.finish(windowPixels: nil, cells: nil)
        return (capabilities, leftover, completeAt)
    }

    @Test("each terminal's reply, read whole", arguments: cases)
    func wholeReply(_ c: Case) {
        let (capabilities, leftover, completeAt) = Self.run([c.reply[...]], environment: c.environment)
        #expect(capabilities.answered)
        #expect(capabilities.terminalName == c.terminalName)
        #expect(capabilities.primaryAttributes == c.primaryAttributes)
        #expect(capabilities.kittyGraphics == c.kittyGraphics)
        #expect(capabilities.cellPixels == c.cellPixels)
        #expect(capabilities.cellPixelsSource == (c.cellPixels == nil ? nil : .query))
        #expect(capabilities.insideTmux == c.insideTmux)
        #expect(capabilities.bestGraphics() == c.best)
        #expect(capabilities.sixel == c.sixel)
        #expect(capabilities.iTermVersion == c.iTermVersion)
        #expect(leftover.isEmpty)
        #expect(completeAt == 0)
    }

    /// A read can end anywhere, even between ESC and `\`; every split gives the same
    /// answer, and the probe is complete only once the last byte of DA1 is in.
    @Test("split at every byte", arguments: cases)
    func splitEverywhere(_ c: Case) {
        let whole = Self.run([c.reply[...]], environment: c.environment).0
        for split in 0..<c.reply.count {
            let (capabilities, leftover, completeAt) = Self.run([c.reply[..<split], c.reply[split...]], environment: c.environment)
            #expect(capabilities == whole, "split at \(split)")
            #expect(leftover.isEmpty, "split at \(split)")
            #expect(completeAt == 1, "split at \(split)")
        }
        let bytewise = Self.run(c.reply.map { [$0][...] }, environment: c.environment)
        #expect(bytewise.0 == whole)
        #expect(bytewise.2 == c.reply.count - 1)
    }

    /// Keys typed while the replies come in are the user's: they come back whole and in
    /// order, arrows and mouse reports included, however the reads split them.
    @Test func keystrokesMixedIn() {
        let keys = ["q", "^[[A", " ", "^[[1;5C", "^[[<0;10;5M", "é", "^[x", "^[[5~", "\r"]
        let replies = ["^[_Gi=31;OK^[\\", "^[P>|kitty(0.39.1)^[\\", "^[[6;20;10t", "^[[?62;c"]
        var stream = Self.bytes(keys[0] + keys[1] + replies[0] + keys[2] + keys[3] + replies[1] + keys[4] + keys[5])
        stream += Self.bytes(replies[2] + keys[6] + keys[7] + replies[3] + keys[8])
        let typed = Self.bytes(keys.joined())
        for split in 0...stream.count {
            let (capabilities, leftover, _) = Self.run([stream[..<split], stream[split...]])
            #expect(leftover == typed, "split at \(split)")
            #expect(capabilities.kittyGraphics && capabilities.terminalName == "kitty(0.39.1)", "split at \(split)")
            #expect(capabilities.cellPixels == PixelSize(width: 10, height: 20))
        }
    }

    @Test("Alt-P, Alt-_ and a lone Esc are keys, not the start of a reply")
    func altKeysAreInput() {
        for typed in ["^[P", "^[Px", "^[_", "^[_x", "^[", "^[^[", "^[^[[A", "^[]"] {
            let bytes = Self.bytes(typed)
            let (capabilities, leftover, _) = Self.run([bytes[...]])
            #expect(leftover == bytes, "\(typed)")
            #expect(!capabilities.answered, "\(typed)")
        }
    }

    /// The timeout can fall inside a reply; its start goes to the next reader, whose
    /// decoder skips it together with the rest when that arrives.
    @Test func replyCutOffByTheTimeoutIsHandedOn() {
        let bytes = Self.bytes("a^[P>|kitty(0.3")
        let (capabilities, leftover, completeAt) = Self.run([bytes[...]])
        #expect(!capabilities.answered && completeAt == nil)
        #expect(leftover == bytes)
    }

    @Test("a kitty error reply is an answer, but not kitty graphics")
    func kittyError() {
        var probe = TerminalCapabilityProbe(environment: [:])
        probe.receive(Self.bytes("^[_Gi=31;EINVAL:Unknown transmission type^[\\^[[?62;c"))
        #expect(probe.capabilities.answered && !probe.capabilities.kittyGraphics)
        var parser = TerminalReplyParser()
        #expect(parser.feed(Self.bytes("^[_Gi=31;EINVAL:bad^[\\")) == [.kittyGraphics(imageID: 31, message: "EINVAL:bad")])
    }

    @Test("other reports are swallowed: OSC, DA2, DECRPM, DECRQSS, window size")
    func otherRepliesSwallowed() {
        var parser = TerminalReplyParser()
        let replies = parser.feed(Self.bytes("^[]11;rgb:0000/0000/0000\u{07}^[]10;rgb:ffff/ffff/ffff^[\\"
            + "^[[>41;379;0c^[[?2026;2$y^[P1$r0m^[\\^[[4;312;480t^[[8;24;80t"))
        #expect(replies == [.other, .other, .other, .other, .other, .other, .other])
        #expect(parser.userInput.isEmpty)
    }

    /// Garbage with no end (a string reply never terminated) is dropped at the limit, so
    /// pending bytes stay bounded; the keys after an aborted string still arrive.
    @Test func unterminatedStringsAreBounded() {
        var parser = TerminalReplyParser()
        _ = parser.feed(Self.bytes("^[P>|") + Array(repeating: UInt8(ascii: "x"), count: 5000))
        _ = parser.feed(Self.bytes("q"))
        #expect(parser.finish().count < TerminalReplyParser.maximumReplyLength + 2)
        var aborted = TerminalReplyParser()
        #expect(aborted.feed(Self.bytes("^[P>|kit^[[A")) == [])
        #expect(aborted.finish() == Self.bytes("^[[A"))
    }

    @Test func numbersNeverTrap() {
        #expect(TerminalReply.numbers(Array("62;;4;99999999999999999999".utf8)[...]) == [62, nil, 4, nil])
        var parser = TerminalReplyParser()
        #expect(parser.feed(Self.bytes("^[[6;0;0t^[[6;99999999999999;5t^[[?c")) == [.other, .other, .primaryAttributes([])])
    }

    @Test func queriesAreTheDocumentedBytes() {
        #expect(TerminalCapabilityProbe.queries
            == Self.bytes("^[_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA^[\\^[[>0q^[[16t^[[1337n^[[c"))
    }

    /// `ESC [ I` is a focus report when no `TERM2 ` follows; a key typed between the iTerm2
    /// reply and DA1's stays the user's.
    @Test("iTerm2's reply beside a focus report and keys")
    func iTermReplyBesideFocusAndKeys() {
        let (capabilities, leftover, completeAt) = Self.run([Self.bytes("^[[Iq^[[ITERM2 3.5.0nx^[[?62;c")[...]])
        #expect(capabilities.iTermVersion == "3.5.0" && completeAt == 0)
        #expect(leftover == Self.bytes("^[[Iqx"))
        let (unanswered, typed, _) = Self.run([Self.bytes("^[[ITERMx^[[?62;c")[...]])
        #expect(unanswered.iTermVersion == nil && !unanswered.drawsITermImages)
        #expect(typed == Self.bytes("^[[ITERMx"))
    }
}
