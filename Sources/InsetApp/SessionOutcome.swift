import InsetPlayback

/// How the session goes and ends: what the command line asked of its end, and what the
/// program says and returns when it is over (`App+Session` reads it through the director).
extension Director {
    /// How the session goes and ends.
    struct Outcome {
        /// Files given on the command line, played at once: the end of the last quits, as a
        /// player's does.
        let quitsAtEnd: Bool
        /// One file given: it is the whole list (until a page turns out to be a list).
        var singleFile: Bool
        /// Files (not only directories) given on the command line: they play at once, in
        /// order, and the library lists them.
        let playsAtStart: Bool
        var running = true
        var terminationSignal: Int32?
        /// `--pip` over a library: the first playable file starts once the catalog has one.
        var waitingForFirstPlayable = false
        /// Why a single file could not be shown: the one line the command prints once the
        /// terminal is restored, with a non-zero exit.
        var fatalError: String?
        /// Said once on standard error after the terminal is restored (a file cut short).
        var closingNotice: String?
        /// Entries found unplayable as the list was made (a refused playlist): never opened.
        var unplayableAtStart: Set<Int> = []
        /// The command line's files that could not be opened when their turn came, each a
        /// line: the list went on past them, and the program ends with status 1 naming them.
        var passedOverLines: [String] = []
        /// Entries the playlist could not open in this run: it goes past them.
        var passedOver: Set<Int> = []
        /// The last video's figures, kept for the closing line after it is closed.
        var lastStatistics = PlaybackStatistics()
        /// mpv's `quit CODE`: the process's exit status.
        var quitCode: Int32?
    }
}
