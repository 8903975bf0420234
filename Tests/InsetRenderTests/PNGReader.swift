import CZlib

/// A PNG reader for the tests, written from the PNG specification (not from the encoder):
/// checks the signature and every chunk's CRC, takes 8-bit RGB without interlacing (what a
/// terminal must read from `NearLosslessPNG`), joins the IDAT chunks, inflates them and
/// undoes all five row filters, so a file using any of them reads right.
enum PNGReader {
    struct Image {
        var width: Int
        var height: Int
        /// Packed RGB rows.
        var pixels: [UInt8]
    }

    static func decode(_ file: [UInt8]) throws -> Image {
        typealias Failure = GraphicsDecodeError
        guard file.count >= 8, file.prefix(8).elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Failure("no PNG signature")
        }
        func read32(_ at: Int) -> Int { file[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        var at = 8
        var width = 0, height = 0, ended = false
        var compressed: [UInt8] = []
        while at < file.count, !ended {
            guard at + 12 <= file.count else { throw Failure("chunk cut short") }
            let length = read32(at)
            guard at + 12 + length <= file.count else { throw Failure("chunk of \(length) bytes past the end") }
            let type = String(decoding: file[at + 4..<at + 8], as: UTF8.self)
            let body = Array(file[at + 8..<at + 8 + length])
            let crc = Array(file[at + 4..<at + 8 + length]).withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            guard Int(crc) == read32(at + 8 + length) else { throw Failure("\(type) CRC wrong") }
            switch type {
            case "IHDR":
                guard at == 8, length == 13 else { throw Failure("IHDR not first or not 13 bytes") }
                width = body[0..<4].reduce(0) { $0 << 8 | Int($1) }
                height = body[4..<8].reduce(0) { $0 << 8 | Int($1) }
                guard body[8] == 8, body[9] == 2, body[10] == 0, body[11] == 0, body[12] == 0 else {
                    throw Failure("not 8-bit RGB, deflate, no interlace: \(body[8...])")
                }
            case "IDAT": compressed += body
            case "IEND": ended = true
            default: break
            }
            at += 12 + length
        }
        guard ended, width > 0, height > 0 else { throw Failure("no IEND or no size") }
        let stride = width * 3
        let rows = try KittyDecoder.inflate(compressed, expected: height * (1 + stride))
        var pixels = [UInt8](repeating: 0, count: height * stride)
        for y in 0..<height {
            let filter = rows[y * (1 + stride)]
            for x in 0..<stride {
                let raw = Int(rows[y * (1 + stride) + 1 + x])
                let a = x >= 3 ? Int(pixels[y * stride + x - 3]) : 0
                let b = y > 0 ? Int(pixels[(y - 1) * stride + x]) : 0
                let c = x >= 3 && y > 0 ? Int(pixels[(y - 1) * stride + x - 3]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                default: throw Failure("filter type \(filter)")
                }
                pixels[y * stride + x] = UInt8((raw + predicted) & 0xFF)
            }
        }
        return Image(width: width, height: height, pixels: pixels)
    }
}
