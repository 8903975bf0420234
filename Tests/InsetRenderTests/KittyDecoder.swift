import CZlib
import Foundation
import InsetCore
#if canImport(Glibc)
import Glibc
#endif

/// A kitty graphics protocol reader for the tests: splits output into graphics commands
/// and everything else, joins chunked transmissions, and gets the pixels back the way a
/// terminal would (base64, `o=z` inflated with zlib, `t=s` read from the shared memory
/// object, which it then unlinks as the protocol tells the terminal to).
///
/// It is strict where the protocol is: chunks over 4096 characters, chunks but the last
/// not a multiple of 4, keys other than `m`/`q` on a continuation chunk, or a payload whose
/// size does not match `s`x`v` are errors. tmux passthrough (`ESC Ptmux;` … `ESC \`, ESCs
/// doubled) is unwrapped and remembered.
struct KittyDecoder {
    typealias DecodeError = GraphicsDecodeError

    /// One graphics command, its chunks joined.
    struct Command {
        /// The keys of the first chunk, as written.
        var keys: [String: String]
        /// The order the keys came in.
        var keyOrder: [String]
        /// The payload, base64-decoded, all chunks.
        var payload: [UInt8]
        /// Base64 characters per chunk.
        var chunkSizes: [Int]
        /// Whether it came wrapped for tmux.
        var wrapped: Bool

        func int(_ key: String) -> Int? { keys[key].flatMap { Int($0) } }
    }

    /// Output split up: graphics commands, and the bytes between them.
    enum Item {
        case graphics(Command)
        case text([UInt8])
    }

    /// A transmitted picture as the terminal would hold it.
    struct Picture {
        var imageID: UInt32
        var placementID: UInt32?
        var columns: Int?
        var rows: Int?
        var zIndex: Int
        var width: Int
        var height: Int
        /// Packed RGB rows.
        var pixels: [UInt8]
        var isVirtual: Bool
        var cursorStays: Bool
        var quiet: Int
        /// `d` or `s`.
        var medium: String
        /// The shared memory object's name, for `t=s`.
        var sharedMemoryName: String?
    }

    static func split(_ bytes: [UInt8]) throws -> [Item] {
        var items: [Item] = []
        var text: [UInt8] = []
        var pending: Command?  // a chunked transmission not finished yet
        var i = 0

        func flushText() { if !text.isEmpty { items.append(.text(text)); text = [] } }

        func take(_ body: [UInt8], wrapped: Bool) throws {
            guard body.first == UInt8(ascii: "G") else { throw DecodeError("APC that is not a graphics command") }
            let content = Array(body.dropFirst())
            let semicolon = content.firstIndex(of: UInt8(ascii: ";")) ?? content.count
            let controlText = String(decoding: content[..<semicolon], as: UTF8.self)
            let data = semicolon < content.count ? Array(content[(semicolon + 1)...]) : []
            var keys: [String: String] = [:], order: [String] = []
            for pair in controlText.split(separator: ",") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { throw DecodeError("key without value: \(pair)") }
                guard keys[String(parts[0])] == nil else { throw DecodeError("key \(parts[0]) twice") }
                keys[String(parts[0])] = String(parts[1])
                order.append(String(parts[0]))
            }
            guard data.count <= 4096 else { throw DecodeError("chunk of \(data.count) characters") }
            guard let decoded = Data(base64Encoded: Data(data)) else { throw DecodeError("payload is not base64") }
            let more = keys["m"] == "1"
            if var command = pending {
                guard Set(keys.keys).isSubset(of: ["m", "q"]) else { throw DecodeError("continuation chunk with keys \(order)") }
                guard command.wrapped == wrapped else { throw DecodeError("chunks wrapped differently") }
                command.payload += decoded
                command.chunkSizes.append(data.count)
                pending = more ? command : nil
                if !more { items.append(.graphics(command)) }
            } else {
                let command = Command(keys: keys, keyOrder: order, payload: Array(decoded), chunkSizes: [data.count], wrapped: wrapped)
                if more { pending = command } else { items.append(.graphics(command)) }
            }
            if more { guard data.count % 4 == 0 else { throw DecodeError("chunk before the last of \(data.count) characters") } }
        }

