import InsetCore

/// A sixel reader for the tests: what a terminal would paint for a DCS `q` sequence.
///
/// It understands what the encoder may send and refuses the rest, so an encoder bug shows
/// as an error rather than a picture that happens to look right: the DCS introducer and
/// its parameters, raster attributes (`"Pan;Pad;Ph;Pv`), colour definitions in RGB percent
/// (`#n;2;r;g;b`; HLS is refused), colour selection (`#n`), repeats (`!n c`), `$`, `-`,
/// and the string terminator. Painting outside the declared raster is an error too.
///
/// Written from the VT330/VT340 programmer reference (chapter 14, sixel graphics), not
/// from the encoder, with its own percent-to-level rounding.
struct SixelDecoder {
    typealias DecodeError = GraphicsDecodeError

    struct Image {
        var width: Int
        var height: Int
        /// The DCS parameters P1;P2;P3.
        var parameters: [Int]
        /// What each pixel shows; nil where nothing painted it.
        var pixels: [RGB?]
        /// How many times each pixel was painted (once is the encoder's promise).
        var paintCounts: [Int]
        /// Colour registers defined.
        var definedColors: Int

        func color(_ x: Int, _ y: Int) -> RGB? { pixels[y * width + x] }
    }

    /// Decodes exactly one sixel image filling `bytes` (nothing before or after it).
    static func decode(_ bytes: [UInt8]) throws -> Image {
        var reader = Reader(bytes: bytes)
        guard reader.take() == 0x1B, reader.take() == UInt8(ascii: "P") else { throw DecodeError("no DCS introducer") }
        var parameters: [Int] = []
        var current = 0, hasDigits = false
        while true {
            guard let c = reader.take() else { throw DecodeError("DCS ends in its parameters") }
            if let d = digit(c) { current = current * 10 + d; hasDigits = true; continue }
            if c == UInt8(ascii: ";") { parameters.append(current); current = 0; hasDigits = false; continue }
            if c == UInt8(ascii: "q") { if hasDigits || !parameters.isEmpty { parameters.append(current) }; break }
            throw DecodeError("unexpected byte \(c) in the DCS parameters")
        }

        var width = 0, height = 0
        var registers: [Int: RGB] = [:]
        var selected: RGB?
        var x = 0, bandTop = 0
        var pixels: [RGB?] = [], counts: [Int] = []
        var sawRaster = false, sawSixel = false

        func paint(_ sixel: UInt8, count: Int) throws {
            let bits = sixel - 0x3F
            if bits != 0 {
                guard let color = selected else { throw DecodeError("sixel before any colour was selected") }
                for row in 0..<6 where bits & (1 << row) != 0 {
                    let y = bandTop + row
                    for column in x..<(x + count) {
                        guard column < width, y < height else {
                            throw DecodeError("pixel (\(column),\(y)) outside the raster \(width)x\(height)")
                        }
                        pixels[y * width + column] = color
                        counts[y * width + column] += 1
                    }
                }
            }
            x += count
        }

        while true {
            guard let c = reader.take() else { throw DecodeError("no string terminator") }
            switch c {
            case 0x1B:
                guard reader.take() == UInt8(ascii: "\\") else { throw DecodeError("ESC not followed by \\") }
                guard reader.atEnd else { throw DecodeError("bytes after the string terminator") }
                return Image(width: width, height: height, parameters: parameters, pixels: pixels,
                             paintCounts: counts, definedColors: registers.count)
            case UInt8(ascii: "\""):
                guard !sawSixel, !sawRaster else { throw DecodeError("raster attributes after the start") }
                let values = reader.numbers()
                guard values.count == 4 else { throw DecodeError("raster attributes need 4 numbers, got \(values)") }
                guard values[0] == 1, values[1] == 1 else { throw DecodeError("pixels are not square: \(values)") }
                width = values[2]; height = values[3]
                pixels = Array(repeating: nil, count: width * height)
                counts = Array(repeating: 0, count: width * height)
                sawRaster = true
            case UInt8(ascii: "#"):
                let values = reader.numbers()
                guard let register = values.first else { throw DecodeError("# without a number") }
                if values.count == 1 {
                    guard let color = registers[register] else { throw DecodeError("colour \(register) selected before defined") }
                    selected = color
                } else {
                    guard values.count == 5 else { throw DecodeError("colour definition \(values)") }
                    guard values[1] == 2 else { throw DecodeError("colour space \(values[1]) (only RGB, 2)") }
                    guard values[2...4].allSatisfy({ (0...100).contains($0) }) else { throw DecodeError("percent out of range: \(values)") }
                    registers[register] = RGB(level(values[2]), level(values[3]), level(values[4]))
                    selected = registers[register]
                }
            case UInt8(ascii: "!"):
                let values = reader.numbers()
                guard values.count == 1, values[0] > 0 else { throw DecodeError("repeat count \(values)") }
                guard let sixel = reader.take(), (0x3F...0x7E).contains(sixel) else { throw DecodeError("repeat without a sixel") }
                sawSixel = true
                try paint(sixel, count: values[0])
            case UInt8(ascii: "$"):
                x = 0
            case UInt8(ascii: "-"):
                x = 0
                bandTop += 6
            case 0x3F...0x7E:
                sawSixel = true
                try paint(c, count: 1)
            default:
                throw DecodeError("unexpected byte \(c)")
            }
        }
    }

    /// Percent to 0–255, rounded to nearest (the VT340 keeps percent; 8-bit terminals
    /// scale it this way).
    static func level(_ percent: Int) -> UInt8 { UInt8((Double(percent) * 2.55).rounded()) }

    static func digit(_ c: UInt8) -> Int? { c >= 0x30 && c <= 0x39 ? Int(c - 0x30) : nil }

    private struct Reader {
        let bytes: [UInt8]
        var position = 0
        var atEnd: Bool { position >= bytes.count }
        mutating func take() -> UInt8? {
            guard position < bytes.count else { return nil }
            defer { position += 1 }
            return bytes[position]
        }
        /// Numbers separated by `;`, as many as follow.
        mutating func numbers() -> [Int] {
            var values: [Int] = []
            var current: Int?
            while position < bytes.count {
                let c = bytes[position]
                if let d = SixelDecoder.digit(c) {
                    current = (current ?? 0) * 10 + d
                } else if c == UInt8(ascii: ";") {
                    values.append(current ?? 0)
                    current = nil
                } else {
                    break
                }
                position += 1
            }
            if let current { values.append(current) }
            return values
        }
    }
}
