import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The character set a subtitle file is written in, for libavcodec's `sub_charenc` (it
/// converts each cue to UTF-8 with iconv before decoding). libavcodec refuses text that is
/// not UTF-8 without it, cue by cue, so a Latin-1 file used to give no cues at all.
public enum SubtitleCharset {
    /// What a file's bytes are read as when `--sub-charset` does not say.
    public enum Guess: Equatable, Sendable {
        /// UTF-8 (or ASCII), or UTF-16 with a byte order mark, which libavformat's text
        /// reader turns into UTF-8 itself: nothing to convert.
        case unicode
        /// Not UTF-8: an iconv name of a legacy 8-bit set.
        case legacy(String)
    }

    /// An honest, simple guess: text that is valid UTF-8 is UTF-8 (a stray Latin-1 accent
    /// is almost never valid UTF-8, as a lead byte must be followed by continuation bytes).
    /// Anything else is taken as Windows-1252, Latin-1 with typographic quotes and dashes in
    /// 0x80–0x9F, the usual legacy encoding of Western subtitles (mpv does the same without
    /// uchardet); a file using the five bytes Windows-1252 leaves undefined, which iconv would
    /// refuse, is read as ISO-8859-1, which defines every byte. Other legacy sets (Cyrillic,
    /// Greek, CJK) come out as the wrong letters, and `--sub-charset` names them.
    public static func guess(_ data: Data) -> Guess {
        // Data's own iterator costs several times the parsing, on a 16 MiB file.
        data.withUnsafeBytes { guess($0) }
    }

    public static func guess<Bytes: Collection>(_ bytes: Bytes) -> Guess where Bytes.Element == UInt8 {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return .unicode }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid: continue
            case .emptyInput: return .unicode
            case .error: return bytes.contains(where: undefinedInWindows1252.contains) ? .legacy("ISO-8859-1") : .legacy("CP1252")
            }
        }
    }

    private static let undefinedInWindows1252: Set<UInt8> = [0x81, 0x8D, 0x8F, 0x90, 0x9D]

    /// Whether iconv (as libavcodec calls it) converts from `name` to UTF-8.
    public static func isKnown(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        let converter = iconv_open("UTF-8", name)
        guard converter != iconv_t(bitPattern: -1) else { return false }
        iconv_close(converter)
        return true
    }

    /// Whether `name` means UTF-8 itself, which needs no conversion.
    static func isUTF8(_ name: String) -> Bool {
        ["utf-8", "utf8"].contains(name.lowercased())
    }
}
