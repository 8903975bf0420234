import InsetCore

/// The strings of an embedded session (`inset --embed`): it never enters anything (no
/// alternate screen, no keypad or mouse modes, the cursor left visible, since it is the
/// shell's), so leaving is erasing what it drew: every cell of its rectangle a blank of the
/// terminal's default colours, the cursor put back where the program beside it had it.
extension TerminalSequences {
    /// DECSC and DECRC: the cursor (and SGR) saved and restored around a drawing.
    static let saveCursor: [UInt8] = [0x1B, UInt8(ascii: "7")]
    static let restoreCursor: [UInt8] = [0x1B, UInt8(ascii: "8")]

    init(embeddedIn area: CellRect, farewell: [UInt8] = []) {
        let erase = Self.erasing(area)
        clear = []
        enter = []
        beforeEnd = Self.endSynchronizedUpdate + farewell + erase
        leave = Self.cancel + beforeEnd
    }

    /// Blanks every cell of `area`: spaces written over them (which also takes sixel
    /// pixels away, and a kitty placeholder's picture with its cells), in the default
    /// colours, between a save and a restore of the cursor.
    static func erasing(_ area: CellRect) -> [UInt8] {
        var bytes = saveCursor + Array("\u{1B}[0m".utf8)
        bytes.reserveCapacity(bytes.count + area.size.rows * (area.size.columns + 12) + 2)
        // A rectangle too large for the signal handlers' buffer as spaces is erased by ECH
        // (erase characters), which the terminals that matter do as well.
        let spaces = area.size.count <= SignalTrap.leaveCapacity - 4 * 1024
        let blanks = spaces ? [UInt8](repeating: UInt8(ascii: " "), count: max(0, area.size.columns))
            : Array("\u{1B}[\(area.size.columns)X".utf8)
        for row in area.minRow..<area.maxRow {
            bytes += Array("\u{1B}[\(row + 1);\(area.minColumn + 1)H".utf8)
            bytes += blanks
        }
        return bytes + restoreCursor
    }
}
