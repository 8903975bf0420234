import Foundation
import InsetCore
import Testing
@testable import InsetRender

/// The near-lossless PNG coding of kitty's direct transmission, replayed through the test
/// decoder (`KittyDecoder`, `PNGReader`): a moving picture, frame after frame through one
/// encoder as the player sends video, comes back within the bound on every pixel.
@Suite("Kitty video coding")
struct KittyVideoCodingTests {
    static let placement = KittyPlacement(imageID: 9, placementID: 1, cells: CellSize(columns: 32, rows: 9),
                                          zIndex: KittyZIndex.underText)

    /// `count` frames of a scene panning right by 3 pixels a frame, with grain that changes.
    static func panning(_ size: PixelSize, count: Int) -> [RGBImage] {
        let wide = TestImages.scene(PixelSize(width: size.width + 3 * count, height: size.height))
        return (0..<count).map { frame in
            let image = RGBImage(size: size)
            image.copyPixels(of: PixelRect(x: 3 * frame, y: 0, width: size.width, height: size.height), from: wide)
            return image
        }
    }

    /// Decodes the output of one frame: one `a=T,f=100` command and its picture.
    static func decode(_ output: OutputBuffer) throws -> (KittyDecoder.Command, KittyDecoder.Picture) {
        let items = try KittyDecoder.split(output.array)
        guard items.count == 1, case .graphics(let command) = items[0] else {
            throw KittyDecoder.DecodeError("expected one graphics command, got \(items.count) items")
        }
        return (command, try KittyDecoder.picture(command))
    }

    static func largestError(_ image: RGBImage, _ pixels: [UInt8]) -> Int {
        let packed = KittyGraphicsTests.pixels(image)
        return zip(packed, pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
    }

    @Test("every frame comes back within maxError of its source", arguments: [0, 1, 4, 9])
    func withinBound(maxError: Int) throws {
        let encoder = KittyGraphicsEncoder(transmission: .direct, coding: .png(maxError: maxError))
        for (n, frame) in Self.panning(PixelSize(width: 320, height: 180), count: 6).enumerated() {
            let output = OutputBuffer()
            try encoder.encode(frame, placement: Self.placement, into: output)
            let (command, picture) = try Self.decode(output)
            #expect(command.keyOrder == ["a", "f", "i", "p", "c", "r", "z", "q", "C", "m"], "frame \(n)")
            #expect(command.keys["a"] == "T" && command.keys["f"] == "100")
            #expect(picture.width == 320 && picture.height == 180)
            #expect(picture.columns == 32 && picture.rows == 9 && picture.imageID == 9 && picture.placementID == 1)
            let worst = Self.largestError(frame, picture.pixels)
            #expect(worst <= maxError, "frame \(n): a channel off by \(worst)")
        }
    }

    @Test("pixels at 0 and 255 stay within the bound (rounding past the range is clamped)")
    func extremes() throws {
        let encoder = KittyGraphicsEncoder(transmission: .direct, coding: .png(maxError: 6))
        for image in [TestImages.noise(PixelSize(width: 97, height: 61), seed: 3),
                      TestImages.flat(PixelSize(width: 40, height: 8), RGB(255, 0, 254)),
                      TestImages.flat(PixelSize(width: 40, height: 8), RGB(1, 255, 3))] {
            let output = OutputBuffer()
            try encoder.encode(image, placement: Self.placement, into: output)
            #expect(Self.largestError(image, try Self.decode(output).1.pixels) <= 6)
        }
    }

    /// Smooth colour that changes everywhere, like a camera's picture (not flat areas, where
    /// deflate finds repeats in the raw pixels too).
    static func smooth(_ size: PixelSize) -> RGBImage {
        let image = RGBImage(size: size)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let u = Double(x), v = Double(y)
                image.setPixel(x: x, y: y, RGB(UInt8(128 + 100 * sin(u / 13 + v / 29)), UInt8(128 + 90 * cos(u / 31 - v / 11)),
                                               UInt8(128 + 80 * sin((u + v) / 19))))
            }
        }
        return image
    }

    @Test("on smooth colour, PNG takes fewer bytes than deflated RGB, and near-lossless far fewer")
    func smaller() throws {
        let frame = Self.smooth(PixelSize(width: 480, height: 270))
        func bytes(_ coding: KittyGraphicsEncoder.Coding) throws -> Int {
            let output = OutputBuffer()
            try KittyGraphicsEncoder(transmission: .direct, coding: coding).encode(frame, placement: Self.placement, into: output)
            return output.count
        }
        let exact = try bytes(.exact), lossless = try bytes(.png(maxError: 0)), video = try bytes(.video)
        #expect(lossless < exact, "lossless PNG \(lossless) bytes, exact zlib \(exact)")
        #expect(video * 3 < exact, "near-lossless \(video) bytes, exact zlib \(exact)")
    }

    @Test("shared memory ignores the coding: the exact pixels")
    func sharedMemoryExact() throws {
        let frame = Self.panning(PixelSize(width: 64, height: 36), count: 1)[0]
        let output = OutputBuffer()
        try KittyGraphicsEncoder(transmission: .sharedMemory, coding: .video).encode(frame, placement: Self.placement, into: output)
        let (command, picture) = try Self.decode(output)
        #expect(command.keys["f"] == "24" && command.keys["t"] == "s")
        #expect(picture.pixels == KittyGraphicsTests.pixels(frame))
    }
}
