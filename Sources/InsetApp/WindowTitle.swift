import InsetCore

/// The terminal window's title (OSC 2) while the player runs: what is playing, as a
/// music player names it ("♪ Artist – Title"), so a tab or a task bar says it. The user's
/// own title is saved first (XTWINOPS 22) and put back on the way out (23), where the
/// terminal keeps a stack of them; one that does not ignores both.
struct WindowTitle {
    /// The title last written; nil before the first.
    private(set) var shown: String?

    /// The escapes that set `title`, when it differs from the one shown; nil otherwise. The
    /// text is printable already (names go through `PrintableText`), so no BEL or ESC in
    /// it can end the sequence early. Nothing playing (nil) leaves the user's title alone
    /// until one has been set, and is "inset" after (back in the library).
    mutating func update(to wanted: String?) -> [UInt8]? {
        guard let title = wanted ?? shown.map({ _ in WindowTitle.idle }), title != shown else { return nil }
        let save = shown == nil ? "\u{1B}[22;0t" : ""
        shown = title
        return Array((save + "\u{1B}]2;\(title)\u{07}").utf8)
    }

    /// The escape that gives the user's title back; nil when none was ever set.
    var restore: [UInt8]? { shown == nil ? nil : Array("\u{1B}[23;0t".utf8) }

    static let idle = "inset"

    /// What the window is called while `name` plays: a sound-only file's with a note.
    static func text(name: String, music: Bool) -> String {
        (music ? "♪ " : "") + name + " — inset"
    }
}
