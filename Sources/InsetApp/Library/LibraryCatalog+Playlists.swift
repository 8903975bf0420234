import Foundation
import InsetCore
import InsetMedia

/// Playlists among the paths: an `.m3u` / `.m3u8` file that is a plain list of files
/// (`M3UPlaylist`; an HLS one is a stream and stays one entry, for FFmpeg) is listed as its
/// entries, in its order, where it was given.
///
/// A playlist is a file from anywhere, read as carefully as a video: at most
/// `M3UPlaylist.maximumBytes` are read (a bigger file is refused whole, one line naming
/// it, listed as the reason), and a playlist that names itself, or one that names it
/// back, is not read again: nesting stops at the first repeat and after `maximumNesting`
/// levels, each stop listed as a failed entry so the user sees why.
extension LibraryCatalog {
    static let maximumNesting = 8

    /// The playlist's entries as library entries, or nil when `path` is not a plain
    /// playlist (not named as one, or HLS): it is then listed as any other file.
    static func playlistListing(_ path: String, size: Int64, within open: [String] = []) -> [LibraryEntry]? {
        guard M3UPlaylist.isPlaylistName(path) else { return nil }
        let identity = realPath(path)
        if open.contains(identity) || open.count >= maximumNesting {
            let why = open.contains(identity) ? "it names itself (through \(displayName(open.last ?? path)))"
                                              : "playlists nested more than \(maximumNesting) deep"
            return [failedEntry(path, why)]
        }
        switch readPlaylist(path, size: size) {
        case .hls:
            return nil
        case .refused(let reason):
            return [failedEntry(path, reason)]
        case .playlist(let items):
            var entries: [LibraryEntry] = []
            entries.reserveCapacity(items.count)
            for item in items {
                entries += listing(forPlaylistItem: item, within: open + [identity])
            }
            return entries
        }
    }

    /// Reads at most one byte more than a playlist may have, so a bigger file is refused
    /// without reading it all (a `.m3u` may be a device, a FIFO, a huge file by mistake).
    static func readPlaylist(_ path: String, size: Int64) -> M3UPlaylist.Reading {
        if size > Int64(M3UPlaylist.maximumBytes) { return .refused("larger than \(M3UPlaylist.maximumBytes >> 20) MiB") }
        let descriptor = open(FileNameBytes.cString(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .refused(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: M3UPlaylist.maximumBytes + 1)
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            filled += got
        }
        bytes.removeSubrange(filled...)
        return M3UPlaylist.read(bytes, directory: (path as NSString).deletingLastPathComponent)
    }

    /// One line of a playlist: a URL, a file, or another playlist (read in its turn).
    private static func listing(forPlaylistItem item: M3UPlaylist.Entry, within open: [String]) -> [LibraryEntry] {
        let path = item.location
        if !InputLocation.isURL(path), case .regular(let size) = fileKind(path),
           let nested = playlistListing(path, size: size, within: open) {
            return nested
        }
        var entries = listing(for: [path])
        // The playlist's title names it in the library; a directory keeps its files' names.
        if let title = item.title, entries.count == 1, entries[0].path == path {
            entries[0] = LibraryEntry(path: path, name: PrintableText.escaped(title), fileSize: entries[0].fileSize,
                                      state: entries[0].state)
        }
        return entries
    }

    private static func failedEntry(_ path: String, _ reason: String) -> LibraryEntry {
        LibraryEntry(path: path, name: displayName(path), fileSize: nil,
                     state: .failed(.ffmpeg(path: path, operation: "reading the playlist", detail: reason)))
    }

    /// The file's own name, symbolic links and `..` resolved, so a playlist reached twice
    /// by two spellings is known as one.
    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(FileNameBytes.cString(path), nil) else { return path }
        defer { free(resolved) }
        return FileNameBytes.decode(cString: resolved)
    }
}
