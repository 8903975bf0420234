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
    /// Pixels go to their nearest entry, undithered (`SixelColorMap` says why), or to a
    /// neighbour's within the run slack (`SixelEncoder.runSlack`, 10 levels of RMS).
    ///
    /// The bounds, from that spacing:
    /// - per pixel: half a spacing to the nearest entry, more where k-means spaced entries
    ///   wider, plus the slack: ≤ 24 levels on any channel (18 measured);
    /// - overall: quantising at step 16 alone gives an RMS error of 16/√12 ≈ 4.6, PSNR
    ///   34.8 dB; the slack costs a little: ≥ 33 dB (34.0 measured), mean error ≤ 5
    ///   levels (4.2). The ordered dither this replaced gave 31.8 dB;
    /// - 8x8 block means: without a dither, a block is off by its quantisation error,
    ///   about a quarter of a spacing on average: ≤ 4.5 levels (3.5; the dither gave 1.8,
    ///   what banding costs on a synthetic ramp), the worst ≤ 10 (7.5).
    @Test("a gradient is quantised within a bounded error")
    func gradient() throws {
        let image = TestImages.gradient(PixelSize(width: 256, height: 120))
        let (decoded, difference) = try Self.roundTrip(image)
        #expect(decoded.definedColors == 256)
        #expect(difference.maxChannel <= 24)
        #expect(difference.meanChannel <= 5)
        #expect(difference.psnr >= 33)
        let blocks = TestImages.blockMeanDifferences(image, decoded.color)
        #expect(blocks.mean <= 4.5)
        #expect(blocks.worst <= 10)
    }

    /// Smooth sky, grainy ground, flat shapes: most of the picture lies in a few narrow
    /// ranges of colour, so entries are close together and the error small: PSNR ≥ 37 dB
    /// (38.3 measured), no pixel more than 16 levels off (10).
    @Test("a video-like scene is quantised within a bounded error")
    func scene() throws {
        let image = TestImages.scene(PixelSize(width: 320, height: 180))
        let (_, difference) = try Self.roundTrip(image)
        #expect(difference.maxChannel <= 16)
        #expect(difference.psnr >= 37)
    }

    /// 256 greys in 32 histogram bins: the bins mix colours, but there are no more of them
    /// than the palette holds, so they are kept exactly (`SixelExactColors`): within the
    /// percent rounding (1 measured), no band and no dither.
    @Test("a grey ramp of 256 greys is kept exactly")
    func greyRamp() throws {
        let image = TestImages.greyRamp(PixelSize(width: 512, height: 48))
        let (decoded, difference) = try Self.roundTrip(image)
        #expect(decoded.definedColors == 256)
        #expect(difference.maxChannel <= 2)
    }

    /// Uniform noise fills the cube: 256 entries are about 40 levels apart (6.3 a side);
    /// quantisation alone gives 40/√12 ≈ 11.5 RMS, 26.9 dB, less where k-means packs the
    /// entries unevenly: ≥ 20 dB. What matters here is the structure.
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
