import CFFmpeg
import InsetCore

/// What the demuxer hands a decode loop, in reading order.
enum DemuxedItem {
    /// A packet the loop now owns (it frees it with `av_packet_free`).
    case packet(UnsafeMutablePointer<AVPacket>)
    /// A seek (or a change of audio track): everything the loop holds is of another
    /// position. Flush, and show or play from `target` on (nil: from the first frame that
    /// comes, as at the live edge). `stream` is the stream the loop decodes from now on.
    /// Without `flush` (live input with nothing kept yet) the input just goes on under the
    /// new serial: nothing held is of another position.
    case seek(target: MediaTime?, serial: Int, stream: Int32, flush: Bool)
    /// No more packets until the next seek.
    case end
}

/// The packets waiting for one decode loop (the picture's, the sound's, the subtitles'):
/// a FIFO that knows its size in bytes and the time it spans, so the demuxer reads ahead
/// by time and stops at a bound in bytes, whatever the input.
///
/// Not locked itself: the demuxer's lock guards every lane.
struct PacketLane {
    /// The streams whose packets go to this lane (the shown variant or variants, the
    /// chosen audio track, every subtitle track).
    var streams: Set<Int32> = []
    /// Whether a consumer takes from it: packets of an unattached lane are not read
    /// (their streams are discarded) and it does not count in what the demuxer waits for.
    var isAttached = false
    /// The stream the consumer decodes (its marker's `stream`).
    var shownStream: Int32 = -1
    /// The serial of the newest seek marker put in the lane.
    var serial = 0

    private var items: [(item: DemuxedItem, time: MediaTime?, bytes: Int)] = []
    private var head = 0
    private(set) var bytes = 0
    private var newestTime: MediaTime?

    var isEmpty: Bool { head == items.count }
    var count: Int { items.count - head }

    /// The time from the oldest packet held to the newest.
    var duration: MediaTime {
        guard let newestTime else { return .zero }
        for index in head..<items.count { if let time = items[index].time { return max(.zero, newestTime - time) } }
        return .zero
    }

    mutating func append(_ item: DemuxedItem, time: MediaTime? = nil, bytes size: Int = 0) {
        items.append((item, time, size))
        bytes += size
        if let time { newestTime = max(newestTime ?? time, time) }
    }

    mutating func takeFirst() -> DemuxedItem? {
        guard head < items.count else { return nil }
        let first = items[head]
        head += 1
        bytes -= first.bytes
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
            newestTime = nil
        } else if head >= 256 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return first.item
    }

    /// Frees every packet held: a seek made them another position's.
    mutating func removeAll() {
        for index in head..<items.count {
            if case .packet(let packet) = items[index].item {
                var owned: UnsafeMutablePointer<AVPacket>? = packet
                av_packet_free(&owned)
            }
        }
        items.removeAll(keepingCapacity: true)
        head = 0
        bytes = 0
        newestTime = nil
    }
}
