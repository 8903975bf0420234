import Foundation
import InsetCore
import InsetMedia
import InsetPlayback

/// The files of the library and what probing found out about each.
///
/// Threads: the list is made on the caller's thread at `init` (a directory listing, no
/// FFmpeg). `startProbing()` then opens every file, in order, on ONE worker thread: the
/// machine has two cores and a video may be playing in picture in picture meanwhile, so
/// probing must never take more than one of them. The worker owns the FFmpeg contexts it
/// opens and closes each before the next file; it hands results over as whole
/// `LibraryEntry` values under `lock`. The UI thread polls `takeChanges()` and reads
/// `entries` copies; it never waits on a probe, except in `stop()`.
public final class LibraryCatalog: @unchecked Sendable {
    /// Guards everything below it.
    private let lock = NSLock()
    private var stored: [LibraryEntry]
    private var changed = false
    private var stopping = false
    private var worker: Thread?
    private var joined = false
    /// Signalled when the worker's run ends; a new one for a worker started again (`release`).
    private var finished = DispatchSemaphore(value: 0)
    /// Set by `release` when an entry it hands back still needs its probe.
    private var rescan = false
    private var running = false
    /// What the file being probed waits on checks; `stop` raises it. One per file: a
    /// stopped pipeline stops its source's interrupt.
    private var probing: MediaInterrupt?
    /// The files the player opens itself (`claim`): the worker leaves them alone.
    private var claimed: Set<String> = []
    /// The file the worker has open, guarded by `handover`'s lock, which `claim` waits on.
    private var probingPath: String?
    private let handover = NSCondition()

    /// Lists `paths` (see `listing(for:)` for the rule); nothing is opened yet.
    /// `allowance`: what the probe may open (the names the user gave, their headers).
    public init(paths: [String], allowance: InputAllowance = .webOnly) {
        stored = LibraryCatalog.listing(for: paths)
        self.allowance = allowance
    }

    /// The pages yt-dlp resolved to lists, for the files the list opens (UI thread only).
    public let pages = ResolvedPages()

    /// What the probe may open; the user's own `loadfile` names more (`allow`). Under `lock`.
    private var allowance: InputAllowance

    /// From now on the probe opens what `allowance` allows (the director's, after the user
    /// named another input on the socket).
    func allow(_ allowance: InputAllowance) { lock.withLock { self.allowance = allowance } }

    /// A copy of the list as it is now. The order never changes, and entries are added
    /// only in place of a page that turned out to be a list (`replace`), on the UI thread,
    /// which then renumbers what it holds.
    public var entries: [LibraryEntry] { lock.withLock { stored } }

    public var count: Int { lock.withLock { stored.count } }

    /// One entry as it is now, without copying the list (the playlist asks of one at a time).
    public func entry(_ index: Int) -> LibraryEntry { lock.withLock { stored[index] } }

    /// Whether the worker is at work: started, not stopped, and some entry still waits
    /// for its probe. While it is, the UI may poll `takeChanges()` more often.
    public var isProbing: Bool {
        lock.withLock { worker != nil && !stopping && stored.contains { $0.isProbing && $0.path != "-" && !claimed.contains($0.path) } }
    }

    /// True when an entry changed since the last call. Meant for one poller, the UI
    /// thread, which then redraws from a fresh `entries`.
    public func takeChanges() -> Bool {
        lock.withLock {
            defer { changed = false }
            return changed
        }
    }

    /// Starts the worker that probes every `.probing` entry in list order. Calling it
    /// again, or after `stop()`, does nothing.
    public func startProbing() {
        let thread: Thread? = lock.withLock {
            guard worker == nil, !stopping else { return nil }
            return makeWorker()
        }
        thread?.start()
    }

    /// A new worker thread, its run marked as begun. Under `lock`.
    private func makeWorker() -> Thread {
        let done = finished
        // The closure holds the catalog until the last file is probed or `stop()`.
        let thread = Thread { [self] in
            self.run()
            done.signal()
        }
        thread.name = "inset.library"
        thread.stackSize = 1 << 20
        worker = thread
        running = true
        return thread
    }

    /// Ends the worker and waits for it: the file it is opening gives up at once (a stream
    /// that does not answer is interrupted) and it probes no more. Entries not reached stay
    /// `.probing`. Safe to call more than once.
    public func stop() {
        let (mustJoin, current, done) = lock.withLock { () -> (Bool, MediaInterrupt?, DispatchSemaphore) in
            stopping = true
            guard worker != nil, !joined else { return (false, probing, finished) }
            joined = true
            return (true, probing, finished)
        }
        current?.stop()
        if mustJoin {
            done.wait()
            lock.withLock { worker = nil }
        }
    }

    /// Lists `replacements` (a page's videos, with their titles) where entry `index` was:
    /// URLs, opened when played. Returns how many entries there are now.
    @discardableResult
    public func replace(entry index: Int, with replacements: [(path: String, title: String)]) -> Int {
        lock.withLock {
            let entries = replacements.map { LibraryEntry(path: $0.path, name: PrintableText.escaped($0.title), fileSize: nil, state: .stream) }
            stored.replaceSubrange(index...index, with: entries)
            changed = true
            return stored.count
        }
    }

    /// Lists `location` after the entries (MPRIS's OpenUri, the socket's `loadfile`: from
    /// outside the command line): the index of its first entry, nil when it lists nothing
    /// (an empty directory). The player opens it when played, and records what it finds as
    /// for a claimed file.
    public func append(_ location: String) -> Int? {
        let added = LibraryCatalog.listing(for: [location])
        guard !added.isEmpty else { return nil }
        return lock.withLock {
            let first = stored.count
            stored += added
            changed = true
            return first
        }
    }

