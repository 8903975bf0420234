/// Standard base64 (RFC 4648, with `=` padding) written straight into terminal output.
///
/// The kitty protocol carries every payload in base64. Foundation's encoder would build a
/// `Data` or a `String` per frame (a megabyte for a compressed 960x540 frame) only to copy
/// it again; this one writes four ASCII bytes per three input bytes into memory the
/// caller reserved, from a 64-byte alphabet.
enum Base64 {
    static let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"

    /// Characters for `count` bytes: 4 per started group of 3.
    @inline(__always)
    static func encodedCount(_ count: Int) -> Int { (count + 2) / 3 * 4 }

    /// Writes the base64 of `count` bytes at `source`; the writer must have room for
    /// `encodedCount(count)` bytes.
    static func put(_ source: UnsafePointer<UInt8>, count: Int, into w: inout ByteWriter) {
        let table = alphabet.utf8Start
        var p = source
        let whole = count / 3
        for _ in 0..<whole {
            let v = UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
            w.put(table[Int(v >> 18)], table[Int((v >> 12) & 63)])
            w.put(table[Int((v >> 6) & 63)], table[Int(v & 63)])
            p += 3
        }
        switch count - whole * 3 {
        case 1:
            let v = UInt32(p[0]) << 16
            w.put(table[Int(v >> 18)], table[Int((v >> 12) & 63)])
            w.put(UInt8(ascii: "="), UInt8(ascii: "="))
        case 2:
            let v = UInt32(p[0]) << 16 | UInt32(p[1]) << 8
            w.put(table[Int(v >> 18)], table[Int((v >> 12) & 63)])
            w.put(table[Int((v >> 6) & 63)], UInt8(ascii: "="))
        default:
            break
        }
    }
}
