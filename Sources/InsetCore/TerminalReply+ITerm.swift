/// iTerm2's answer to `CSI 1337 n`: `ESC [ ITERM2 <version> n`, as iTerm2 writes it (its
/// CFBundleVersion: "3.5.0", "3.5.0beta18", "3.5.20240101-nightly"). By the CSI grammar
/// `ESC [ I` is already a whole sequence (a focus report), so the reply is read on its own,
/// both by the probe (`TerminalReplyParser`) and by the input decoder, which must not take a
/// late one for keys.
extension TerminalReply {
    /// What the bytes after `ESC [` are.
    public enum ITermVersionScan: Equatable, Sendable {
        /// The reply, `count` bytes from the ESC, with the version.
        case reply(count: Int, version: String)
        /// Perhaps the reply, but its end has not arrived.
        case incomplete
        /// Not the reply (a focus report, a key).
        case none
    }

    static let iTermVersionPrefix = Array("ITERM2 ".utf8)
    /// Longer than this is not a version.
    static let iTermVersionLimit = 64

    /// The reply at `index` (an ESC followed by `[`). The version has printable bytes only,
    /// and may itself hold an `n` ("nightly"): the reply runs to the last `n` before the next
    /// non-printable byte (the ESC of the DA1 reply the probe asks next). `atEnd`: no more
    /// bytes will come, so the run ends where the bytes do.
    public static func scanITermVersion(_ bytes: [UInt8], at index: Int, atEnd: Bool) -> ITermVersionScan {
        let start = index + 2
        for (offset, expected) in iTermVersionPrefix.enumerated() {
            guard start + offset < bytes.count else { return atEnd ? .none : .incomplete }
            guard bytes[start + offset] == expected else { return .none }
        }
        let versionStart = start + iTermVersionPrefix.count
        var cursor = versionStart
        var lastN: Int?
        while cursor < bytes.count, cursor - versionStart <= iTermVersionLimit, (0x20...0x7E).contains(bytes[cursor]) {
            if bytes[cursor] == UInt8(ascii: "n") { lastN = cursor }
            cursor += 1
        }
        if cursor == bytes.count, !atEnd, cursor - versionStart <= iTermVersionLimit { return .incomplete }
        guard let lastN, lastN > versionStart else { return .none }
        return .reply(count: lastN + 1 - index, version: String(decoding: bytes[versionStart..<lastN], as: UTF8.self))
    }
}
