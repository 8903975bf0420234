import InsetCore

/// iTerm2's inline images (OSC 1337): a picture file (here a JPEG) in base64, shown at the
/// cursor, sized in cells so the terminal fits it to exactly the cells the hole has
/// (`width=N;height=M;preserveAspectRatio=0`: no letterbox of its own, no scaling beyond
/// the cell grid) and, with `doNotMoveCursor=1` (WezTerm and iTerm2 3.5 take it; others
/// ignore it), leaving the cursor where it was.
///
/// Alone, the picture is one sequence, `ESC ] 1337 ; File=KEYS : BASE64 BEL`. Inside tmux
/// it goes through passthrough (`ESC P tmux; … ESC \`, its ESCs doubled), which holds only
/// so much in one string, so it takes iTerm2's multipart form: `MultipartFile=KEYS`, then
/// the base64 in `FilePart=` pieces of `partBytes`, then `FileEnd`, each one passthrough.
///
/// The protocol has no image ids and no delete: a picture is pixels on the terminal's
/// screen, as sixel's are, which the cells written over it replace (the presenter erases
/// what a picture that moved or went leaves behind).
public enum ITermInlineImage {
    /// Base64 characters in one `FilePart=` (a multiple of 4, so each piece decodes alone).
    public static let partBytes = 16 * 1024

    /// Writes the escape(s) showing `file` (the picture file's bytes) over `cells`. Inside
    /// tmux, `at` is where on the terminal outside (the pane's origin plus the cell): tmux
    /// writes each passthrough string at the outer cursor, which it homes (1;1) first, not at
    /// the pane's cursor, so the strings that start and end the picture save the cursor,
    /// move it there and put it back, and tmux's idea of it stays true.
    public static func write(_ file: UnsafeRawBufferPointer, cells: CellSize, passthrough: Bool, at: CellPoint? = nil,
                             into output: OutputBuffer) {
        let encodedCount = Base64.encodedCount(file.count)
        guard let source = file.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        if !passthrough {
            output.withWriter(reserving: encodedCount + 160) { w in
                w.putLiteral("\u{1B}]1337;File=")
                putKeys(fileBytes: file.count, cells: cells, &w)
                w.put(UInt8(ascii: ":"))
                Base64.put(source, count: file.count, into: &w)
                w.put(0x07)
            }
            return
        }
        output.append("\u{1B}Ptmux;")
        moveOutside(to: at, output)
        output.withWriter(reserving: 200) { w in
            w.putLiteral("\u{1B}\u{1B}]1337;MultipartFile=")
            putKeys(fileBytes: file.count, cells: cells, &w)
            w.putLiteral("\u{07}")
        }
        if at != nil { output.append("\u{1B}\u{1B}8") }
        output.append("\u{1B}\\")
        // Three file bytes make four characters: a part of partBytes characters is
        // partBytes / 4 * 3 file bytes.
        let stride = partBytes / 4 * 3
        var offset = 0
        while offset < file.count {
            let count = min(stride, file.count - offset)
            output.withWriter(reserving: Base64.encodedCount(count) + 32) { w in
                w.putLiteral("\u{1B}Ptmux;\u{1B}\u{1B}]1337;FilePart=")
                Base64.put(source + offset, count: count, into: &w)
                w.putLiteral("\u{07}\u{1B}\\")
            }
            offset += count
        }
        output.append("\u{1B}Ptmux;")
        moveOutside(to: at, output)
        output.append("\u{1B}\u{1B}]1337;FileEnd\u{07}")
        if at != nil { output.append("\u{1B}\u{1B}8") }
        output.append("\u{1B}\\")
    }

    /// Inside one passthrough string (tmux homes the cursor before each): the cursor saved
    /// and moved to `at`, where the picture starts (its header) and is placed (its end).
    private static func moveOutside(to at: CellPoint?, _ output: OutputBuffer) {
        guard let at else { return }
        output.append("\u{1B}\u{1B}7\u{1B}\u{1B}[")
        output.appendDecimal(at.row + 1)
        output.append(";")
        output.appendDecimal(at.column + 1)
        output.append("H")
    }

    /// `inline=1;size=N;width=C;height=R;preserveAspectRatio=0;doNotMoveCursor=1`.
    private static func putKeys(fileBytes: Int, cells: CellSize, _ w: inout ByteWriter) {
        w.putLiteral("inline=1;size=")
        w.putDecimal(fileBytes)
        w.putLiteral(";width=")
        w.putDecimal(cells.columns)
        w.putLiteral(";height=")
        w.putDecimal(cells.rows)
        w.putLiteral(";preserveAspectRatio=0;doNotMoveCursor=1")
    }
}
