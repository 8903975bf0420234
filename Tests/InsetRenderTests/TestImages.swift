import Foundation
import InsetCore
import InsetTestSupport

/// Pictures for the pixel encoders' tests, and ways to compare them.
enum TestImages {
    static func flat(_ size: PixelSize, _ color: RGB) -> RGBImage {
        let image = RGBImage(size: size)
        image.fill(color)
        return image
    }

    /// Four solid quadrants, and a bar of a fifth colour across the middle.
    static func blocks(_ size: PixelSize) -> RGBImage {
        let image = RGBImage(size: size)
        let colors = [RGB(200, 30, 40), RGB(20, 180, 60), RGB(30, 40, 220), RGB(240, 240, 240)]
        for y in 0..<size.height {
            for x in 0..<size.width {
                let quadrant = (x >= size.width / 2 ? 1 : 0) + (y >= size.height / 2 ? 2 : 0)
                let bar = abs(y - size.height / 2) < 2
                image.setPixel(x: x, y: y, bar ? RGB(0, 0, 0) : colors[quadrant])
            }
        }
        return image
    }

    /// Red across, green down, blue against red: every channel takes many values, so the
    /// picture has far more colours than a sixel palette and must be dithered.
    static func gradient(_ size: PixelSize) -> RGBImage {
        let image = RGBImage(size: size)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let r = x * 255 / max(1, size.width - 1), g = y * 255 / max(1, size.height - 1)
                image.setPixel(x: x, y: y, RGB(UInt8(r), UInt8(g), UInt8(255 - r)))
            }
        }
        return image
    }

    /// Something like a video frame: a smooth sky, a darker ground with a little grain,
    /// and a few flat shapes with hard edges.
    static func scene(_ size: PixelSize, seed: UInt64 = 7) -> RGBImage {
        var rng = SplitMix64(seed: seed)
        let image = RGBImage(size: size)
        let horizon = size.height * 3 / 5
        for y in 0..<size.height {
            for x in 0..<size.width {
                var c: RGB
                if y < horizon {
                    let t = Double(y) / Double(horizon)
                    c = RGB(UInt8(60 + 120 * t), UInt8(110 + 90 * t), UInt8(220 - 30 * t + 20 * Double(x) / Double(size.width)))
                } else {
                    let grain = Int(rng.next() % 9) - 4
                    let t = Double(y - horizon) / Double(size.height - horizon)
                    c = RGB(UInt8(clamping: Int(70 - 30 * t) + grain), UInt8(clamping: Int(90 - 40 * t) + grain),
                            UInt8(clamping: Int(40 - 20 * t) + grain))
                }
                let dx = x - size.width * 3 / 4, dy = y - size.height / 4
                if dx * dx + dy * dy < (size.height / 8) * (size.height / 8) { c = RGB(250, 220, 120) }
                if x > size.width / 8 && x < size.width / 3 && y > horizon - size.height / 5 && y < horizon + 10 {
                    c = RGB(120, 40, 35)
                }
                image.setPixel(x: x, y: y, c)
            }
        }
        return image
    }

    static func noise(_ size: PixelSize, seed: UInt64) -> RGBImage {
        var rng = SplitMix64(seed: seed)
        return randomImage(size, using: &rng)
    }

    /// Per-pixel comparison of a decoded picture with its source.
    struct Difference {
        /// Largest difference on any channel of any pixel.
        var maxChannel = 0
        /// Mean absolute difference per channel.
        var meanChannel = 0.0
        /// Peak signal-to-noise ratio over all channels, in dB (infinite when equal).
        var psnr = Double.infinity
    }

    /// The largest and the mean difference, on any channel, between the mean of an 8x8
    /// block of the source and the same block decoded: what the eye sees of a dithered
    /// area from afar.
    static func blockMeanDifferences(_ source: RGBImage, _ decoded: (Int, Int) -> RGB?) -> (worst: Double, mean: Double) {
        var worst = 0.0, total = 0.0, blocks = 0
        for top in stride(from: 0, to: source.height - 7, by: 8) {
            for left in stride(from: 0, to: source.width - 7, by: 8) {
                var a = SIMD3<Double>(), b = SIMD3<Double>()
                for y in top..<(top + 8) {
                    for x in left..<(left + 8) {
                        let s = source.pixel(x: x, y: y), d = decoded(x, y) ?? RGB(0, 0, 0)
                        a += SIMD3(Double(s.r), Double(s.g), Double(s.b))
                        b += SIMD3(Double(d.r), Double(d.g), Double(d.b))
                    }
                }
                let difference = (a - b) / 64
                let m = max(Swift.abs(difference.x), Swift.abs(difference.y), Swift.abs(difference.z))
                worst = max(worst, m)
                total += m
                blocks += 1
            }
        }
        return (worst, total / Double(max(1, blocks)))
    }

    /// A grey ramp, black at the left to white at the right.
    static func greyRamp(_ size: PixelSize) -> RGBImage {
        let image = RGBImage(size: size)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let v = UInt8(x * 255 / max(1, size.width - 1))
                image.setPixel(x: x, y: y, RGB(v, v, v))
            }
        }
        return image
    }

    static func difference(_ source: RGBImage, _ decoded: (Int, Int) -> RGB?) -> Difference {
        var result = Difference()
        var sum = 0, squares = 0
        for y in 0..<source.height {
            for x in 0..<source.width {
                let a = source.pixel(x: x, y: y)
                guard let b = decoded(x, y) else { return Difference(maxChannel: 999, meanChannel: 999, psnr: 0) }
                for (u, v) in [(a.r, b.r), (a.g, b.g), (a.b, b.b)] {
                    let d = abs(Int(u) - Int(v))
                    result.maxChannel = max(result.maxChannel, d)
                    sum += d
                    squares += d * d
                }
            }
        }
        let n = Double(3 * source.width * source.height)
        result.meanChannel = Double(sum) / n
        if squares > 0 { result.psnr = 10 * log10(255.0 * 255.0 / (Double(squares) / n)) }
        return result
    }
}

/// Why a test decoder (sixel, kitty) refused its input.
struct GraphicsDecodeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
