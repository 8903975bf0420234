import InsetCore

/// The terminal window's title (OSC 2) while the player runs: what is playing, as a
/// music player names it ("♪ Artist – Title"), so a tab or a task bar says it. The user's
/// own title is saved first (XTWINOPS 22) and put back on the way out (23), where the
/// terminal keeps a stack of them; one that does not ignores both.
struct WindowTitle {
    /// What a title is made of: the playing video's name, and whether it is music. Asked
    /// on every paint, so it is compared as it is and the title's text is built only when
    /// it changes.
    struct Subject: Equatable {
        var name: String
        var music: Bool
        var text: String { WindowTitle.text(name: name, music: music) }
    }

    /// What the title last written was made of (`.none`: "inset", nothing playing); nil
    /// before the first.
    private(set) var shown: Subject??

    /// The escapes that set the title for `wanted`, when it differs from the one shown;
    /// nil otherwise. The name is printable already (names go through `PrintableText`), so
    /// no BEL or ESC in it can end the sequence early. Nothing playing (nil) leaves the
    /// user's title alone until one has been set, and is "inset" after (back in the library).
    mutating func update(to wanted: Subject?) -> [UInt8]? {
        guard wanted != nil || shown != nil, shown != .some(wanted) else { return nil }
        let save = shown == nil ? "\u{1B}[22;0t" : ""
        shown = .some(wanted)
        return Array((save + "\u{1B}]2;\(wanted?.text ?? WindowTitle.idle)\u{07}").utf8)
    }

    /// The escape that gives the user's title back; nil when none was ever set.
    var restore: [UInt8]? { shown == nil ? nil : Array("\u{1B}[23;0t".utf8) }

    static let idle = "inset"

    /// What the window is called while `name` plays: a sound-only file's with a note.
    static func text(name: String, music: Bool) -> String {
        (music ? "♪ " : "") + name + " — inset"
    }
}
