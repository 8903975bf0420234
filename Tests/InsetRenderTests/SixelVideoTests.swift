import InsetCore
import InsetTestSupport
import Testing
@testable import InsetRender

/// The sixel encoder over a sequence of frames, as the player drives it: the palette
/// carried from frame to frame, and only the cells that changed sent. Every image is
/// decoded by the tests' own decoder and laid over the screen so far, as a terminal does,
/// and the screen is compared with the frame it should show.
@Suite("Sixel video")
struct SixelVideoTests {
    static let cell = PixelSize(width: 8, height: 16)

    /// The scene with a small dark square at `x`, as a moving object over a still shot.
    static func frame(squareAt x: Int, size: PixelSize = PixelSize(width: 320, height: 176)) -> RGBImage {
        let image = TestImages.scene(size)
        for y in 100..<124 {
            for dx in 0..<24 { image.setPixel(x: x + dx, y: y, RGB(30, 30, 90)) }
        }
        return image
    }

    /// A terminal's screen of `size` pixels that sixel images are painted onto.
    struct Screen {
        var width: Int, height: Int
        var pixels: [RGB?]
        init(_ size: PixelSize) { width = size.width; height = size.height; pixels = Array(repeating: nil, count: size.width * size.height) }

        mutating func paint(_ image: SixelDecoder.Image, at rect: PixelRect) {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    if let c = image.color(x, y) { pixels[(rect.y + y) * width + rect.x + x] = c }
                }
            }
        }

        func color(_ x: Int, _ y: Int) -> RGB? { pixels[y * width + x] }
    }

    @Test("a moving square is sent as the cells it crossed, and the screen shows every frame")
    func sequence() throws {
        let encoder = SixelEncoder()
        let size = PixelSize(width: 320, height: 176)
        var screen = Screen(size)
        var fullBytes = 0
        for step in 0..<12 {
            let source = Self.frame(squareAt: 40 + 7 * step, size: size)
            let rect = try #require(encoder.prepare(source, changesOnly: step == 0 ? nil : Self.cell))
            let output = OutputBuffer()
            encoder.write(into: output)
            let decoded = try SixelDecoder.decode(output.array)
            #expect(decoded.width == rect.width && decoded.height == rect.height)
            #expect(decoded.paintCounts.allSatisfy { $0 == 1 })
            #expect(rect.x % Self.cell.width == 0 && rect.y % Self.cell.height == 0, "\(rect) starts inside a cell")
            screen.paint(decoded, at: rect)
            let difference = TestImages.difference(source) { screen.color($0, $1) }
            // A fresh frame of the scene measures 38–39 dB (the palette and the run
            // slack); carried palettes and kept entries may cost a little.
            #expect(difference.psnr >= 36, "frame \(step): \(difference.psnr) dB")
            #expect(difference.maxChannel <= 24, "frame \(step)")
            if step == 0 {
                #expect(rect == PixelRect(x: 0, y: 0, width: size.width, height: size.height))
                fullBytes = output.count
            } else {
                // The square moves 7 px inside one band of cells: the old and new places,
                // grown to cells, not the whole frame.
                #expect(rect.height <= 3 * Self.cell.height && rect.width <= 48, "frame \(step): \(rect)")
                #expect(output.count * 4 < fullBytes, "frame \(step): \(output.count) bytes")
            }
        }
    }

    @Test("the same frame again sends nothing")
    func unchanged() {
        let encoder = SixelEncoder()
        let source = Self.frame(squareAt: 60)
        #expect(encoder.prepare(source, changesOnly: Self.cell) != nil)
        let output = OutputBuffer()
        encoder.write(into: output)
        #expect(encoder.prepare(source, changesOnly: Self.cell) == nil)
        output.removeAll()
        encoder.write(into: output)
        #expect(output.isEmpty)
    }

    /// Video noise: most pixels of the next frame move by a level or two. The palette is
    /// carried over (the histogram barely moved), so the colours shown stay put: at most
    /// 1% of the pixels change colour, where a fresh palette for the second frame changes
    /// far more of them.
    @Test("two nearly identical frames show the same colours")
    func stablePalette() throws {
        let first = TestImages.scene(PixelSize(width: 320, height: 180))
        let second = TestImages.scene(PixelSize(width: 320, height: 180))
        var rng = SplitMix64(seed: 11)
        for y in 0..<second.height {
            for x in 0..<second.width {
                let c = second.pixel(x: x, y: y)
                let d = Int(rng.next() % 3) - 1
                second.setPixel(x: x, y: y, RGB(UInt8(clamping: Int(c.r) + d), UInt8(clamping: Int(c.g) - d), c.b))
            }
        }
        let encoder = SixelEncoder()
        let a = OutputBuffer(), b = OutputBuffer()
        encoder.encode(first, into: a)
        encoder.encode(second, into: b)
        let shownFirst = try SixelDecoder.decode(a.array), shownSecond = try SixelDecoder.decode(b.array)
        let carried = Self.changedShare(shownFirst, shownSecond)
        #expect(carried <= 0.01, "\(carried * 100)% of pixels changed colour")

        let fresh = OutputBuffer()
        SixelEncoder().encode(second, into: fresh)
        let unrelated = Self.changedShare(shownFirst, try SixelDecoder.decode(fresh.array))
        #expect(unrelated > 4 * carried, "a fresh palette changed \(unrelated * 100)%, the carried one \(carried * 100)%")
        // The palette sent is the same one, entry for entry, but for a few.
        let definitions = { (bytes: [UInt8]) in
            Set(String(decoding: bytes, as: UTF8.self).split(separator: "#").filter { $0.contains(";2;") }.map { String($0.prefix(while: { $0 != "\u{1B}" && $0 != "\"" })) })
        }
        let before = definitions(a.array), after = definitions(b.array)
        let kept = before.intersection(after).count
        #expect(kept * 100 >= 95 * after.count, "\(kept) of \(after.count) entries kept (\(before.count) before)")
    }

    static func changedShare(_ a: SixelDecoder.Image, _ b: SixelDecoder.Image) -> Double {
        var changed = 0
        for i in 0..<a.pixels.count where a.pixels[i] != b.pixels[i] { changed += 1 }
        return Double(changed) / Double(a.pixels.count)
    }

    @Test("a cut to another picture starts afresh: the same bytes as a new encoder")
    func cut() {
        let encoder = SixelEncoder()
        let output = OutputBuffer(), fresh = OutputBuffer()
        encoder.encode(TestImages.scene(PixelSize(width: 200, height: 120)), into: output)
        let other = TestImages.gradient(PixelSize(width: 200, height: 120))
        output.removeAll()
        encoder.encode(other, into: output)
        SixelEncoder().encode(other, into: fresh)
        #expect(output.array == fresh.array)
    }

    @Test("two threads mapping the pixels write the same bytes as one, frame after frame")
    func twoThreads() throws {
        let size = PixelSize(width: 340, height: 300)  // over `parallelPixels`: split
        #expect(size.width * size.height >= SixelEncoder.parallelPixels)
        let one = SixelEncoder(threads: 1), two = SixelEncoder(threads: 2)
        for step in 0..<4 {
            let source = step < 3 ? Self.frame(squareAt: 40 + 9 * step, size: size)
                                  : TestImages.noise(size, seed: UInt64(step))
            let cell = step == 0 ? nil : Self.cell
            let rectOne = one.prepare(source, changesOnly: cell), rectTwo = two.prepare(source, changesOnly: cell)
            #expect(rectOne == rectTwo, "frame \(step)")
            let bytesOne = OutputBuffer(), bytesTwo = OutputBuffer()
            one.write(into: bytesOne)
            two.write(into: bytesTwo)
            #expect(bytesOne.array == bytesTwo.array, "frame \(step)")
            #expect(!bytesOne.array.isEmpty, "frame \(step)")
        }
    }

    @Test("rows are shared out in whole bands of six, as evenly as bands allow")
    func bandShares() {
        #expect(SixelEncoder.bandShares(rows: 660, parts: 2) == [0..<330, 330..<660])
        #expect(SixelEncoder.bandShares(rows: 100, parts: 2) == [0..<48, 48..<100])
        #expect(SixelEncoder.bandShares(rows: 5, parts: 2) == [0..<5])
        #expect(SixelEncoder.bandShares(rows: 36, parts: 3) == [0..<12, 12..<24, 24..<36])
    }
}
