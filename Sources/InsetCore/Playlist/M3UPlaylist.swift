/// A plain `.m3u` / `.m3u8` playlist: one file or URL a line, read from its bytes.
///
/// The same extensions name HLS playlists, which are not lists of files but of a stream's
/// segments and variants, for FFmpeg to play as one input. They are told apart by content,
/// not name: any `#EXT-X-` tag (`#EXT-X-TARGETDURATION` in a media playlist,
/// `#EXT-X-STREAM-INF` in a master one, `#EXT-X-VERSION`…) makes it HLS.
///
/// A plain playlist's rules:
/// - a UTF-8 byte order mark at the start is skipped; lines end at LF, CR LF or CR;
/// - blank lines and comments (`#…`) are skipped; spaces around a line are not part of it;
/// - `#EXTINF:seconds,title` gives the next entry its title (optional);
/// - a URL (`scheme://…`) and an absolute path are kept as written; any other path is
///   relative to the playlist's own folder;
/// - names are bytes (`FileNameBytes`): a line that is not UTF-8 still names its file.
///
/// The input is a hostile file as much as any video: its size is capped before it is read
/// (`maximumBytes`, the caller's job) and after (`read` refuses more), its entries too
/// (`maximumEntries`), and a file with NUL bytes is not text and so not a playlist.
public enum M3UPlaylist {
    public struct Entry: Equatable, Sendable {
        /// The path (resolved against the playlist's folder) or URL.
        public var location: String
        /// The `#EXTINF` title, if the line before gave one.
        public var title: String?

        public init(location: String, title: String? = nil) { self.location = location; self.title = title }
    }

    public enum Reading: Equatable, Sendable {
        case playlist([Entry])
        /// An HLS playlist: FFmpeg plays it as one input.
        case hls
        /// Not read as a playlist, with the reason as a few words ("larger than 4 MiB").
        case refused(String)
    }

    /// The largest playlist read: 4 MiB is tens of thousands of lines.
    public static let maximumBytes = 4 << 20
    /// The most entries one playlist gives.
    public static let maximumEntries = 100_000

    /// Whether a path is named as a playlist (`.m3u`, `.m3u8`, in any case).
    public static func isPlaylistName(_ path: String) -> Bool {
        let lower = path.lowercased()
        return lower.hasSuffix(".m3u") || lower.hasSuffix(".m3u8")
    }

    /// Reads a playlist's bytes. `directory` is the playlist's folder, for relative paths.
    public static func read(_ bytes: [UInt8], directory: String) -> Reading {
        guard bytes.count <= maximumBytes else { return .refused("larger than \(maximumBytes >> 20) MiB") }
        guard !bytes.contains(0) else { return .refused("binary, not a list of files") }
        var entries: [Entry] = []
        var title: String?
        for line in lines(of: bytes) {
            if line.first == UInt8(ascii: "#") {
                if startsWith(line, "#EXT-X-") { return .hls }
                if startsWith(line, "#EXTINF:") { title = extinfTitle(line) }
                continue
            }
            guard entries.count < maximumEntries else { return .refused("more than \(maximumEntries) entries") }
            entries.append(Entry(location: resolve(FileNameBytes.decode(line), against: directory), title: title))
            title = nil
        }
        return .playlist(entries)
    }

    /// The lines, each without its end and the blanks around it; empty lines left out.
    static func lines(of bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var lines: [ArraySlice<UInt8>] = []
        var index = start
        while index <= bytes.count {
            if index == bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D {
                let line = trimmed(bytes[start..<index])
                if !line.isEmpty { lines.append(line) }
                start = index + 1
            }
            index += 1
        }
        return lines
    }

    static func trimmed(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let blank: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let first = line.firstIndex(where: { !blank($0) }), let last = line.lastIndex(where: { !blank($0) })
        else { return [] }
        return line[first...last]
    }

    static func startsWith(_ line: ArraySlice<UInt8>, _ prefix: String) -> Bool {
        line.starts(with: prefix.utf8)
    }

    /// `#EXTINF:123,The title` → "The title"; nil when there is none after the comma.
    static func extinfTitle(_ line: ArraySlice<UInt8>) -> String? {
        guard let comma = line.firstIndex(of: UInt8(ascii: ",")) else { return nil }
        let title = trimmed(line[(comma + 1)...])
        return title.isEmpty ? nil : FileNameBytes.decode(title)
    }

    /// A URL or an absolute path as written; a relative path under `directory`.
    static func resolve(_ location: String, against directory: String) -> String {
        if location.hasPrefix("/") || isURL(location) || directory.isEmpty { return location }
        return directory.hasSuffix("/") ? directory + location : directory + "/" + location
    }

    /// `scheme://…` (`file://` too: kept as written, not joined to the playlist's folder).
    static func isURL(_ text: String) -> Bool { URLScheme.of(text) != nil }
}
