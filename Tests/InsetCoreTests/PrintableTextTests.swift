import InsetCore
import Testing

@Suite("Text from outside made printable")
struct PrintableTextTests {
    @Test("plain names come back unchanged, backslashes included", arguments: ["clip.mp4", "Été à Paris.mkv", "a\\b.mp4", "日本語.ts", ""])
    func plain(_ name: String) {
        #expect(PrintableText.escaped(name) == name)
    }

    @Test("C0, DEL, C1 and bidi controls are escaped, and then a backslash is doubled", arguments: [
        ("x\u{1B}]0;PWNED\u{07}\u{1B}[2J.mp4", "x\\e]0;PWNED\\a\\e[2J.mp4"),
        ("a\tb\nc\rd", "a\\tb\\nc\\rd"),
        ("del\u{7F}", "del\\x7f"),
        ("nul\u{0}", "nul\\x00"),
        ("csi\u{9B}2J", "csi\\u{9b}2J"),
        ("osc\u{9D}52", "osc\\u{9d}52"),
        ("abc\u{202E}4pm.exe", "abc\\u{202e}4pm.exe"),
        ("back\\slash\u{1B}", "back\\\\slash\\e"),
    ])
    func escapes(_ pair: (String, String)) {
        #expect(PrintableText.escaped(pair.0) == pair.1)
    }

    @Test("no byte below 0x20, DEL or C1 survives escaping, for any scalar")
    func nothingUnsafeSurvives() {
        var every = ""
        for value in UInt32(0)...0x2100 { if let scalar = Unicode.Scalar(value) { every.unicodeScalars.append(scalar) } }
        let escaped = PrintableText.escaped(every)
        #expect(!escaped.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) })
    }

    @Test("bytes of a name that are not UTF-8 show as \\xNN")
    func rawBytes() {
        let name = FileNameBytes.decode([0x63, 0x61, 0x66, 0xE9, 0x2E, 0x6D, 0x70, 0x34])
        #expect(PrintableText.escaped(name) == "caf\\xe9.mp4")
    }

    @Test("JSON keeps its values exact: C1 and DEL as \\u escapes, raw bytes as text")
    func json() {
        #expect(PrintableText.safeJSON("{\"path\" : \"a\u{9B}b\u{7F}\"}") == "{\"path\" : \"a\\u009bb\\u007f\"}")
        #expect(PrintableText.safeJSON("{\n  \"a\" : 1\n}") == "{\n  \"a\" : 1\n}")
        let raw = FileNameBytes.decode([0x41, 0xFF])
        #expect(PrintableText.safeJSON("\"\(raw)\"") == "\"A\\\\xff\"")
    }
}

@Suite("File names kept as bytes")
struct FileNameBytesTests {
    @Test("valid UTF-8 decodes to its text", arguments: ["clip.mp4", "Été.mkv", "日本語", "🎬.mp4"])
    func utf8(_ name: String) {
        #expect(FileNameBytes.decode(Array(name.utf8)) == name)
        #expect(FileNameBytes.systemBytes(name) == Array(name.utf8))
    }

    @Test("any bytes come back byte for byte", arguments: [
        [0x63, 0x61, 0x66, 0xE9], [0xFF, 0xFE, 0x41], [0xC3], [0xE2, 0x82], [0xF4, 0x8F, 0xBE, 0x80],
        [0xED, 0xA0, 0x80], [0xC0, 0xAF], [0xF8, 0x88, 0x80, 0x80, 0x80], [0x80, 0x80, 0x41, 0xC3, 0xA9],
    ] as [[UInt8]])
    func roundTrip(_ bytes: [UInt8]) {
        let name = FileNameBytes.decode(bytes)
        #expect(FileNameBytes.systemBytes(name) == bytes)
        #expect(FileNameBytes.hasRawBytes(name))
    }

    @Test("random byte strings round-trip")
    func randomRoundTrip() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<2000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let count = Int(state >> 59)
            var bytes: [UInt8] = []
            for _ in 0..<count {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                bytes.append(UInt8(truncatingIfNeeded: state >> 33) | 1)  // no NUL in a name
            }
            #expect(FileNameBytes.systemBytes(FileNameBytes.decode(bytes)) == bytes)
        }
    }
}
