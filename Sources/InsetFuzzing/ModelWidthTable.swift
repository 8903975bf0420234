import InsetRender

/// Characters too new for the replay model's width table: wide for the renderer, one
/// column for the model, through no fault of the renderer's.
///
/// The model is libvterm 0.1.4, whose table of wide characters is Unicode 9.0's: its
/// ideographs and Tangut, and the emoji that Unicode 9.0 made wide (Emoji_Presentation),
/// are two columns; no emoji assigned since is (measured over every scalar: of the emoji
/// with Emoji_Presentation it draws one column wide, all but the regional indicators came
/// in Unicode 10.0 or later). The renderer (`GlyphWidth`) and the terminals it writes to
/// draw those two columns wide, as Unicode has since 10.0. Where the two disagree on such
/// a character, what the model shows says nothing about the rasterizer: that is counted
/// apart, not failed.
///
/// Anything else narrower on the model than in the pane still fails: a character the
/// model's table knew (a regional indicator, a text-presentation symbol that the
/// renderer's coarse ranges call wide), an unassigned one, or a cell that lost its glyph.
enum ModelWidthTable {
    /// The Unicode version of the model's table: characters assigned later are newer.
    static let unicodeVersion = (major: 9, minor: 0)

    /// Whether `glyph` is an emoji assigned after the model's table, which the renderer
    /// draws two columns wide and the model (asked, not assumed) one.
    static func isNewer(_ glyph: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(glyph), scalar.properties.isEmojiPresentation,
              let age = scalar.properties.age else { return false }
        guard age.major > unicodeVersion.major || (age.major == unicodeVersion.major && age.minor > unicodeVersion.minor)
        else { return false }
        return GlyphWidth.columns(of: scalar) == 2 && ReplayTerminal.columns(of: scalar) == 1
    }
}
