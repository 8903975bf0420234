import Foundation
import InsetCore
import InsetMedia

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
    private let finished = DispatchSemaphore(value: 0)
    /// What the file being probed waits on checks; `stop` raises it. One per file: a
    /// stopped pipeline stops its source's interrupt.
    private var probing: MediaInterrupt?
    /// Paths the player opens itself, which the worker does not probe: `record` fills their
    /// entries in from what the player found. Standard input can be read once only; any
    /// other file opened by both at once would be read and decoded twice at the same time
    /// (a 16000x16000 picture: twice its 768 MB).
    private var leftToPlayer: Set<String> = ["-"]

    /// Lists `paths` (see `listing(for:)` for the rule); nothing is opened yet.
    public init(paths: [String]) {
        stored = LibraryCatalog.listing(for: paths)
    }

    /// A copy of the list as it is now. The order never changes and entries are never
    /// added or removed after `init`, so an index stays valid for the catalog's life.
    public var entries: [LibraryEntry] { lock.withLock { stored } }

    public var count: Int { lock.withLock { stored.count } }

    /// Whether the worker is at work: started, not stopped, and some entry still waits
    /// for its probe. While it is, the UI may poll `takeChanges()` more often.
    public var isProbing: Bool {
        lock.withLock { worker != nil && !stopping && stored.contains { $0.isProbing && !leftToPlayer.contains($0.path) } }
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
            // The closure holds the catalog until the last file is probed or `stop()`.
            let thread = Thread { [self] in
                self.run()
                self.finished.signal()
            }
            thread.name = "inset.library"
            thread.stackSize = 1 << 20
            worker = thread
            return thread
        }
        thread?.start()
    }

    /// Ends the worker and waits for it: the file it is opening gives up at once (a stream
    /// that does not answer is interrupted) and it probes no more. Entries not reached stay
    /// `.probing`. Safe to call more than once.
    public func stop() {
        let (mustJoin, current) = lock.withLock { () -> (Bool, MediaInterrupt?) in
            stopping = true
            guard worker != nil, !joined else { return (false, probing) }
            joined = true
            return (true, probing)
        }
        current?.stop()
        if mustJoin {
            finished.wait()
            lock.withLock { worker = nil }
        }
    }

    /// The player opens `path` itself (a single file played at once): the worker leaves it
    /// to it. Called before `startProbing`, since a probe already under way is not undone.
    public func leaveToPlayer(_ path: String) {
        lock.withLock { _ = leftToPlayer.insert(path) }
    }

    /// Fills in an entry from a file the player opened itself (standard input, a file left
    /// to the player).
    public func record(_ info: MediaInfo, for path: String) {
        fill(path, with: .ready(info))
    }

    /// Fills in an entry from a file the player could not open itself.
    public func record(_ failure: MediaError, for path: String) {
        fill(path, with: .failed(failure))
    }

    private func fill(_ path: String, with state: LibraryEntry.State) {
        lock.withLock {
            for index in stored.indices where stored[index].path == path && stored[index].isProbing {
                stored[index].state = state
                changed = true
            }
        }
    }

    // MARK: - The worker thread

    private func run() {
        var index = 0
        while let next = nextToProbe(from: index) {
            let interrupt = MediaInterrupt()
            guard lock.withLock({ () -> Bool in probing = interrupt; return !stopping }) else { break }
            let state = LibraryCatalog.probe(next.path, interrupt: interrupt)
            lock.withLock {
                stored[next.position].state = state
                changed = true
            }
            index = next.position + 1
        }
        // find_stream_info decoded a few frames per file: give their pools back at once.
        VideoPipeline.releaseFreedMemory()
    }

    private func nextToProbe(from index: Int) -> (position: Int, path: String)? {
        lock.withLock {
            guard !stopping else { return nil }
            guard let position = stored[index...].firstIndex(where: { $0.isProbing && !leftToPlayer.contains($0.path) })
            else { return nil }
            return (position, stored[position].path)
        }
    }

    /// Opens `path` and closes it again. A file with video is playable only when its
    /// decoder opens too (making a pipeline opens the decoder without starting a thread),
    /// so a codec this FFmpeg lacks is a listed reason, not a failure at Enter.
    static func probe(_ path: String, interrupt: MediaInterrupt = MediaInterrupt()) -> LibraryEntry.State {
        do {
            let source = try MediaSource(path: path, interrupt: interrupt)
            if source.hasVideo {
                _ = try VideoPipeline(source: source, options: .init(threads: 1, queueCapacity: 1, viewport: nil))
            }
            return .ready(source.info)
        } catch let error as MediaError {
            return .failed(error)
        } catch {
            return .failed(.ffmpeg(path: path, operation: "probe", detail: "\(error)"))
        }
    }
}
