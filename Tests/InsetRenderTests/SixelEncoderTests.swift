import InsetCore
import InsetTestSupport
import Testing
@testable import InsetRender

@Suite("Sixel encoder")
struct SixelEncoderTests {
    /// Encodes `image` with a fresh encoder, decodes the bytes back, checks the structure
    /// every picture keeps (`checkStructure`), and measures the difference.
    static func roundTrip(_ image: RGBImage, maxColors: Int = 256,
                          sourceLocation: SourceLocation = #_sourceLocation) throws -> (SixelDecoder.Image, TestImages.Difference) {
        let output = OutputBuffer()
        SixelEncoder(maxColors: maxColors).encode(image, into: output)
        let decoded = try SixelDecoder.decode(output.array)
        checkStructure(decoded, image, sourceLocation: sourceLocation)
        return (decoded, TestImages.difference(image, decoded.color))
    }

    /// The promises every picture keeps: the declared size is the image's, every pixel is
    /// painted by exactly one colour, the parameters are 0;1;0.
    static func checkStructure(_ decoded: SixelDecoder.Image, _ image: RGBImage, sourceLocation: SourceLocation) {
        #expect(decoded.width == image.width, sourceLocation: sourceLocation)
        #expect(decoded.height == image.height, sourceLocation: sourceLocation)
        #expect(decoded.parameters == [0, 1, 0], sourceLocation: sourceLocation)
        #expect(decoded.paintCounts.allSatisfy { $0 == 1 }, "a pixel painted \(decoded.paintCounts.first { $0 != 1 } ?? 0) times",
                sourceLocation: sourceLocation)
    }

    static let sizes: [PixelSize] = [
        PixelSize(width: 1, height: 1), PixelSize(width: 37, height: 23), PixelSize(width: 64, height: 6),
        PixelSize(width: 5, height: 13), PixelSize(width: 120, height: 7),
    ]

    @Test("a flat colour comes back within the percent rounding", arguments: sizes)
    func flat(size: PixelSize) throws {
        for color in [RGB(0, 0, 0), RGB(255, 255, 255), RGB(123, 45, 67), RGB(1, 254, 128)] {
            let image = TestImages.flat(size, color)
            let (decoded, difference) = try Self.roundTrip(image)
            #expect(decoded.definedColors == 1)
            // Percent has 101 levels: 255/100/2 = 1.3 at most, so 1 after rounding; 2 is
            // the bound whatever a terminal's rounding.
            #expect(difference.maxChannel <= 2)
        }
    }

    @Test("a few solid blocks come back exactly, undithered")
    func blocks() throws {
        let image = TestImages.blocks(PixelSize(width: 97, height: 50))
        let (decoded, difference) = try Self.roundTrip(image)
        #expect(decoded.definedColors == 5)
        #expect(difference.maxChannel <= 2)
    }

    @Test("up to 256 exact colours are kept exactly")
    func manyExactColors() throws {
        // 256 distinct colours, each in its own 5-bit bin: the palette is the picture.
        let image = RGBImage(size: PixelSize(width: 64, height: 40))
        for y in 0..<40 {
            for x in 0..<64 {
                let i = (y / 10) * 64 + x
                image.setPixel(x: x, y: y, RGB(UInt8((i & 7) * 32 + 3), UInt8(((i >> 3) & 7) * 32 + 5), UInt8((i >> 6) * 64 + 7)))
            }
        }
        let (decoded, difference) = try Self.roundTrip(image)
        #expect(decoded.definedColors == 256)
        #expect(difference.maxChannel <= 2)
    }

    /// Red across, green down, blue against red: 30 720 colours on a surface of the RGB
    /// cube, so the 256 entries form roughly a 16x16 grid on it, about 16 levels apart.
    ///
    /// The bounds, from that spacing:
    /// - per pixel: the dither offset is at most half a spacing, and the entry chosen for
    ///   the offset colour lies within about one spacing (plus the lookup's 8-level box):
    ///   ≤ 32 levels on any channel (20 measured);
    /// - overall: quantising at step 16 alone gives an RMS error of 16/√12 ≈ 4.6, PSNR
    ///   34.8 dB; the ordered dither trades that for noise of about the same size, so
    ///   ≥ 30 dB (31.8 measured), mean error ≤ 6 levels (5.3);
    /// - what the eye sees from afar, 8x8 block means: dithering mixes neighbouring entries
    ///   in the right proportion, so blocks are ≤ 2.5 levels off on average (1.8); the
    ///   worst block is at a corner of the gamut, where the nearest entry, the mean of a
    ///   box, lies up to half a box inside and no mix can reach out: ≤ 10 (7.8).
    @Test("a gradient is dithered within a bounded error")
    func gradient() throws {
        let image = TestImages.gradient(PixelSize(width: 256, height: 120))
        let (decoded, difference) = try Self.roundTrip(image)
        #expect(decoded.definedColors == 256)
        #expect(difference.maxChannel <= 32)
        #expect(difference.meanChannel <= 6)
        #expect(difference.psnr >= 30)
        let blocks = TestImages.blockMeanDifferences(image, decoded.color)
        #expect(blocks.mean <= 2.5)
        #expect(blocks.worst <= 10)
    }

    /// Smooth sky, grainy ground, flat shapes: most of the picture lies in a few narrow
    /// ranges of colour, so entries are close together and the error small: PSNR ≥ 38 dB
    /// (40.9 measured), no pixel more than 16 levels off (9).
    @Test("a video-like scene is dithered within a bounded error")
    func scene() throws {
        let image = TestImages.scene(PixelSize(width: 320, height: 180))
        let (_, difference) = try Self.roundTrip(image)
        #expect(difference.maxChannel <= 16)
        #expect(difference.psnr >= 38)
    }

    /// 256 greys in 32 histogram bins: 32 entries 8 apart, mixed by the dither. Per pixel
    /// at most one bin away (≤ 8, 6 measured); blocks ≤ 1 level off on average (0.7), the
    /// worst ≤ 4 at the ends, where the entry is the mean of the bin 0–7 or 248–255 (3.0).
    @Test("a grey ramp is dithered, not banded")
    func greyRamp() throws {
        let image = TestImages.greyRamp(PixelSize(width: 512, height: 48))
        let (decoded, difference) = try Self.roundTrip(image)
        #expect(difference.maxChannel <= 8)
        #expect(difference.psnr >= 36)
        let blocks = TestImages.blockMeanDifferences(image, decoded.color)
        #expect(blocks.mean <= 1)
        #expect(blocks.worst <= 4)
    }

    /// Uniform noise fills the cube: 256 entries are about 40 levels apart (6.3 a side);
    /// quantisation alone gives 40/√12 ≈ 11.5 RMS, 26.9 dB, and the dither adds as much
    /// again: ≥ 20 dB (23.2 measured). What matters here is the structure.
    @Test("random noise keeps the structure, whatever the colours")
    func noise() throws {
        for seed: UInt64 in 1...3 {
            let image = TestImages.noise(PixelSize(width: 50, height: 31), seed: seed)
            let (decoded, difference) = try Self.roundTrip(image)
            #expect(decoded.definedColors <= 256)
            #expect(difference.psnr >= 20)
        }
    }

    @Test("a smaller palette is respected")
    func fewerColors() throws {
        let image = TestImages.gradient(PixelSize(width: 64, height: 30))
        let (decoded, _) = try Self.roundTrip(image, maxColors: 16)
        #expect(decoded.definedColors <= 16)
    }

    @Test("one encoder across sizes and contents gives the same bytes as fresh ones")
    func reuse() throws {
        let encoder = SixelEncoder()
        let pictures = [
            TestImages.scene(PixelSize(width: 90, height: 40)), TestImages.blocks(PixelSize(width: 30, height: 11)),
            TestImages.noise(PixelSize(width: 120, height: 9), seed: 4), TestImages.gradient(PixelSize(width: 33, height: 17)),
            TestImages.scene(PixelSize(width: 90, height: 40)),
        ]
        for picture in pictures {
            let reused = OutputBuffer(), fresh = OutputBuffer()
            encoder.encode(picture, into: reused)
            SixelEncoder().encode(picture, into: fresh)
            #expect(reused.array == fresh.array)
        }
    }

    @Test("an empty picture writes nothing")
    func empty() {
        let output = OutputBuffer()
        SixelEncoder().encode(RGBImage(size: PixelSize(width: 0, height: 5)), into: output)
        #expect(output.isEmpty)
    }

    @Test("the Bayer matrix holds each threshold once")
    func bayer() {
        #expect(SixelColorMap.bayer8.sorted() == (0..<64).map(Int32.init))
        #expect(Array(SixelColorMap.bayer8.prefix(8)) == [0, 32, 8, 40, 2, 34, 10, 42])
    }
}
