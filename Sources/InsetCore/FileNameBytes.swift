/// File names are bytes, not text: a name written on another system (Latin-1, Shift JIS)
/// is not UTF-8, and Swift's `String(cString:)` would replace its bytes with U+FFFD, after
/// which the file can be neither opened nor told apart from its neighbours.
///
/// So a name is decoded losslessly, as Python's "surrogateescape" does: each byte that is
/// not part of valid UTF-8 becomes one code point of a private-use block (U+10FF80–U+10FFFF
/// stand for the bytes 0x80–0xFF), and `systemBytes` turns it back into the same byte when
/// the name goes to the system. A valid UTF-8 sequence that would itself decode into that
/// block is kept as raw bytes too, so every name maps to exactly one string and back.
/// `PrintableText` shows those code points as `\xNN`.
public enum FileNameBytes {
    static let rawBase: UInt32 = 0x10FF00

    /// The byte a code point of the private block stands for, or nil for any other scalar.
    @inline(__always)
    public static func rawByte(_ scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        return value >= rawBase + 0x80 && value <= rawBase + 0xFF ? UInt8(value - rawBase) : nil
    }

    /// The name the bytes spell, with bytes that are not UTF-8 kept (see the type's summary).
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        let array = Array(bytes)
        // Most names are plain UTF-8 with nothing from the private block: one validation.
        if let text = String(validating: array, as: UTF8.self),
           !text.unicodeScalars.contains(where: { rawByte($0) != nil }) {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < array.count {
            if let (scalar, length) = validScalar(in: array, at: index), rawByte(scalar) == nil {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(rawBase + UInt32(array[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// A C string's name (a `d_name`, an `argv` entry), kept byte for byte.
    public static func decode(cString: UnsafePointer<CChar>) -> String {
        var length = 0
        while cString[length] != 0 { length += 1 }
        return cString.withMemoryRebound(to: UInt8.self, capacity: length) {
            decode(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// The bytes the system knows the name by: the inverse of `decode`.
    public static func systemBytes(_ name: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for scalar in name.unicodeScalars {
            if let byte = rawByte(scalar) { bytes.append(byte) } else { bytes.append(contentsOf: String(scalar).utf8) }
        }
        return bytes
    }

    /// `systemBytes` with a terminating NUL, for a C call (`open`, `stat`, libavformat).
    public static func cString(_ name: String) -> [CChar] {
        systemBytes(name).map { CChar(bitPattern: $0) } + [0]
    }

    /// Whether the name holds bytes that are not UTF-8.
    public static func hasRawBytes(_ name: String) -> Bool { name.unicodeScalars.contains { rawByte($0) != nil } }

    /// The scalar that starts at `index` when the bytes there are well-formed UTF-8
    /// (shortest form, no surrogates, at most U+10FFFF), and how many bytes it takes.
    private static func validScalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int, minimum: UInt32
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(next & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
