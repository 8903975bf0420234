/// The recent past of a live input (a pipe, a live playlist), kept so the user can skip
/// back within it: a bounded ring of demuxed packets, in the order they were read, each
/// with its time, whether it is a keyframe and its size. Skipping back re-decodes from
/// the keyframe at or before the target (`replayStart`), so the ring always begins on a
/// keyframe and is trimmed a whole GOP at a time from the front, once the packets span
/// more than `maximumDuration` or hold more than `maximumBytes`. The newest GOP is never
/// trimmed for time; one GOP over the byte limit alone (a stream with rare keyframes, or
/// none) is let go of whole, and keeping starts again at the next keyframe, so memory
/// stays bounded whatever the input.
///
/// Pure bookkeeping: the payloads (AVPackets in the media layer) are the caller's, and
/// every payload the buffer lets go of (trimmed, refused, cleared) is handed back to be
/// freed. Entries are numbered from the first ever appended, so a position taken before
/// a trim stays meaningful (`entry(at:)` is nil for a trimmed one).
public struct LiveBuffer<Payload> {
    public struct Entry {
        public var payload: Payload
        /// The packet's presentation (else decode) time; nil when it had neither.
        public var time: MediaTime?
        public var isKey: Bool
        public var bytes: Int
    }

    public let maximumDuration: MediaTime
    public let maximumBytes: Int

    private var entries: [Entry] = []
    /// Index in `entries` of the oldest kept entry (the front is compacted now and then
    /// rather than shifted on every trim).
    private var head = 0
    /// Index in `entries` of the newest keyframe (-1: none), so whether a later one than
    /// the oldest exists is a comparison, not a scan of the buffer on every append.
    private var lastKey = -1
    /// The number of the entry at `head`.
    public private(set) var firstSequence = 0
    public private(set) var bytes = 0
    /// The newest time ever appended (B-frames arrive out of order; the edge does not go back).
    public private(set) var newest: MediaTime?

    /// The last 60 s or 64 MB, whichever is less, by default.
    public init(maximumDuration: MediaTime = .seconds(60), maximumBytes: Int = 64 << 20) {
        self.maximumDuration = maximumDuration
        self.maximumBytes = maximumBytes
    }

    public var count: Int { entries.count - head }
    public var isEmpty: Bool { count == 0 }
    /// One past the newest entry's number: where reading the input goes on from.
    public var endSequence: Int { firstSequence + count }
    /// The oldest time that can be shown again: the first keyframe's.
    public var oldest: MediaTime? { isEmpty ? nil : entries[head].time }

    public func entry(at sequence: Int) -> Entry? {
        guard sequence >= firstSequence, sequence < endSequence else { return nil }
        return entries[head + sequence - firstSequence]
    }

    /// Keeps a packet just read. A packet that cannot be decoded from the buffer (not a
    /// keyframe, with no keyframe before it) is refused. Returns the payloads let go of.
    public mutating func append(_ payload: Payload, time: MediaTime?, isKey: Bool, bytes size: Int) -> [Payload] {
        if isEmpty && !isKey { return [payload] }
        entries.append(Entry(payload: payload, time: time, isKey: isKey, bytes: size))
        if isKey { lastKey = entries.count - 1 }
        bytes += size
        if let time { newest = max(newest ?? time, time) }
        return trim()
    }

    /// The number of the keyframe to re-decode from to show `target`: the last keyframe at
    /// or before it, or the oldest when the target is older than the buffer. Nil when empty.
    public func replayStart(for target: MediaTime) -> Int? {
        guard !isEmpty else { return nil }
        var found = firstSequence
        for i in head..<entries.count where entries[i].isKey {
            guard let time = entries[i].time else { continue }
            if time <= target { found = firstSequence + i - head } else { break }
        }
        return found
    }

    /// Lets go of everything (the input changed: another variant, a new stream).
    public mutating func removeAll() -> [Payload] {
        // The edge is where the new input's packets put it, which may be earlier.
        newest = nil
        return dropAll()
    }

    private mutating func dropAll() -> [Payload] {
        let all = entries[head...].map(\.payload)
        firstSequence = endSequence
        entries.removeAll(keepingCapacity: true)
        head = 0
        lastKey = -1
        bytes = 0
        return all
    }

    private var span: MediaTime {
        guard let oldest, let newest else { return .zero }
        return newest - oldest
    }

    /// Drops whole GOPs from the front while over a limit and a later keyframe exists.
    private mutating func trim() -> [Payload] {
        var dropped: [Payload] = []
        while bytes > maximumBytes || span > maximumDuration {
            guard lastKey > head else {
                if bytes > maximumBytes { dropped += dropAll() }
                break
            }
            // Found before lastKey at the latest; each entry is looked at once, as it goes.
            let next = entries[(head + 1)...lastKey].firstIndex(where: \.isKey)!
            for i in head..<next {
                dropped.append(entries[i].payload)
                bytes -= entries[i].bytes
            }
            firstSequence += next - head
            head = next
        }
        if head > 1024 && head * 2 > entries.count {
            entries.removeFirst(head)
            lastKey -= head
            head = 0
        }
        return dropped
    }
}
