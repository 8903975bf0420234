import InsetCore
import InsetRender
import InsetTestSupport
import Testing
@testable import InsetShell

/// Skipping what a flood of plain text only scrolls past must leave exactly the screen
/// (cells, colours, cursor) that feeding every byte leaves.
@Suite("Flood skip")
struct FloodSkipTests {
    /// Lines of plain text, some longer than the screen is wide (they wrap), with tabs and
    /// wide characters, ended by CR LF as a pty with onlcr writes them.
    func flood(_ rng: inout SplitMix64, lines: Int, width: Int) -> [UInt8] {
        var text = ""
        let words = ["seq", "12345", "日本", "\t", "é", "line", "|", "x"]
        for n in 0..<lines {
            text += "\(n) "
            for _ in 0..<Int.random(in: 0..<width / 2, using: &rng) { text += words[Int.random(in: 0..<words.count, using: &rng)] }
            text += "\r\n"
        }
        return Array(text.utf8)
    }

    func cells(_ screen: VirtualScreen) -> [Cell] {
        var grid = CellGrid(size: screen.size)
        screen.draw(into: &grid, showCursor: true)
        var result: [Cell] = []
        for row in 0..<grid.rows { for column in 0..<grid.columns { result.append(grid[column, row]) } }
        return result
    }

    @Test("random floods in random chunks: the same screen with and without skipping", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func sameScreen(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let size = CellSize(columns: 20 + Int.random(in: 0..<60, using: &rng), rows: 3 + Int.random(in: 0..<30, using: &rng))
        let skipping = VirtualScreen(size: size), full = VirtualScreen(size: size)
        var watch = ScrollRegionWatch()
        var inputGuard = EmulatorInputGuard()
        let setUp = "some text\r\n\u{1B}[31;44mcoloured pen\r\nand more"
        skipping.feed(setUp)
        full.feed(setUp)
        var bytes = flood(&rng, lines: 300 + Int.random(in: 0..<400, using: &rng), width: size.columns)
        bytes += Array("tail without newline \u{1B}[0m".utf8)
        var skipped = 0
        var offset = 0
        while offset < bytes.count {
            let length = min(bytes.count - offset, 1 + Int.random(in: 0..<6000, using: &rng))
            bytes[offset..<(offset + length)].withUnsafeBytes { chunk in
                skipped += FloodSkip.feed(chunk, into: skipping, through: &inputGuard, watch: &watch)
                full.feed(chunk)
            }
            offset += length
        }
        #expect(skipped > 0, "nothing was skipped")
        #expect(cells(skipping) == cells(full), "seed \(seed) size \(size)")
        #expect(skipping.cursor == full.cursor)
    }

    @Test("nothing is skipped in the alternate screen, under a scroll region, or past a control sequence")
    func notSkipped() {
        let lines = Array(String(repeating: "text\r\n", count: 100).utf8)
        var watch = ScrollRegionWatch()
        var inputGuard = EmulatorInputGuard()
        let screen = VirtualScreen(size: CellSize(columns: 20, rows: 5))
        screen.feed("\u{1B}[2;4r")
        lines.withUnsafeBytes { chunk in
            watch.scan(UnsafeRawBufferPointer(rebasing: chunk[0..<0]))
            var region = ScrollRegionWatch()
            "\u{1B}[2;4r".utf8.withContiguousStorageIfAvailable { region.scan(UnsafeRawBufferPointer($0)) }
            #expect(region.regionSet)
            #expect(FloodSkip.feed(chunk, into: screen, through: &inputGuard, watch: &region) == 0)
            "\u{1B}[r".utf8.withContiguousStorageIfAvailable { region.scan(UnsafeRawBufferPointer($0)) }
            #expect(!region.regionSet)
        }
        let alternate = VirtualScreen(size: CellSize(columns: 20, rows: 5))
        alternate.feed("\u{1B}[?1049h")
        lines.withUnsafeBytes { #expect(FloodSkip.feed($0, into: alternate, through: &inputGuard, watch: &watch) == 0) }
        let withEscape = Array("\u{1B}[1m".utf8) + lines
        withEscape.withUnsafeBytes { #expect(FloodSkip.cut($0, rows: 5) == 0) }
        lines.withUnsafeBytes { #expect(FloodSkip.cut($0, rows: 5) == (100 - 5) * 6) }
    }
}
