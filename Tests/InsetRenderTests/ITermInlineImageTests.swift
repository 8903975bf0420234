import Foundation
import InsetCore
@testable import InsetRender
import Testing

/// The OSC 1337 escapes of `--graphics iterm`: one `File=` sequence alone, iTerm2's
/// multipart form inside tmux's passthrough; sized in cells, the file's bytes in base64.
@Suite("iTerm2 inline image sequences")
struct ITermInlineImageTests {
    /// Bytes standing for a JPEG: every value, so base64's whole alphabet and its padding show.
    static func file(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 * 7 + $0 / 256) } }

    static func written(_ file: [UInt8], cells: CellSize, passthrough: Bool, at: CellPoint? = nil) -> String {
        let output = OutputBuffer(capacity: 64)
        file.withUnsafeBytes { ITermInlineImage.write($0, cells: cells, passthrough: passthrough, at: at, into: output) }
        return output.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }
    }

    @Test("alone: one OSC 1337 File= with the size, the cells, no aspect kept, the cursor left, then the base64 and BEL",
          arguments: [0, 1, 2, 3, 1000, 40_000])
    func single(count: Int) throws {
        let file = Self.file(count)
        let text = Self.written(file, cells: CellSize(columns: 120, rows: 33), passthrough: false)
        let head = "\u{1B}]1337;File=inline=1;size=\(count);width=120;height=33;preserveAspectRatio=0;doNotMoveCursor=1:"
        #expect(text.hasPrefix(head))
        #expect(text.hasSuffix("\u{07}"))
        let payload = String(text.dropFirst(head.count).dropLast())
        #expect(payload.count == (count + 2) / 3 * 4)
        #expect(Data(base64Encoded: payload).map(Array.init) == file)
        #expect(text.filter { $0 == "\u{1B}" }.count == 1, "no other escape inside")
    }

    @Test("inside tmux: MultipartFile=, FilePart= pieces of at most partBytes, FileEnd, each in passthrough with its ESC doubled",
          arguments: [0, 5, 12_288, 12_289, 100_000])
    func multipart(count: Int) throws {
        let file = Self.file(count)
        let text = Self.written(file, cells: CellSize(columns: 40, rows: 12), passthrough: true)
        let open = "\u{1B}Ptmux;\u{1B}\u{1B}]1337;", close = "\u{07}\u{1B}\\"
        var strings = text.components(separatedBy: close)
        #expect(strings.removeLast() == "", "ends with a whole passthrough string")
        #expect(strings.allSatisfy { $0.hasPrefix(open) })
        let bodies = strings.map { String($0.dropFirst(open.count)) }
        #expect(bodies.first == "MultipartFile=inline=1;size=\(count);width=40;height=12;preserveAspectRatio=0;doNotMoveCursor=1")
        #expect(bodies.last == "FileEnd")
        let parts = bodies.dropFirst().dropLast()
        #expect(parts.allSatisfy { $0.hasPrefix("FilePart=") })
        let pieces = parts.map { String($0.dropFirst("FilePart=".count)) }
        #expect(pieces.allSatisfy { $0.count <= ITermInlineImage.partBytes && $0.count % 4 == 0 })
        #expect(pieces.count == (count + ITermInlineImage.partBytes / 4 * 3 - 1) / (ITermInlineImage.partBytes / 4 * 3))
        // Each piece decodes alone (no padding but at the end), and together they are the file.
        let decoded = pieces.compactMap { Data(base64Encoded: $0) }
        #expect(decoded.count == pieces.count)
        #expect(decoded.reduce([UInt8]()) { $0 + Array($1) } == file)
    }

    @Test("inside tmux at a cell outside: the strings that start and end the picture save the cursor, move it there, put it back")
    func placedOutside() {
        let text = Self.written(Self.file(100), cells: CellSize(columns: 40, rows: 12), passthrough: true,
                                at: CellPoint(column: 60, row: 5))
        #expect(text.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[6;61H\u{1B}\u{1B}]1337;MultipartFile=inline=1;size=100;"))
        #expect(text.contains("doNotMoveCursor=1\u{07}\u{1B}\u{1B}8\u{1B}\\\u{1B}Ptmux;\u{1B}\u{1B}]1337;FilePart="))
        #expect(text.hasSuffix("\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[6;61H\u{1B}\u{1B}]1337;FileEnd\u{07}\u{1B}\u{1B}8\u{1B}\\"))
    }
}
