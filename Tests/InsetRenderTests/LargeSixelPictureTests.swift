import InsetCore
import Testing
@testable import InsetRender

/// Issue 42 item 5: the sixel palette counts a frame's pixels in 32-bit sums, so it takes
/// at most 16.8 million pixels (a precondition); an 8K screen's picture (33 million) or one
/// of 512x512 cells tripped it and killed the player. Every picture is now within
/// `PictureBound`, which this checks is inside what the palette takes.
@Suite("Sixel pictures at the pixel bound (issue 42 item 5)")
struct LargeSixelPictureTests {
    @Test("issue 42 item 5: the pixel bound is inside what the sixel palette's histogram can count")
    func boundInsidePalette() {
        #expect(PictureBound.largestArea <= SixelPalette.maxPixels)
    }

    @Test("issue 42 item 5: a sixel picture as large as the bound allows is encoded whole")
    func pictureAtTheBound() {
        // 8192x2048 is the bound exactly (the widest picture and the largest area at once).
        let size = PixelSize(width: PictureBound.largestSide, height: PictureBound.largestArea / PictureBound.largestSide)
        #expect(PictureBound.contains(size))
        let image = RGBImage(size: size)
        // Two colours in vertical stripes: the palette's exact path, few runs to write.
        for y in 0..<size.height {
            let row = image.bytes + y * image.bytesPerRow
            for x in stride(from: 0, to: size.width, by: 1024) where x / 1024 % 2 == 1 {
                (row + 3 * x).initialize(repeating: 200, count: 3 * 1024)
            }
        }
        let output = OutputBuffer()
        SixelEncoder(maxColors: 256).encode(image, into: output)
        // The image's raster attributes name its whole size.
        let text = output.withUnsafeBytes { String(decoding: $0.prefix(64), as: UTF8.self) }
        #expect(text.contains("\"1;1;8192;2048"))
    }
}
