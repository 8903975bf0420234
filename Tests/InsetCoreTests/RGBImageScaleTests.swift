import InsetCore
import Testing

@Suite("RGB image scaled down")
struct RGBImageScaleTests {
    @Test("each pixel is the rounded mean of the pixels it covers, from the region only")
    func boxMean() {
        let source = RGBImage(size: PixelSize(width: 6, height: 4))
        source.fill(RGB(255, 255, 255))
        // The region starts at x 2: four columns, four rows, in 2x2 blocks of known values.
        for y in 0..<4 { for x in 2..<6 { source.setPixel(x: x, y: y, RGB(UInt8(x * 10), UInt8(y * 10), 7)) } }
        let small = RGBImage(size: PixelSize(width: 2, height: 2))
        small.copyScaledDown(of: PixelRect(x: 2, y: 0, width: 4, height: 4), from: source)
        #expect(small.pixel(x: 0, y: 0) == RGB(25, 5, 7))
        #expect(small.pixel(x: 1, y: 0) == RGB(45, 5, 7))
        #expect(small.pixel(x: 0, y: 1) == RGB(25, 25, 7))
        #expect(small.pixel(x: 1, y: 1) == RGB(45, 25, 7))
    }

    @Test("three quarters: uneven blocks still cover every source pixel once; the same size is a copy")
    func uneven() {
        let source = RGBImage(size: PixelSize(width: 8, height: 4))
        source.fill(RGB(100, 150, 200))
        let scaled = RGBImage(size: PixelSize(width: 6, height: 3))
        scaled.copyScaledDown(of: PixelRect(x: 0, y: 0, width: 8, height: 4), from: source)
        for y in 0..<3 { for x in 0..<6 { #expect(scaled.pixel(x: x, y: y) == RGB(100, 150, 200)) } }
        source.setPixel(x: 3, y: 1, RGB(1, 2, 3))
        let same = RGBImage(size: PixelSize(width: 8, height: 4))
        same.copyScaledDown(of: PixelRect(x: 0, y: 0, width: 8, height: 4), from: source)
        #expect(same.pixel(x: 3, y: 1) == RGB(1, 2, 3))
    }
}
