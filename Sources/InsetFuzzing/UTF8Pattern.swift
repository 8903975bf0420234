/// UTF-8's bit patterns for any 31-bit value, in any length from 1 to 6 bytes, as the
/// original UTF-8 (RFC 2279) laid them out and libvterm still decodes them: the fuzzer
/// writes overlong forms, surrogates and values past U+10FFFF, which Swift's own encoder
/// refuses to make.
enum UTF8Pattern {
    /// The fewest bytes whose pattern holds `value`.
    static func minimalLength(_ value: UInt32) -> Int {
        switch value {
        case 0..<0x80: 1
        case 0x80..<0x800: 2
        case 0x800..<0x10000: 3
        case 0x10000..<0x20_0000: 4
        case 0x20_0000..<0x400_0000: 5
        default: 6
        }
    }

    /// `value` in the UTF-8 pattern of `length` bytes (an overlong form when longer than
    /// needed), whether or not it is a character.
    static func bytes(_ value: UInt32, length: Int) -> [UInt8] {
        if length == 1 { return [UInt8(value & 0x7F)] }
        let leads: [UInt8] = [0, 0, 0xC0, 0xE0, 0xF0, 0xF8, 0xFC]
        var bytes = [UInt8](repeating: 0x80, count: length)
        var v = value
        for k in stride(from: length - 1, through: 1, by: -1) {
            bytes[k] = 0x80 | UInt8(v & 0x3F)
            v >>= 6
        }
        bytes[0] = leads[length] | UInt8(v & (0x7F >> UInt32(length)))
        return bytes
    }
}
