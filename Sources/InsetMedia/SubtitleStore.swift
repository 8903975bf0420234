import Foundation
import InsetCore

/// The cues known so far of every subtitle track of one video, shared by the thread that
/// decodes them (the decode thread reads the video's own tracks as it demuxes) and the UI
/// thread that shows them.
///
/// Cues arrive a little ahead of playback, since demuxing runs ahead of the picture; a seek
/// keeps what is known, and the packets read again after it add nothing twice. Each
/// track's list is bounded (`SubtitleCueList`).
///
/// Threads: any; one lock around the lists. `onChange` is called on the adding thread
/// after a change (the app wakes its loop with it, so a cue that arrives while paused shows).
public final class SubtitleStore: @unchecked Sendable {
    private let lock = NSLock()
    private var lists: [Int: SubtitleCueList] = [:]
    private var onChange: (@Sendable () -> Void)?
    /// Each text track's ASS header (`SubtitleDecoder.styleHeader`), for libass.
    private var headers: [Int: String] = [:]

    public init() {}

    /// Set before cues are added from another thread.
    public func notify(_ onChange: @escaping @Sendable () -> Void) {
        lock.withLock { self.onChange = onChange }
    }

    /// Ends `track`'s open cues at `clearAt` (a clear event), then adds `cues`: one
    /// packet's worth, under one lock and with one notice.
    public func add(_ cues: [SubtitleCue], clearAt: MediaTime? = nil, track: Int) {
        guard !cues.isEmpty || clearAt != nil else { return }
        // The callback is taken under the same lock and called outside it.
        // The list is changed where it is in the dictionary: a copy taken out and put back
        // shares its storage with the dictionary's, and so copied every cue on each packet.
        let notify = lock.withLock { () -> (@Sendable () -> Void)? in
            lists[track, default: SubtitleCueList()].apply(cues, clearAt: clearAt) ? onChange : nil
        }
        notify?()
    }

    /// A subtitle file's cues, read whole (`SubtitleFile.load`): all of them are kept, since
    /// nothing reads the file again (a video's own tracks are read again after a seek, and
    /// their list is bounded). The file's size bounds them.
    public func add(wholeFile cues: [SubtitleCue], track: Int) {
        var list = SubtitleCueList(capacity: .max, byteBudget: .max)
        _ = list.apply(cues, clearAt: nil)
        lock.withLock { lists[track] = list }
    }

    /// Keeps `track`'s ASS header (its styles), set once when its decoder opens.
    public func setStyleHeader(_ header: String, track: Int) { lock.withLock { headers[track] = header } }

    /// `track`'s ASS header, nil for a picture track or one whose decoder did not open.
    public func styleHeader(track: Int) -> String? { lock.withLock { headers[track] } }

    /// The cues of `track` on screen at `time`.
    public func active(track: Int, at time: MediaTime) -> [SubtitleCue] {
        lock.withLock { lists[track]?.active(at: time) ?? [] }
    }

    /// How many cues `track` holds (tests, statistics).
    public func count(track: Int) -> Int { lock.withLock { lists[track]?.count ?? 0 } }

    /// All of `track`'s cues, in order (tests).
    public func cues(track: Int) -> [SubtitleCue] { lock.withLock { lists[track]?.cues ?? [] } }
}
