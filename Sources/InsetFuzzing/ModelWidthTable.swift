import InsetRender

/// Characters whose width the replay model gets wrong because its width table is older
/// than they are, through no fault of the renderer's.
///
/// The model is libvterm 0.1.4, whose table is Unicode 9.0's. Measured over every scalar
/// against the renderer's table (`GlyphWidth`, which agrees with glibc 2.36's wcwidth up to
/// Unicode 14): it draws one column wide the characters assigned since that the renderer
/// and the terminals draw two (the emoji of Unicode 10.0 and later, Nushu, the newer
/// kana), and two columns the two emoji that Unicode 10.0 made ordinary symbols, one column
/// wide (U+1F93B MODERN PENTATHLON, U+1F946 RIFLE). Where the model and the renderer
/// disagree on such a character, what the model shows says nothing about the rasterizer:
/// that is counted apart, not failed.
///
/// Every other disagreement still fails: a character both tables know (the regional
/// indicators, which the renderer draws two columns wide as emoji and the model one), an
/// unassigned code point (no table knows its width), a cell that lost its glyph.
enum ModelWidthTable {
    /// The Unicode version of the model's table: characters assigned later are newer.
    static let unicodeVersion = (major: 9, minor: 0)

    /// Characters of the table's time whose width Unicode changed since.
    static let widthChangedSince: Set<UInt32> = [0x1F93B, 0x1F946]

    /// Whether the model's table is older than `glyph`'s width, and the model (asked, not
    /// assumed) gives it another width than the renderer.
    static func predates(_ glyph: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(glyph), let age = scalar.properties.age else { return false }
        let assignedSince = age.major > unicodeVersion.major
            || (age.major == unicodeVersion.major && age.minor > unicodeVersion.minor)
        guard assignedSince || widthChangedSince.contains(glyph) else { return false }
        return GlyphWidth.columns(of: scalar) != ReplayTerminal.columns(of: scalar)
    }
}
