import CZlib
import Foundation
import InsetCore
import InsetTestSupport
import Testing
@testable import InsetRender
#if canImport(Glibc)
import Glibc
#endif

@Suite("Kitty graphics encoder")
struct KittyGraphicsTests {
    static let placement = KittyPlacement(imageID: 7, placementID: 3, cells: CellSize(columns: 40, rows: 12),
                                          zIndex: KittyZIndex.underText)

    /// The output's graphics commands (failing on any other bytes).
    static func commands(_ output: OutputBuffer) throws -> [KittyDecoder.Command] {
        try KittyDecoder.split(output.array).map {
            guard case .graphics(let command) = $0 else { throw KittyDecoder.DecodeError("text between commands") }
            return command
        }
    }

    static func pixels(_ image: RGBImage) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: image.width * image.height * 3) { buffer, count in
            image.copyPacked(into: buffer.baseAddress!)
            count = buffer.count
        }
    }

    static let pictures: [(String, RGBImage)] = [
        ("1x1", TestImages.flat(PixelSize(width: 1, height: 1), RGB(9, 8, 7))),
        ("flat", TestImages.flat(PixelSize(width: 33, height: 17), RGB(200, 100, 50))),
        ("gradient", TestImages.gradient(PixelSize(width: 256, height: 120))),
        ("noise", TestImages.noise(PixelSize(width: 97, height: 61), seed: 11)),
        ("scene", TestImages.scene(PixelSize(width: 320, height: 180))),
    ]

    @Test("direct transmission gives the pixels back exactly", arguments: [false, true])
    func direct(passthrough: Bool) throws {
        let encoder = KittyGraphicsEncoder(passthrough: passthrough)
        for (name, image) in Self.pictures {
            let output = OutputBuffer()
            try encoder.encode(image, placement: Self.placement, into: output)
            let commands = try Self.commands(output)
            #expect(commands.count == 1, "\(name)")
            let command = try #require(commands.first)
            #expect(command.wrapped == passthrough)
            #expect(command.keyOrder == ["a", "f", "s", "v", "i", "p", "c", "r", "z", "q", "C", "o", "m"])
            let picture = try KittyDecoder.picture(command)
            #expect(picture.pixels == Self.pixels(image), "\(name): pixels differ")
            #expect(picture.width == image.width && picture.height == image.height)
            #expect(picture.imageID == 7 && picture.placementID == 3)
            #expect(picture.columns == 40 && picture.rows == 12 && picture.zIndex == -1)
            #expect(picture.cursorStays && picture.quiet == 2 && !picture.isVirtual && picture.medium == "d")
        }
    }

    @Test("chunks hold at most 4096 characters, all full but the last")
    func chunks() throws {
        // Noise does not compress: about 60 KB of zlib, 80 KB of base64, 20 chunks.
        let image = TestImages.noise(PixelSize(width: 160, height: 128), seed: 5)
        for passthrough in [false, true] {
            let output = OutputBuffer()
            try KittyGraphicsEncoder(passthrough: passthrough).encode(image, placement: Self.placement, into: output)
            let command = try #require(try Self.commands(output).first)
            #expect(command.chunkSizes.count > 10)
            #expect(command.chunkSizes.dropLast().allSatisfy { $0 == 4096 })
            #expect((1...4096).contains(command.chunkSizes.last!))
            #expect(try KittyDecoder.picture(command).pixels == Self.pixels(image))
            // The raw escapes: one APC (or one passthrough) per chunk.
            let text = String(decoding: output.array, as: UTF8.self)
            let wrappers = text.components(separatedBy: "\u{1B}Ptmux;").count - 1
            #expect(wrappers == (passthrough ? command.chunkSizes.count : 0))
        }
    }

    @Test("tmux passthrough doubles every ESC of the escape")
    func passthroughBytes() throws {
        let output = OutputBuffer()
        KittyGraphicsEncoder.delete(imageID: 9, passthrough: true, into: output)
        #expect(output.text == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=i,i=9,q=2\u{1B}\u{1B}\\\u{1B}\\")
    }

    @Test("delete commands")
    func delete() throws {
        let output = OutputBuffer()
        KittyGraphicsEncoder.delete(imageID: 7, into: output)
        #expect(output.text == "\u{1B}_Ga=d,d=i,i=7,q=2\u{1B}\\")
        output.removeAll()
        KittyGraphicsEncoder.delete(imageID: 4_294_967_295, freeingData: true, into: output)
        #expect(output.text == "\u{1B}_Ga=d,d=I,i=4294967295,q=2\u{1B}\\")
        let command = try #require(try Self.commands(output).first)
        #expect(command.keys == ["a": "d", "d": "I", "i": "4294967295", "q": "2"])
        #expect(command.payload.isEmpty)
    }

    @Test("a cursor move then a command: the picture lands at that cell")
    func atOrigin() throws {
        let output = OutputBuffer()
        let image = TestImages.blocks(PixelSize(width: 20, height: 10))
        output.appendMove(to: CellPoint(column: 4, row: 2))
        try KittyGraphicsEncoder().encode(image, placement: Self.placement, into: output)
        let items = try KittyDecoder.split(output.array)
        #expect(items.count == 2)
        guard case .text(let move) = items.first, case .graphics(let command) = items.last else {
            Issue.record("expected a CUP then a command")
            return
        }
        #expect(String(decoding: move, as: UTF8.self) == "\u{1B}[3;5H")
        #expect(try KittyDecoder.picture(command).pixels == Self.pixels(image))
    }

    @Test("shared memory: a new object per frame, its name in the escape")
    func sharedMemory() throws {
        let encoder = KittyGraphicsEncoder(transmission: .sharedMemory)
        var names: Set<String> = []
        for (name, image) in Self.pictures {
            let output = OutputBuffer()
            try encoder.encode(image, placement: Self.placement, into: output)
            let command = try #require(try Self.commands(output).first)
            #expect(command.keys["o"] == nil, "local pixels go uncompressed")
            #expect(command.int("S") == image.width * image.height * 3)
            let picture = try KittyDecoder.picture(command)
            #expect(picture.medium == "s")
            #expect(picture.pixels == Self.pixels(image), "\(name): pixels differ")
            let objectName = try #require(picture.sharedMemoryName)
            #expect(objectName.hasPrefix("/inset-\(String(getpid(), radix: 16))-"))
            names.insert(objectName)
            // The decoder unlinked it, as the terminal would: it is gone.
            #expect(shm_open(objectName, O_RDONLY, 0) == -1 && errno == ENOENT)
        }
        #expect(names.count == Self.pictures.count)
    }

    @Test("virtual placements for Unicode placeholders")
    func virtualPlacement() throws {
        let output = OutputBuffer()
        let image = TestImages.scene(PixelSize(width: 80, height: 40))
        try KittyGraphicsEncoder().transmitForPlaceholders(image, imageID: 42, cells: CellSize(columns: 8, rows: 2), into: output)
        let command = try #require(try Self.commands(output).first)
        #expect(command.keyOrder == ["a", "f", "s", "v", "i", "c", "r", "U", "q", "o", "m"])
        let picture = try KittyDecoder.picture(command)
        #expect(picture.isVirtual && picture.imageID == 42 && picture.columns == 8 && picture.rows == 2)
        #expect(picture.placementID == nil && !picture.cursorStays)
        #expect(picture.pixels == Self.pixels(image))
    }

    @Test("a placeholder row as in kitty's documentation")
    func placeholderExample() {
        // The protocol's own example for image 42, 2x2, in 24-bit colour.
        let output = OutputBuffer()
        KittyGraphicsEncoder.writePlaceholderRow(imageID: 42, row: 0, columns: 2, into: output)
        #expect(output.text == "\u{1B}[38;2;0;0;42m\u{10EEEE}\u{0305}\u{0305}\u{10EEEE}\u{0305}\u{030D}\u{1B}[39m")
        output.removeAll()
        KittyGraphicsEncoder.writePlaceholderRow(imageID: 42, row: 1, columns: 2, into: output)
        #expect(output.text == "\u{1B}[38;2;0;0;42m\u{10EEEE}\u{030D}\u{0305}\u{10EEEE}\u{030D}\u{030D}\u{1B}[39m")
        output.removeAll()
        // 33554474 = 42 + (2 << 24): the top byte as a third diacritic, U+030E for 2.
        KittyGraphicsEncoder.writePlaceholderRow(imageID: 33_554_474, row: 0, columns: 1, into: output)
        #expect(output.text == "\u{1B}[38;2;0;0;42m\u{10EEEE}\u{0305}\u{0305}\u{030E}\u{1B}[39m")
    }

    @Test("placeholder rows decode to their row and columns", arguments: [
        UInt32(1), 0x00AB_CDEF, 0x7F00_0001, 0xFFFF_FFFF,
    ])
    func placeholderRows(imageID: UInt32) throws {
        let columns = KittyGraphicsEncoder.maxPlaceholderCells
        for row in [0, 1, 2, 57, 296] {
            let output = OutputBuffer()
            KittyGraphicsEncoder.writePlaceholderRow(imageID: imageID, row: row, columns: columns, into: output)
            let cells = try KittyDecoder.placeholderCells(output.array, marks: KittyDiacritics.marks)
            #expect(cells == (0..<columns).map { KittyDecoder.PlaceholderCell(imageID: imageID, row: row, column: $0) })
        }
    }

    @Test("the diacritics table is kitty's")
    func diacritics() {
        let marks = KittyDiacritics.marks
        #expect(marks.count == 297)
        #expect(Array(marks.prefix(3)) == [0x0305, 0x030D, 0x030E])
        #expect(marks.last == 0x1D244)
        #expect(zip(marks, marks.dropFirst()).allSatisfy { $0 < $1 }, "kitty's list is in code point order")
        // All combining marks: Unicode.Scalar.Properties knows their class.
        #expect(marks.allSatisfy { Unicode.Scalar($0)!.properties.canonicalCombiningClass == .above })
    }

    @Test("base64 matches Foundation's")
    func base64() {
        var rng = SplitMix64(seed: 3)
        for count in Array(0...9) + [3071, 3072, 3073] {
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let output = OutputBuffer()
            output.withWriter(reserving: Base64.encodedCount(count)) { w in
                bytes.withUnsafeBufferPointer { Base64.put($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: count, into: &w) }
            }
            #expect(output.text == Data(bytes).base64EncodedString())
        }
    }

    @Test("zlib through the shim: a deflater's stream inflates back to the pixels, after a reset too")
    func zlibShim() throws {
        let image = TestImages.scene(PixelSize(width: 100, height: 60))
        let deflater = ZlibDeflater(level: 1)
        for _ in 0..<2 {  // the reset stream gives the same result again
            let compressed = Array(deflater.compress(image))
            #expect(compressed.count < image.width * image.height * 3 / 2)
            #expect(try KittyDecoder.inflate(compressed, expected: image.width * image.height * 3) == Self.pixels(image))
        }
        var stream = z_stream()
        #expect(czlib_deflate_init(&stream, 9) == Z_OK)
        deflateEnd(&stream)
    }

    @Test("an empty picture writes nothing")
    func empty() throws {
        let output = OutputBuffer()
        try KittyGraphicsEncoder().encode(RGBImage(size: PixelSize(width: 4, height: 0)), placement: Self.placement, into: output)
        #expect(output.isEmpty)
    }
}
