import InsetCore

/// The start and end of one kitty graphics escape: APC `ESC _ G` … `ESC \`, or the same
/// wrapped for tmux's passthrough, `ESC P tmux;` … `ESC \` with every ESC inside doubled.
///
/// The only ESCs in a graphics command are its own APC introducer and terminator (keys are
/// ASCII letters and digits, the payload base64), so the doubling is written here once
/// instead of by copying each escape through a filter.
struct KittyFraming {
    let passthrough: Bool

    /// Most bytes `begin` and `end` write together.
    private static let framingBytes = 16

    /// One whole command: the framing around what `body` writes (at most `maxBytes`).
    @inline(__always)
    func command(into output: OutputBuffer, reserving maxBytes: Int, _ body: (inout ByteWriter) -> Void) {
        output.withWriter(reserving: maxBytes + KittyFraming.framingBytes) { w in
            begin(&w)
            body(&w)
            end(&w)
        }
    }

    @inline(__always)
    func begin(_ w: inout ByteWriter) {
        if passthrough { w.putLiteral("\u{1B}Ptmux;\u{1B}\u{1B}_G") } else { w.putLiteral("\u{1B}_G") }
    }

    @inline(__always)
    func end(_ w: inout ByteWriter) {
        if passthrough { w.putLiteral("\u{1B}\u{1B}\\\u{1B}\\") } else { w.putLiteral("\u{1B}\\") }
    }
}

/// The keys that say what a transmitted image becomes.
enum KittyKeys {
    /// A placement at the cursor: `i,p,c,r,z,q=2,C=1`.
    case placed(KittyPlacement)
    /// A virtual placement for Unicode placeholders: `i,c,r,U=1,q=2`.
    case virtual(imageID: UInt32, cells: CellSize)

    func put(_ w: inout ByteWriter) {
        switch self {
        case .placed(let placement):
            w.putLiteral("i=")
            w.putDecimal(Int(placement.imageID))
            w.putLiteral(",p=")
            w.putDecimal(Int(placement.placementID))
            putCells(placement.cells, &w)
            w.putLiteral(",z=")
            w.putDecimal(Int(placement.zIndex))
            w.putLiteral(",q=2,C=1")
        case .virtual(let imageID, let cells):
            w.putLiteral("i=")
            w.putDecimal(Int(imageID))
            putCells(cells, &w)
            w.putLiteral(",U=1,q=2")
        }
    }

    private func putCells(_ cells: CellSize, _ w: inout ByteWriter) {
        w.putLiteral(",c=")
        w.putDecimal(cells.columns)
        w.putLiteral(",r=")
        w.putDecimal(cells.rows)
    }
}
