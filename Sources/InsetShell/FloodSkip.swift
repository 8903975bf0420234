/// The fast path for floods of plain text (`seq 1 2000000`, `cat big.log`).
///
/// libvterm scrolls by moving the whole screen buffer up a line, so a line of output costs
/// as much as the screen is big: 2 million lines at 160x45 take it 8-9 s where tmux needs
/// under 2. Yet of a chunk of plain text only its last screenful can be seen: everything
/// before scrolls off. So when a chunk is plain text (printable characters, CR, LF, TAB)
/// up to a point followed by at least a screen's height of lines, that part is replaced by
/// a CR and as many LFs as the screen has rows, which scroll the screen blank just as the
/// text would have (same pen, same cursor: column 0 at the bottom), and the rest is fed.
///
/// Only on the main screen with no scroll region (full-screen programs set regions and use
/// the alternate screen); `ScrollRegionWatch` follows DECSTBM in what is fed.
enum FloodSkip {
    /// The offset where the part to feed begins: just after the CR LF that has `rows` more
    /// LFs after it, when every byte before that is plain text. 0 when nothing can be skipped.
    static func cut(_ bytes: UnsafeRawBufferPointer, rows: Int) -> Int {
        let count = bytes.count
        guard rows > 0, count > 0 else { return 0 }
        // From the end: find the LF with `rows` LFs after it.
        var newlines = 0
        var index = count - 1
        var cut = 0
        while index >= 1 {
            if bytes[index] == 0x0A {
                if newlines == rows {
                    guard bytes[index - 1] == 0x0D else { return 0 }
                    cut = index + 1
                    break
                }
                newlines += 1
            }
            index -= 1
        }
        guard cut > 0 else { return 0 }
        for k in 0..<cut {
            let byte = bytes[k]
            if byte < 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09 { return 0 }
            if byte == 0x7F { return 0 }
        }
        return cut
    }

    /// Feeds `chunk` to `screen` through `inputGuard`, skipping what only scrolls past when
    /// it may; returns the bytes skipped.
    ///
    /// The guard reads what libvterm gets: the lines that stand for the skipped text, then
    /// the rest as a read of its own (libvterm gets it in a write of its own). Were it to
    /// read the skipped text, it would follow a libvterm that never saw it: the text's last
    /// character a space, libvterm's still a wide one from before, so a REP passed and
    /// repeated the wide one past the row's end (SIGSEGV, `scripts/fuzz --target terminal
    /// --seed 4242` input 196878, issue 42 item 6). And only a chunk that libvterm starts
    /// reading as text is skipped: one that goes on with a sequence of the last read would
    /// lose with the text the byte that ends the sequence (a CSI of 15 separators at a
    /// read's end, a read from a byte of 0x80 on, which ends it, lines of text, `;5m`:
    /// libvterm took `;` as a 17th parameter past its 16 slots; input 38312).
    @discardableResult
    static func feed(_ chunk: UnsafeRawBufferPointer, into screen: VirtualScreen, through inputGuard: inout EmulatorInputGuard,
                     watch: inout ScrollRegionWatch) -> Int {
        watch.scan(chunk)
        let rows = screen.size.rows
        var cut = 0
        if inputGuard.readsText && !screen.isAlternateScreen && !watch.regionSet { cut = FloodSkip.cut(chunk, rows: rows) }
        guard cut > 0 else {
            inputGuard.filter(chunk) { (bytes: UnsafeRawBufferPointer) in screen.feed(bytes) }
            return 0
        }
        // What stands for the skipped text: CR, then a screen's height of LFs.
        let replacement: [UInt8] = [0x0D] + [UInt8](repeating: 0x0A, count: rows)
        replacement.withUnsafeBytes { lines in
            inputGuard.filter(lines) { (bytes: UnsafeRawBufferPointer) in screen.feed(bytes) }
        }
        inputGuard.filter(UnsafeRawBufferPointer(rebasing: chunk[cut...])) { (bytes: UnsafeRawBufferPointer) in screen.feed(bytes) }
        return cut
    }
}

/// Follows whether a scroll region (DECSTBM, `ESC [ top ; bottom r`) may be set, from the
/// bytes fed: set by one with parameters, cleared by `ESC [ r` or a reset (`ESC c`). A
/// sequence split between two reads is missed; the watch errs on the side of "set" only
/// for what it sees.
struct ScrollRegionWatch {
    private(set) var regionSet = false

    mutating func scan(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        var index = 0
        while index < count {
            guard bytes[index] == 0x1B, index + 1 < count else { index += 1; continue }
            let next = bytes[index + 1]
            if next == UInt8(ascii: "c") { regionSet = false; index += 2; continue }
            guard next == UInt8(ascii: "[") else { index += 1; continue }
            var k = index + 2
            var hasParameters = false
            while k < count, (0x30...0x3B).contains(bytes[k]) { hasParameters = true; k += 1 }
            if k < count, bytes[k] == UInt8(ascii: "r") { regionSet = hasParameters }
            index = k
        }
    }
}
