/// Splits what a terminal sends while it is being probed into replies and the user's own
/// keystrokes.
///
/// A pure value, fed the bytes of each `read(2)`. Replies may come in any order, split
/// across reads at any byte, and mixed with keys the user typed meanwhile; the keys are
/// not the probe's to eat, so they are kept, byte for byte and in order, in `userInput`
/// for whoever reads the terminal next. Recognised as replies: DCS (`ESC P` + parameter
/// byte ... `ESC \`), kitty's APC (`ESC _ G ... ESC \`), OSC (`ESC ] ... BEL|ESC \`), the
/// CSI forms `TerminalReply.controlSequence` names, and iTerm2's `ESC [ ITERM2 ... n`.
/// Everything else is input.
///
/// Only the 7-bit forms are read: terminals in UTF-8 mode never send the 8-bit C1 bytes
/// (0x90 DCS, 0x9B CSI), which would be UTF-8 continuation bytes.
public struct TerminalReplyParser: Sendable {
    /// Bytes that may start a reply whose end has not arrived: at most one sequence.
    private var pending: [UInt8] = []
    /// Keystrokes found between the replies, in order, not yet taken.
    public private(set) var userInput: [UInt8] = []

    /// A string reply longer than this is not one we asked for (XTVERSION is a few dozen
    /// bytes); it is dropped rather than held, so garbage cannot grow `pending` for ever.
    static let maximumReplyLength = 1024

    public init() {}

    /// Parses `bytes` after whatever was pending and returns the replies now complete.
    public mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> [TerminalReply] {
        pending.append(contentsOf: bytes)
        var replies: [TerminalReply] = []
        var index = 0
        while index < pending.count {
            guard let step = Self.step(pending, at: index) else { break }
            switch step {
            case .input(let count): userInput.append(contentsOf: pending[index..<(index + count)])
            case .reply(_, let reply): if let reply { replies.append(reply) }
            }
            index += step.count
        }
        pending.removeFirst(index)
        return replies
    }

    /// The keystrokes found so far, handed over: the parser forgets them.
    public mutating func takeUserInput() -> [UInt8] {
        defer { userInput.removeAll() }
        return userInput
    }

    /// No more bytes will come (the probe is over): what is pending, a lone ESC or a reply
    /// cut off by the timeout, joins the user input, so the next reader (whose decoder
    /// knows to skip the rest of a late reply) sees the bytes in the order they came.
    public mutating func finish() -> [UInt8] {
        userInput.append(contentsOf: pending)
        pending.removeAll()
        return takeUserInput()
    }
}

extension TerminalReplyParser {
    /// What the bytes at one position are.
    enum Step: Equatable {
        /// `count` bytes typed by the user.
        case input(Int)
        /// `count` bytes of a reply; nil for one too long or malformed to read.
        case reply(Int, TerminalReply?)

        var count: Int {
            switch self {
            case .input(let count), .reply(let count, _): count
            }
        }
    }

    /// The step at `index`, or nil when the bytes there may start a reply that is not
    /// complete yet.
    static func step(_ bytes: [UInt8], at index: Int) -> Step? {
        guard bytes[index] == 0x1B else { return .input(1) }
        guard index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "["):
            // iTerm2's version reply is not a CSI sequence by the grammar (`I` would end one,
            // a focus report): it goes first.
            switch TerminalReply.scanITermVersion(bytes, at: index, atEnd: false) {
            case .reply(let count, let version): return .reply(count, .iTermVersion(version))
            case .incomplete: return nil
            case .none: return controlSequence(bytes, at: index)
            }
        case UInt8(ascii: "P"):
            // A DCS reply has a parameter byte first (`>|`, `1$r`); Alt-Shift-P then a
            // letter is the user's.
            guard index + 2 < bytes.count else { return nil }
            guard (0x30...0x3F).contains(bytes[index + 2]) else { return .input(1) }
            return string(bytes, at: index, endsAtBell: false, reply: TerminalReply.deviceControl)
        case UInt8(ascii: "_"):
            guard index + 2 < bytes.count else { return nil }
            guard bytes[index + 2] == UInt8(ascii: "G") else { return .input(1) }
            return string(bytes, at: index, endsAtBell: false, reply: TerminalReply.applicationProgram)
        case UInt8(ascii: "]"):
            return string(bytes, at: index, endsAtBell: true) { _ in .other }
        default:
            // The Esc key, or Alt and a key: the ESC is input, and the next byte is read
            // afresh (it may itself be an ESC that starts a reply).
            return .input(1)
        }
    }

    /// `ESC [`, parameters, intermediates, final: a reply, or a key that is input whole.
    static func controlSequence(_ bytes: [UInt8], at index: Int) -> Step? {
        let start = index + 2
        var cursor = start
        while cursor < bytes.count, (0x30...0x3F).contains(bytes[cursor]) { cursor += 1 }
        let parametersEnd = cursor
        while cursor < bytes.count, (0x20...0x2F).contains(bytes[cursor]) { cursor += 1 }
        guard cursor < bytes.count else {
            return cursor - index > maximumReplyLength ? .reply(cursor - index, nil) : nil
        }
        guard (0x40...0x7E).contains(bytes[cursor]) else {
            // A control byte cut it short: not a sequence after all, so it was typed.
            return .input(cursor - index)
        }
        let reply = TerminalReply.controlSequence(parameters: bytes[start..<parametersEnd],
                                                  intermediates: bytes[parametersEnd..<cursor], final: bytes[cursor])
        return reply.map { .reply(cursor + 1 - index, $0) } ?? .input(cursor + 1 - index)
    }

    /// A string sequence from `ESC x` to ST (`ESC \`), or BEL as well for OSC.
    static func string(_ bytes: [UInt8], at index: Int, endsAtBell: Bool,
                       reply: (ArraySlice<UInt8>) -> TerminalReply) -> Step? {
        let body = index + 2
        var cursor = body
        while cursor < bytes.count {
            if endsAtBell, bytes[cursor] == 0x07 {
                return .reply(cursor + 1 - index, reply(bytes[body..<cursor]))
            }
            if bytes[cursor] == 0x1B {
                guard cursor + 1 < bytes.count else { return nil }
                if bytes[cursor + 1] == UInt8(ascii: "\\") {
                    return .reply(cursor + 2 - index, reply(bytes[body..<cursor]))
                }
                // Any other ESC aborts the string (as in xterm) and starts what follows.
                return .reply(cursor - index, nil)
            }
            cursor += 1
        }
        return cursor - index > maximumReplyLength ? .reply(cursor - index, nil) : nil
    }
}
