import InsetCore

/// What `inset` does with no file (issue 46): a folder that holds media opens as the
/// library, as `inset .` would; elsewhere a short usage screen says what to type, the keys
/// a first minute needs and where the manual is, and the command exits 0. The bundled sample
/// is not looked for: `scripts/run` names it.
public enum NoFileGiven {
    public enum Choice: Equatable, Sendable {
        /// The library of this folder.
        case library(String)
        /// The usage screen (`usage`), then exit 0.
        case usage
    }

    /// The library when `folder` directly holds a file the library lists (a media extension,
    /// not hidden: `LibraryCatalog.isListedInDirectory`), else the usage screen.
    public static func choice(folder: String) -> Choice {
        let media = LibraryCatalog.directoryListing(folder).contains { entry in
            if case .failed = entry.state { return false }
            return true
        }
        return media ? .library(folder) : .usage
    }

    /// The ten keys the usage screen shows, each as named in the key table; what they do
    /// comes from the default bindings (the full-screen video's, then every pane's), so the
    /// screen cannot say a key does what it no longer does.
    static let firstKeys: [(label: String, names: [String])] = [
        ("Space", ["Space"]), ("Left/Right", ["Left", "Right"]), ("p", ["p"]), ("f", ["f"]), ("Tab", ["Tab"]),
        ("m", ["m"]), ("9/0", ["9", "0"]), ("Esc", ["Esc"]), ("?", ["?"]), ("q", ["q"]),
    ]

    /// One line per first key: the key and its command's help (`back 15 s / forward 15 s`).
    static func keyLines(_ bindings: KeyBindings = .defaults) -> [String] {
        let width = firstKeys.map(\.label.count).max() ?? 0
        return firstKeys.compactMap { key in
            let helps = key.names.compactMap { name in
                KeyBindings.Trigger(name: name).flatMap { bindings.command(for: $0, in: [.player, .global]) }?.help
            }
            guard helps.count == key.names.count else { return nil }
            return "  " + key.label + String(repeating: " ", count: width - key.label.count + 2) + helps.joined(separator: " / ")
        }
    }

    /// The usage screen: plain text for standard output, no path of the user's in it.
    public static var usage: String {
        """
        inset: a video player for the terminal, with picture in picture.

        No file given, and no media in this folder. Type one of:
          inset movie.mkv              play a file full screen (any file or URL FFmpeg reads)
          inset ~/Videos               the library: a folder's videos, Enter plays
          inset https://…/watch?v=…    a video site's page, through yt-dlp
          inset --shell movie.mkv      the video in a window over your shell

        Keys while a video plays:
        \(keyLines().joined(separator: "\n"))

        More: inset --help (options), inset keys (every key), inset doctor (what this
        terminal shows), man inset (the manual).

        """
    }
}