    /// Lists `location` before entry `index` (the socket's `loadfile … insert-at INDEX`;
    /// past the end: at the end): the index of its first entry, nil when it lists nothing.
    public func insert(_ location: String, at index: Int) -> Int? {
        let added = LibraryCatalog.listing(for: [location])
        guard !added.isEmpty else { return nil }
        return lock.withLock {
            let at = min(max(0, index), stored.count)
            stored.insert(contentsOf: added, at: at)
            changed = true
            return at
        }
    }

    /// mpv's `playlist-move FROM TO`: entry `from` takes the place of entry `to` (so it ends
    /// one before `to` when it came from above; `to` the count: the end). Returns where it
    /// went (`from` for a move onto its own place), nil for an index out of the list.
    public func move(from: Int, to: Int) -> Int? {
        lock.withLock {
            guard stored.indices.contains(from), (0...stored.count).contains(to) else { return nil }
            guard to != from && to != from + 1 else { return from }
            let at = to > from ? to - 1 : to
            stored.insert(stored.remove(at: from), at: at)
            changed = true
            return at
        }
    }

    /// Fills in an entry from a file the player opened itself (standard input, a claimed file).
    public func record(_ info: MediaInfo, for path: String) {
        record(.ready(info), for: path)
    }

    /// Names an entry by its page's title (a page resolved by yt-dlp), in place of the URL's end.
    public func retitle(_ path: String, as title: String) {
        lock.withLock {
            for index in stored.indices where stored[index].path == path { stored[index].name = PrintableText.escaped(title) }
            changed = true
        }
    }

    /// Fills in an entry with why the player could not open it.
    public func record(_ failure: MediaError, for path: String) {
        record(.failed(failure), for: path)
    }

    private func record(_ state: LibraryEntry.State, for path: String) {
        lock.withLock {
            for index in stored.indices where stored[index].path == path && (stored[index].isProbing || stored[index].state == .stream) {
                stored[index].state = state
                changed = true
            }
        }
    }

    /// The player opens `path` itself from the start (a single file played at once): the
    /// worker never begins a probe of it. Called before `startProbing`; `claim` is for a file
    /// chosen later, whose probe may be under way.
    public func leaveToPlayer(_ path: String) {
        lock.withLock { _ = claimed.insert(path) }
    }

    /// The player is about to open `path` itself: one file is never opened by two threads
    /// at once (a playlist that makes the demuxer run away did so twice, the probe's and
    /// the player's). The worker will not probe it, the player's result fills its entry
    /// in (`record`), and if the worker has it open now, that probe is stopped and this
    /// waits until the worker has let go of it. Called on the opening thread, never the UI's.
    public func claim(_ path: String) {
        let current = lock.withLock { () -> MediaInterrupt? in
            claimed.insert(path)
            return probing
        }
        handover.lock()
        defer { handover.unlock() }
        guard probingPath == path else { return }
        current?.stop()
        while probingPath == path { handover.wait() }
    }

    /// The player did not open a file it claimed after all (the user chose another while
    /// it opened): the worker probes it again if its entry still waits for that.
    public func release(_ path: String) {
        let restart: Thread? = lock.withLock {
            guard claimed.remove(path) != nil,
                  stored.contains(where: { $0.path == path && $0.isProbing }), !stopping else { return nil }
            rescan = true
            guard worker != nil, !running, !joined else { return nil }
            finished = DispatchSemaphore(value: 0)
            return makeWorker()
        }
        restart?.start()
    }

    // MARK: - The worker thread

    private func run() {
        repeat {
            probeInOrder()
        } while lock.withLock({ () -> Bool in
            let again = rescan && !stopping
            rescan = false
            running = again
            return again
        })
        // find_stream_info decoded a few frames per file: give their pools back at once.
        VideoPipeline.releaseFreedMemory()
    }

    private func probeInOrder() {
        var index = 0
        while let next = nextToProbe(from: index) {
            let interrupt = MediaInterrupt()
            handover.withLock { probingPath = next.path }
            guard lock.withLock({ () -> Bool in probing = interrupt; return !stopping && !claimed.contains(next.path) }) else {
                handover.withLock { probingPath = nil }
                handover.broadcast()
                if lock.withLock({ stopping }) { break }
                index = next.position + 1
                continue
            }
            let state = LibraryCatalog.probe(next.path, allowance: lock.withLock { allowance }, interrupt: interrupt)
            handover.withLock { probingPath = nil }
            handover.broadcast()
            lock.withLock {
                // A file the player claimed meanwhile is the player's to fill in.
                // The list may have grown since (`replace`): the entry is found again by its path.
                let position = stored.indices.contains(next.position) && stored[next.position].path == next.path
                    ? next.position : stored.firstIndex { $0.path == next.path }
                if !claimed.contains(next.path), let position {
                    stored[position].state = state
                    changed = true
                }
            }
            index = next.position + 1
        }
    }

    private func nextToProbe(from index: Int) -> (position: Int, path: String)? {
        lock.withLock {
            guard !stopping else { return nil }
            // Standard input can be read once only: the player reads it, and `record` fills
            // its entry in from what the player found.
            guard let position = stored[index...].firstIndex(where: {
                $0.isProbing && $0.path != "-" && !claimed.contains($0.path)
            }) else { return nil }
            return (position, stored[position].path)
        }
    }
}
