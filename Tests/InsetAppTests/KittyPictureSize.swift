import Foundation
import InsetCore

/// The pixel size of the first kitty picture transmitted (`a=T`) in `text`: `s=` and `v=`
/// for raw RGB, the IHDR of a PNG (`f=100`), read from the first chunk's base64.
func kittyPictureSize(in text: String) -> PixelSize? {
    guard let start = text.range(of: "\u{1B}_Ga=T,") else { return nil }
    let command = text[start.upperBound...].prefix { $0 != "\u{1B}" }
    let keys = command.prefix { $0 != ";" }
    var values: [String: Int] = [:]
    for pair in keys.split(separator: ",") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        if parts.count == 2, let value = Int(parts[1]) { values[String(parts[0])] = value }
    }
    if values["f"] == 100 {
        // Signature, IHDR's length and type, then width and height: 24 bytes, 32 characters.
        let payload = command.drop { $0 != ";" }.dropFirst().prefix(32)
        guard let png = Data(base64Encoded: String(payload)), png.count == 24 else { return nil }
        let bytes = [UInt8](png)
        func read32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return PixelSize(width: read32(16), height: read32(20))
    }
    guard let width = values["s"], let height = values["v"] else { return nil }
    return PixelSize(width: width, height: height)
}
