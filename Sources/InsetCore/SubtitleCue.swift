/// One subtitle event: text, or paletted pictures already turned into RGBA, shown from
/// `start` (inclusive) to `end` (exclusive) on the media timeline the frames use.
public struct SubtitleCue: Equatable, Sendable {
    public var start: MediaTime
    /// Nil while unknown: a PGS picture stays until the next event of its track says
    /// otherwise (`SubtitleCueList.close`), or `SubtitleCue.openLimit` at most.
    public var end: MediaTime?
    public var content: Content
    /// A text cue's ASS events as libavcodec gives them, without their ReadOrder
    /// ("Layer,Style,Name,MarginL,MarginR,MarginV,Effect,Text"), for libass
    /// (`SubtitleRenderer`): the styles, places and tags the plain text has lost.
    public var assEvents: [String] = []

    public enum Content: Equatable, Sendable {
        /// Plain text, lines separated by "\n" (tags already removed, `SubtitleText`).
        case text(String)
        case bitmaps([SubtitleBitmap])
    }

    public init(start: MediaTime, end: MediaTime?, content: Content) {
        self.start = start; self.end = end; self.content = content
    }

    public init(start: MediaTime, end: MediaTime?, text: String, assEvents: [String] = []) {
        self.init(start: start, end: end, content: .text(text))
        self.assEvents = assEvents
    }

    /// Equal when shown at the same times with the same words or pictures; how libass
    /// would draw them (`assEvents`) is compared where it matters (`SubtitleCueList.insert`),
    /// so a cue read from a file still equals the one a test writes by its words.
    public static func == (a: SubtitleCue, b: SubtitleCue) -> Bool {
        a.start == b.start && a.end == b.end && a.content == b.content
    }

    /// How long a cue without an end stays up at most.
    public static let openLimit = MediaTime.seconds(10)

    /// Whether it is on screen at `time`: start inclusive, end exclusive.
    public func isShown(at time: MediaTime) -> Bool {
        time >= start && time < (end ?? start + SubtitleCue.openLimit)
    }

    public var text: String? {
        if case .text(let text) = content { return text }
        return nil
    }

    /// Bytes its pictures hold, for the store's budget.
    var byteCount: Int {
        switch content {
        case .text(let text): return text.utf8.count + assEvents.reduce(32) { $0 + $1.utf8.count }
        case .bitmaps(let bitmaps): return bitmaps.reduce(32) { $0 + $1.rgba.count }
        }
    }
}

/// A subtitle picture (DVD, PGS, DVB), its palette already applied: straight-alpha RGBA,
/// `width` x `height`, placed at `x`, `y` in a frame of `frameSize` (the video's size as the
/// subtitle stream knows it; `RGBImage.blend` scales it to the picture shown).
public struct SubtitleBitmap: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var frameSize: PixelSize
    /// width * height * 4 bytes: r, g, b, a.
    public var rgba: [UInt8]

    public init(x: Int, y: Int, width: Int, height: Int, frameSize: PixelSize, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4, "\(rgba.count) bytes for \(width)x\(height)")
        self.x = x; self.y = y; self.width = width; self.height = height; self.frameSize = frameSize; self.rgba = rgba
    }
}

/// The cues of one track, sorted by start, looked up by time.
///
/// Demuxing runs ahead of playback, so cues arrive a little before they are due; after a
/// seek the same packets are read again and a cue already known is not added twice. The
/// list is bounded (cue count and bytes): past either, the cue farthest in time from the
/// one being added goes, since it is the least likely to be wanted soon (and a seek back
/// reads it again).
///
/// Cues arrive in time order, so the one evicted is nearly always the first: the cues are
/// an `ArraySlice`, whose `removeFirst` moves its start instead of the other cues. With an
/// array, each eviction moved all the others, and a file of 200k cues took seconds to read
/// into a list of 10k (a cost of cues x capacity).
public struct SubtitleCueList: Sendable {
    private var storage: ArraySlice<SubtitleCue> = []
    public let capacity: Int
    public let byteBudget: Int
    private(set) var bytes = 0

    public init(capacity: Int = 10_000, byteBudget: Int = 32 << 20) {
        self.capacity = capacity; self.byteBudget = byteBudget
    }

    /// Every cue, in order.
    public var cues: [SubtitleCue] { Array(storage) }

    /// Adds `cue` unless the same one is known; a cue without an end that started
    /// before it ends where it starts. Returns whether anything changed.
    @discardableResult
    public mutating func insert(_ cue: SubtitleCue) -> Bool {
        let at = firstIndex(startingAtOrAfter: cue.start)
        var i = at
        while i < storage.endIndex && storage[i].start == cue.start {
            // Two layers of one sign share their words: their events tell them apart.
            if storage[i].content == cue.content && storage[i].assEvents == cue.assEvents { return false }
            i += 1
        }
        if at > storage.startIndex, storage[at - 1].end == nil { storage[at - 1].end = cue.start }
        if i == storage.endIndex { storage.append(cue) } else { storage.insert(cue, at: i) }
        bytes += cue.byteCount
        while storage.count > capacity || (bytes > byteBudget && storage.count > 1) { evict(farthestFrom: cue.start) }
        return true
    }

    /// Ends the open cues (no end yet) that started before `time` at `time`: a PGS or DVB
    /// "clear" event. Returns whether anything changed.
    @discardableResult
    public mutating func close(at time: MediaTime) -> Bool {
        var changed = false
        var i = firstIndex(startingAtOrAfter: time) - 1
        while i >= storage.startIndex {
            if storage[i].end == nil { storage[i].end = time; changed = true }
            if storage[i].start + SubtitleCue.openLimit < time { break }
            i -= 1
        }
        return changed
    }

    /// What one decoded packet brings: open cues end at `clearAt` (a clear event), then
    /// `cues` go in. Whether anything changed.
    public mutating func apply(_ cues: [SubtitleCue], clearAt: MediaTime?) -> Bool {
        var changed = clearAt.map { close(at: $0) } ?? false
        for cue in cues where insert(cue) { changed = true }
        return changed
    }

    /// The cues on screen at `time`, earliest first. Cues are at most `openLimit` long
    /// when open; closed ones can be longer, so the scan back goes as far as needed.
    public func active(at time: MediaTime) -> [SubtitleCue] {
        var found: [SubtitleCue] = []
        let last = firstIndex(startingAtOrAfter: time + MediaTime(microseconds: 1)) - 1
        var i = last
        // Long cues are rare; scanning a few hundred back from the time bounds the work.
        while i >= storage.startIndex && last - i < SubtitleCueList.scanBack {
            if storage[i].isShown(at: time) { found.append(storage[i]) }
            i -= 1
        }
        return found.reversed()
    }

    public var count: Int { storage.count }

    /// How many cues before `time` `active(at:)` looks at for one still shown.
    static let scanBack = 512

    /// Binary search: the index (into `storage`) of the first cue whose start is at or after `time`.
    private func firstIndex(startingAtOrAfter time: MediaTime) -> Int {
        var low = storage.startIndex, high = storage.endIndex
        while low < high {
            let mid = (low + high) / 2
            if storage[mid].start < time { low = mid + 1 } else { high = mid }
        }
        return low
    }

    private mutating func evict(farthestFrom time: MediaTime) {
        let first = storage.first!.start, last = storage.last!.start
        let evicted = (time - first).microseconds.magnitude >= (last - time).microseconds.magnitude
            ? storage.removeFirst() : storage.removeLast()
        bytes -= evicted.byteCount
    }
}
