import Foundation
import InsetCore
import InsetMedia

/// Which files the library lists, from the paths on the command line.
///
/// The rule:
/// - A path that is a directory lists the regular files directly inside it (symbolic links
///   to regular files count; subdirectories are not entered), skipping hidden names (a
///   leading `.`) and names without a media extension (`mediaExtensions`), sorted by name
///   (case-insensitively, with digit runs compared as numbers: `ep2` before `ep10`).
/// - Any other path is listed as given, whatever its name, in the order given: the user
///   asked for it, so a missing or foreign file is shown with its reason, never dropped.
/// - A directory that cannot be read is listed itself, with the reason.
/// - A plain `.m3u` / `.m3u8` playlist is listed as its entries (`LibraryCatalog+Playlists`).
/// - `-` (standard input) is listed as failed: probing would read the input that playing
///   needs, and it can be read only once. `inset -` plays it on its own.
/// - A URL is listed as a stream and not opened until it is played (`LibraryEntry.State`).
/// - Only regular files are read by the library on its own. A FIFO is read when the user
///   named it on the command line; one a playlist names, a device (`/dev/tty` in a playlist
///   made the library's probe eat the user's keys) or a socket is listed with the reason.
extension LibraryCatalog {
    /// The extensions (lower case) a directory scan picks up: common audio and video files.
    public static let mediaExtensions: Set<String> = [
        "mp4", "m4v", "mov", "mkv", "webm", "avi", "ts", "mts", "m2ts", "mpg", "mpeg", "flv",
        "wmv", "ogv", "ogg", "mp3", "m4a", "aac", "flac", "wav", "opus", "gif",
    ]

    /// Whether a directory scan lists a file of this name.
    public static func isListedInDirectory(_ name: String) -> Bool {
        guard !name.hasPrefix(".") else { return false }
        let ext = (name as NSString).pathExtension.lowercased()
        return mediaExtensions.contains(ext)
    }

    /// The entries for `paths`, all `.probing` except those failed before any probe.
    static func listing(for paths: [String]) -> [LibraryEntry] {
        listing(for: paths, playlists: PlaylistExpansion())
    }

    /// The same, within the playlists already being read (`LibraryCatalog+Playlists`);
    /// `fromPlaylist` when a playlist names `paths`, not the user.
    static func listing(for paths: [String], playlists: PlaylistExpansion, fromPlaylist: Bool = false) -> [LibraryEntry] {
        var entries: [LibraryEntry] = []
        for path in paths {
            if path == "-" {
                entries.append(LibraryEntry(path: path, name: "standard input", fileSize: nil, state: .failed(
                    .ffmpeg(path: path, operation: "listing", detail: "standard input can only be played alone (inset -)"))))
                continue
            }
            if InputLocation.isURL(path) {
                entries.append(LibraryEntry(path: path, name: displayName(path), fileSize: nil, state: .stream))
                continue
            }
            switch fileKind(path) {
            case .directory:
                entries.append(contentsOf: directoryListing(path))
            case .regular(let size):
                if let playlist = playlistListing(path, size: size, playlists) { entries += playlist; continue }
                entries.append(LibraryEntry(path: path, name: displayName(path), fileSize: size))
            case .fifo where !fromPlaylist, .missing:
                // Missing or unreadable: probing gives the precise reason (and opens nothing).
                entries.append(LibraryEntry(path: path, name: displayName(path), fileSize: nil))
            case .fifo, .other:
                let what = fileKind(path).name
                entries.append(LibraryEntry(path: path, name: displayName(path), fileSize: nil, state: .failed(
                    .ffmpeg(path: path, operation: "listing", detail: "not a regular file (\(what)); \(fromPlaylist ? "a playlist's entry is read only when it is a file" : "play it alone"))"))))
            }
        }
        return entries
    }

    /// The media files directly inside `directory`, sorted by name.
    static func directoryListing(_ directory: String) -> [LibraryEntry] {
        let names: [String]
        do {
            names = try directoryNames(directory)
        } catch {
            let failure: MediaError = access(FileNameBytes.cString(directory), R_OK | X_OK) != 0
                ? .permissionDenied(path: directory)
                : .ffmpeg(path: directory, operation: "listing the directory", detail: "\(error)")
            return [LibraryEntry(path: directory, name: displayName(directory), fileSize: nil, state: .failed(failure))]
        }
        var entries: [LibraryEntry] = []
        for name in names.sorted(by: nameOrder) where isListedInDirectory(name) {
            let path = (directory as NSString).appendingPathComponent(name)
            if case .regular(let size) = fileKind(path) {
                entries.append(LibraryEntry(path: path, name: PrintableText.escaped(name), fileSize: size))
            }
        }
        return entries
    }

    /// The names in `directory`, byte for byte (`FileNameBytes`): Foundation's listing
    /// leaves out, without a word, a name that is not UTF-8.
    static func directoryNames(_ directory: String) throws -> [String] {
        guard let stream = opendir(FileNameBytes.cString(directory)) else {
            throw MediaError.system(errno, path: directory)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                FileNameBytes.decode(raw.bindMemory(to: UInt8.self).prefix { $0 != 0 })
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Case-insensitive with numbers compared by value; exact order breaks ties so the
    /// result never depends on the order the file system gave.
    static func nameOrder(_ a: String, _ b: String) -> Bool {
        switch a.compare(b, options: [.caseInsensitive, .numeric]) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return a < b
        }
    }

    static func displayName(_ path: String) -> String {
        let name = (path as NSString).lastPathComponent
        return PrintableText.escaped(name.isEmpty ? path : name)
    }

    enum FileKind {
        case directory, regular(size: Int64), fifo, missing
        /// A device or a socket.
        case other(String)

        var name: String {
            switch self {
            case .directory: "a directory"
            case .regular: "a file"
            case .fifo: "a FIFO"
            case .missing: "missing"
            case .other(let name): name
            }
        }
    }

    /// stat(2), following symbolic links.
    static func fileKind(_ path: String) -> FileKind {
        var status = stat()
        guard stat(FileNameBytes.cString(path), &status) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFREG: return .regular(size: Int64(status.st_size))
        case S_IFIFO: return .fifo
        case S_IFCHR: return .other("a character device")
        case S_IFBLK: return .other("a block device")
        case S_IFSOCK: return .other("a socket")
        default: return .other("not a file")
        }
    }
}
