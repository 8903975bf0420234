/// One reply a terminal sent to a query, as `TerminalReplyParser` recognised it.
///
/// Only the replies the capability probe asks for carry their content; other reports
/// (OSC colours, DECRPM, a second DA, another program's late answer) are `.other`: they
/// must still be taken out of the input, so they are never mistaken for keys.
public enum TerminalReply: Hashable, Sendable {
    /// DA1, `ESC [ ? 62 ; 4 ; 22 c`: the device class and its features (4 is sixel).
    /// Every terminal answers it, so the probe asks it last and stops on its reply.
    case primaryAttributes([Int])
    /// XTVERSION, `ESC P > | text ESC \`: the terminal's name and version, as it spells
    /// them ("kitty(0.39.1)", "XTerm(379)", "tmux 3.3a").
    case terminalVersion(String)
    /// The kitty graphics protocol, `ESC _ G i=31 ; OK ESC \`: the image id the query
    /// carried and the message ("OK", or an error such as "EINVAL:...").
    case kittyGraphics(imageID: Int?, message: String)
    /// `ESC [ 6 ; height ; width t`, the reply to `CSI 16 t`: one cell in pixels.
    case cellPixels(PixelSize)
    /// iTerm2's reply to `CSI 1337 n`, `ESC [ ITERM2 3.5.0 n`: its version ("3.5.0",
    /// "3.5.20240101-nightly"). Other terminals leave the query unanswered.
    case iTermVersion(String)
    /// A reply of a kind the probe does not use; swallowed all the same.
    case other
}

extension TerminalReply {
    /// The reply a DCS string stands for, given what lies between `ESC P` and `ESC \`.
    static func deviceControl(_ body: ArraySlice<UInt8>) -> TerminalReply {
        let prefix = Array(">|".utf8)
        guard body.starts(with: prefix) else { return .other }
        return .terminalVersion(String(decoding: body.dropFirst(prefix.count), as: UTF8.self))
    }

    /// The reply an APC string stands for, given what lies between `ESC _` and `ESC \`:
    /// kitty's `G key=value,... ; message`.
    static func applicationProgram(_ body: ArraySlice<UInt8>) -> TerminalReply {
        guard body.first == UInt8(ascii: "G") else { return .other }
        let rest = body.dropFirst()
        let split = rest.firstIndex(of: UInt8(ascii: ";")) ?? rest.endIndex
        var imageID: Int?
        for pair in rest[..<split].split(separator: UInt8(ascii: ",")) {
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1)
            if parts.count == 2, parts[0].elementsEqual("i".utf8) {
                imageID = Int(String(decoding: parts[1], as: UTF8.self))
            }
        }
        let message = split < rest.endIndex ? rest[rest.index(after: split)...] : []
        return .kittyGraphics(imageID: imageID, message: String(decoding: message, as: UTF8.self))
    }

    /// The reply a CSI sequence stands for, or nil when it is not a reply at all but a key
    /// or a mouse report (arrows, `CSI 1 ; 5 C`, `CSI < 0 ; 1 ; 1 M`), which belongs to the
    /// user. `parameters` are the bytes 0x30-0x3F, `intermediates` 0x20-0x2F.
    static func controlSequence(parameters: ArraySlice<UInt8>, intermediates: ArraySlice<UInt8>,
                                final: UInt8) -> TerminalReply? {
        let marker = parameters.first.flatMap { (0x3C...0x3F).contains($0) ? $0 : nil }
        let numbers = numbers(marker == nil ? parameters : parameters.dropFirst())
        switch (marker, intermediates.isEmpty, final) {
        case (UInt8(ascii: "?"), true, UInt8(ascii: "c")):
            return .primaryAttributes(numbers.compactMap { $0 })
        case (nil, true, UInt8(ascii: "t")):
            // Window reports (CSI 4/6/8/… ; a ; b t). No key ends in `t`.
            guard numbers.count == 3, let kind = numbers[0], let height = numbers[1], let width = numbers[2] else {
                return .other
            }
            let size = PixelSize(width: width, height: height)
            return kind == 6 && TerminalCapabilities.isPlausibleCell(size) ? .cellPixels(size) : .other
        case (UInt8(ascii: "<"), _, _):
            // SGR mouse reports belong to the user.
            return nil
        case (.some, _, _):
            // Other private markers (`?`, `>`, `=`) introduce reports (DA2, DECRPM), not keys.
            return .other
        default:
            return nil
        }
    }

    /// `62;4;;22` as [62, 4, nil, 22]; a number too long to be one is nil, not a trap.
    static func numbers(_ bytes: ArraySlice<UInt8>) -> [Int?] {
        bytes.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false).map { field in
            guard !field.isEmpty, field.count <= 9,
                  field.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
            return Int(String(decoding: field, as: UTF8.self))
        }
    }
}
