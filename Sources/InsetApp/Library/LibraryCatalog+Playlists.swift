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
/// levels, each stop listed as a failed entry so the user sees why. Nor may playlists that
/// name one another many times over multiply: each file is read once per listing
/// (`PlaylistExpansion`), all of them together give at most `M3UPlaylist.maximumEntries`
/// (a repeat and a refusal count as one) and are read up to `maximumPlaylistBytes` in all.
extension LibraryCatalog {
    static let maximumNesting = 8
    static let maximumPlaylistBytes = 16 << 20

    /// The playlist's entries as library entries, or nil when `path` is not a plain
    /// playlist (not named as one, or HLS): it is then listed as any other file.
    static func playlistListing(_ path: String, size: Int64, _ playlists: PlaylistExpansion,
                                within open: [String] = []) -> [LibraryEntry]? {
        guard M3UPlaylist.isPlaylistName(path) else { return nil }
        let identity = realPath(path)
        if open.contains(identity) || open.count >= maximumNesting {
            let why = open.contains(identity) ? "it names itself (through \(displayName(open.last ?? path)))"
                                              : "playlists nested more than \(maximumNesting) deep"
            playlists.listed += 1
            return [failedEntry(path, why)]
        }
        let known = playlists.readings[identity]
        let reading = known ?? playlists.read(path, size: size)
        playlists.readings[identity] = reading
        // Each playlist read counts as an entry, so thousands of empty ones (which read no
        // bytes) still meet the limit.
        if known == nil { playlists.listed += 1 }
        switch reading {
        case .hls:
            return nil
        case .refused(let reason):
            playlists.listed += 1
            return [failedEntry(path, reason)]
        case .playlist(let items):
            var entries: [LibraryEntry] = []
            entries.reserveCapacity(items.count)
            for item in items {
                guard playlists.listed < M3UPlaylist.maximumEntries else {
                    entries.append(failedEntry(path, "its playlists name more than \(M3UPlaylist.maximumEntries) entries in all"))
                    break
                }
                entries += listing(forPlaylistItem: item, playlists, within: open + [identity])
            }
            return entries
        }
    }

    /// Reads at most one byte more than a playlist may have, so a bigger file is refused
    /// without reading it all (a `.m3u` may be a device, a FIFO, a huge file by mistake).
    /// `limit` (at most `M3UPlaylist.maximumBytes`) is what the listing may still read;
    /// `count` is what was read.
    static func readPlaylist(_ path: String, size: Int64, limit: Int = M3UPlaylist.maximumBytes,
                             count: inout Int) -> M3UPlaylist.Reading {
        if size > Int64(M3UPlaylist.maximumBytes) { return .refused("larger than \(M3UPlaylist.maximumBytes >> 20) MiB") }
        if size > Int64(limit) { return .refused("over \(maximumPlaylistBytes >> 20) MiB of playlists in all") }
        let descriptor = open(FileNameBytes.cString(path), O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return .refused(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        // Read in chunks as far as one byte past what may be read (which tells a file that
        // grew, or a device), so an empty or small playlist costs what it holds, not the
        // limit: a listing may read thousands of them.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var filled = 0
        while filled <= limit {
            let want = min(chunk.count, limit + 1 - filled)
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, want) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { break }
            bytes += chunk[0..<got]
            filled += got
        }
        count = filled
        if filled > limit && limit < M3UPlaylist.maximumBytes { return .refused("over \(maximumPlaylistBytes >> 20) MiB of playlists in all") }
        bytes.removeSubrange(filled...)
        return M3UPlaylist.read(bytes, directory: (path as NSString).deletingLastPathComponent)
    }

    /// One line of a playlist: a URL, a file, or another playlist (read in its turn).
    private static func listing(forPlaylistItem item: M3UPlaylist.Entry, _ playlists: PlaylistExpansion,
                                        within open: [String]) -> [LibraryEntry] {
        let path = item.location
        if !InputLocation.isURL(path), case .regular(let size) = fileKind(path),
           let nested = playlistListing(path, size: size, playlists, within: open) {
            return nested
        }
        var entries = listing(for: [path], playlists: playlists, fromPlaylist: true)
        // Counted here, where entries are made; a nested playlist's are counted in it. A
        // line that gives none (a directory with no media) counts as one all the same: each
        // costs a listing, and 100,000 of them must not go uncounted.
        playlists.listed += max(1, entries.count)
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

/// What one listing has read of playlists: each file's reading, by its real path (a
/// playlist named many times is read once), and how many entries they have given.
final class PlaylistExpansion {
    var readings: [String: M3UPlaylist.Reading] = [:]
    var listed = 0
    private(set) var bytesRead = 0

    /// Reads a playlist within what is left of the listing's bytes.
    func read(_ path: String, size: Int64) -> M3UPlaylist.Reading {
        var count = 0
        let left = LibraryCatalog.maximumPlaylistBytes - bytesRead
        defer { bytesRead += count }
        return LibraryCatalog.readPlaylist(path, size: size, limit: min(M3UPlaylist.maximumBytes, left), count: &count)
    }
}