        while i < bytes.count {
            if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "_") {
                let (body, next) = try apc(bytes, from: i)
                i = next
                flushText()
                try take(body, wrapped: false)
            } else if bytes[i] == 0x1B, Array(bytes[i..<min(bytes.count, i + 7)]) == Array("\u{1B}Ptmux;".utf8) {
                let (inner, next) = try unwrapTmux(bytes, from: i)
                i = next
                guard inner.first == 0x1B, inner.count > 1, inner[1] == UInt8(ascii: "_") else {
                    throw DecodeError("tmux passthrough holding something other than an APC")
                }
                let (body, end) = try apc(inner, from: 0)
                guard end == inner.count else { throw DecodeError("more than one APC in one passthrough") }
                flushText()
                try take(body, wrapped: true)
            } else {
                guard pending == nil else { throw DecodeError("other output inside a chunked transmission") }
                text.append(bytes[i])
                i += 1
            }
        }
        guard pending == nil else { throw DecodeError("chunked transmission without its m=0 chunk") }
        flushText()
        return items
    }

    /// The body of the APC at `start` (after `ESC _`, before `ESC \`), and where it ends.
    private static func apc(_ bytes: [UInt8], from start: Int) throws -> ([UInt8], Int) {
        var j = start + 2
        while j + 1 < bytes.count {
            if bytes[j] == 0x1B {
                guard bytes[j + 1] == UInt8(ascii: "\\") else { throw DecodeError("ESC inside an APC") }
                return (Array(bytes[(start + 2)..<j]), j + 2)
            }
            j += 1
        }
        throw DecodeError("APC without its terminator")
    }

    /// The escape inside a tmux passthrough at `start`, ESCs undoubled, and where it ends.
    private static func unwrapTmux(_ bytes: [UInt8], from start: Int) throws -> ([UInt8], Int) {
        var inner: [UInt8] = []
        var j = start + 7
        while j < bytes.count {
            if bytes[j] == 0x1B {
                guard j + 1 < bytes.count else { break }
                if bytes[j + 1] == 0x1B { inner.append(0x1B); j += 2; continue }
                guard bytes[j + 1] == UInt8(ascii: "\\") else { throw DecodeError("single ESC inside a passthrough") }
                return (inner, j + 2)
            }
            inner.append(bytes[j])
            j += 1
        }
        throw DecodeError("passthrough without its terminator")
    }

    /// The picture an `a=T` command transmits.
    static func picture(_ command: Command) throws -> Picture {
        guard command.keys["a"] == "T" else { throw DecodeError("not a transmit-and-place command: \(command.keyOrder)") }
        let format = command.keys["f"] ?? "32"
        guard format == "24" || format == "100" else { throw DecodeError("format \(format) is neither 24-bit RGB nor PNG") }
        guard let id = command.int("i").flatMap(UInt32.init(exactly:)), id != 0 else { throw DecodeError("no image id") }
        let medium = command.keys["t"] ?? "d"
        var data: [UInt8]
        var name: String?
        switch medium {
        case "d":
            data = command.payload
        case "s":
            name = String(decoding: command.payload, as: UTF8.self)
            data = try readSharedMemory(name!, size: command.int("S"))
        default:
            throw DecodeError("medium \(medium)")
        }
        let width: Int, height: Int
        if format == "100" {
            guard command.keys["o"] == nil else { throw DecodeError("a PNG is compressed already") }
            let png = try PNGReader.decode(data)
            (width, height, data) = (png.width, png.height, png.pixels)
            if let s = command.int("s"), let v = command.int("v"), (s, v) != (width, height) {
                throw DecodeError("s,v \(s)x\(v) but the PNG is \(width)x\(height)")
            }
        } else {
            guard let s = command.int("s"), let v = command.int("v"), s > 0, v > 0 else { throw DecodeError("no pixel size") }
            (width, height) = (s, v)
            if command.keys["o"] == "z" { data = try inflate(data, expected: width * height * 3) }
        }
        guard data.count == width * height * 3 else { throw DecodeError("\(data.count) bytes for \(width)x\(height)") }
        return Picture(
            imageID: id, placementID: command.int("p").flatMap(UInt32.init(exactly:)),
            columns: command.int("c"), rows: command.int("r"), zIndex: command.int("z") ?? 0,
            width: width, height: height, pixels: data, isVirtual: command.keys["U"] == "1",
            cursorStays: command.keys["C"] == "1", quiet: command.int("q") ?? 0, medium: medium,
            sharedMemoryName: name)
    }

    static func inflate(_ data: [UInt8], expected: Int) throws -> [UInt8] {
        var out = [UInt8](repeating: 0, count: expected + 16)
        var length = uLongf(out.count)
        let status = data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                uncompress(output.baseAddress, &length, input.baseAddress, uLong(input.count))
            }
        }
        guard status == Z_OK else { throw DecodeError("zlib stream does not inflate (\(status))") }
        guard Int(length) == expected else { throw DecodeError("zlib stream of \(length) bytes, not \(expected)") }
        return Array(out.prefix(Int(length)))
    }

    /// Reads a shared memory object and unlinks it, as the terminal does.
    static func readSharedMemory(_ name: String, size: Int?) throws -> [UInt8] {
        let descriptor = shm_open(name, O_RDONLY, 0)
        guard descriptor >= 0 else { throw DecodeError("shm_open \(name): errno \(errno)") }
        defer { close(descriptor); shm_unlink(name) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw DecodeError("fstat") }
        let length = size ?? Int(info.st_size)
        guard length <= Int(info.st_size) else { throw DecodeError("S=\(length) beyond the object's \(info.st_size) bytes") }
        var bytes = [UInt8](repeating: 0, count: length)
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, length, 0) }
        guard read == length else { throw DecodeError("short read") }
        return bytes
    }

    // MARK: Placeholders

    /// One cell of placeholder text.
    struct PlaceholderCell: Equatable {
        var imageID: UInt32
        var row: Int
        var column: Int
    }

    /// Reads placeholder text: `ESC[38;2;r;g;bm` sets the id's low 24 bits, then each
    /// U+10EEEE with its diacritics (row, column, top byte) is one cell; `ESC[39m` ends.
    /// Missing diacritics are refused (the encoder promises all of them on every cell).
    static func placeholderCells(_ bytes: [UInt8], marks: [UInt32]) throws -> [PlaceholderCell] {
        let indexOf = Dictionary(uniqueKeysWithValues: marks.enumerated().map { ($1, $0) })
        let text = String(decoding: bytes, as: UTF8.self)
        var scalars = Array(text.unicodeScalars)[...]
        var cells: [PlaceholderCell] = []
        var color: UInt32?
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}" {
                var sequence = ""
                while let next = scalars.popFirst() {
                    sequence.unicodeScalars.append(next)
                    if next == "m" { break }
                }
                if sequence == "[39m" { color = nil; continue }
                let fields = sequence.dropFirst().dropLast().split(separator: ";").compactMap { UInt32($0) }
                guard sequence.hasPrefix("["), fields.count == 5, fields[0] == 38, fields[1] == 2 else {
                    throw DecodeError("unexpected escape \(sequence)")
                }
                color = fields[2] << 16 | fields[3] << 8 | fields[4]
            } else if scalar.value == 0x10EEEE {
                guard let color else { throw DecodeError("placeholder without a foreground colour") }
                var numbers: [Int] = []
                while let next = scalars.first, let n = indexOf[next.value] {
                    numbers.append(n)
                    scalars.removeFirst()
                }
                guard numbers.count == 2 || numbers.count == 3 else { throw DecodeError("placeholder with \(numbers.count) diacritics") }
                let top = numbers.count == 3 ? UInt32(numbers[2]) << 24 : 0
                cells.append(PlaceholderCell(imageID: top | color, row: numbers[0], column: numbers[1]))
            } else {
                throw DecodeError("unexpected character U+\(String(scalar.value, radix: 16))")
            }
        }
        return cells
    }
}
