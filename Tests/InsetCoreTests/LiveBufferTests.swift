import Testing
import InsetCore

@Suite("Live buffer")
struct LiveBufferTests {
    /// Appends `seconds` of 25 fps packets of `size` bytes with a keyframe every `gop`
    /// frames from `start`; payloads are the frame numbers. Returns what was let go of.
    @discardableResult
    static func fill(_ buffer: inout LiveBuffer<Int>, frames: Range<Int>, gop: Int = 25, size: Int = 1000) -> [Int] {
        var dropped: [Int] = []
        for n in frames {
            dropped += buffer.append(n, time: .milliseconds(Int64(n) * 40), isKey: n % gop == 0, bytes: size)
        }
        return dropped
    }

    @Test("a packet that is not a keyframe is refused until the first keyframe")
    func startsOnKeyframe() {
        var buffer = LiveBuffer<Int>()
        let refused = Self.fill(&buffer, frames: 10..<30)
        #expect(refused == Array(10..<25))
        #expect(buffer.oldest == .milliseconds(1000))
        #expect(buffer.firstSequence == 0 && buffer.endSequence == 5)
        #expect(buffer.entry(at: 0)?.payload == 25 && buffer.entry(at: 0)?.isKey == true)
    }

    @Test("over the time limit whole GOPs go from the front, never the newest one")
    func trimsByDuration() {
        var buffer = LiveBuffer<Int>(maximumDuration: .seconds(3))
        let dropped = Self.fill(&buffer, frames: 0..<250)  // 10 s
        // Oldest kept is a keyframe, the span is at most 3 s, and nothing was lost in between.
        let oldest = buffer.oldest!
        #expect(oldest.microseconds % 1_000_000 == 0)
        #expect(buffer.newest! - oldest <= .seconds(3))
        #expect(buffer.newest! - oldest > .seconds(2))
        #expect(dropped == Array(0..<dropped.count))
        #expect(dropped.count + buffer.count == 250)
        #expect(buffer.bytes == buffer.count * 1000)
        // One long GOP over the limit stays whole: it is all there is to decode from.
        var long = LiveBuffer<Int>(maximumDuration: .seconds(1))
        #expect(Self.fill(&long, frames: 0..<100, gop: 1000).isEmpty)
        #expect(long.count == 100)
    }

    @Test("over the byte limit whole GOPs go from the front")
    func trimsByBytes() {
        var buffer = LiveBuffer<Int>(maximumBytes: 60_000)
        Self.fill(&buffer, frames: 0..<250)
        #expect(buffer.bytes <= 60_000)
        #expect(buffer.count > 25)
        #expect(buffer.entry(at: buffer.firstSequence)?.isKey == true)
        #expect(buffer.entry(at: buffer.firstSequence - 1) == nil)
    }

    @Test("one GOP over the byte limit is let go of whole, and keeping starts again at the next keyframe")
    func oneGOPOverTheByteLimit() {
        var buffer = LiveBuffer<Int>(maximumBytes: 60_000)
        // Keyframes 400 frames apart: the first GOP reaches 61 000 bytes at frame 60.
        let dropped = Self.fill(&buffer, frames: 0..<200, gop: 400)
        #expect(dropped == Array(0..<200), "kept up to the limit, then let go; the rest refused until a keyframe")
        #expect(buffer.isEmpty && buffer.bytes == 0)
        #expect(Self.fill(&buffer, frames: 400..<410, gop: 400).isEmpty)
        #expect(buffer.count == 10 && buffer.entry(at: buffer.firstSequence)?.payload == 400)
    }

    @Test("replay starts at the keyframe at or before the target", arguments: [
        // target ms, expected first frame number
        (Int64(4_000), 100), (4_039, 100), (4_999, 100), (5_000, 125), (5_040, 125),
        (9_960, 225), (60_000, 225),   // past the newest: the last keyframe
        (0, 50), (2_000, 50),          // older than the buffer: its oldest keyframe
    ])
    func replayStart(target: Int64, expected: Int) {
        var buffer = LiveBuffer<Int>(maximumDuration: .milliseconds(8_000))
        Self.fill(&buffer, frames: 0..<250)
        #expect(buffer.oldest == .seconds(2))
        let start = buffer.replayStart(for: .milliseconds(target))
        #expect(start.flatMap { buffer.entry(at: $0)?.payload } == expected)
    }

    @Test("positions survive trims; removeAll hands everything back and numbering goes on")
    func numbering() {
        var buffer = LiveBuffer<Int>(maximumDuration: .seconds(2))
        Self.fill(&buffer, frames: 0..<50)
        let sequence = buffer.replayStart(for: .seconds(1))!
        #expect(buffer.entry(at: sequence)?.payload == 25)
        Self.fill(&buffer, frames: 50..<100)
        #expect(buffer.entry(at: sequence) == nil, "trimmed")
        #expect(buffer.entry(at: buffer.endSequence - 1)?.payload == 99)
        let end = buffer.endSequence
        let all = buffer.removeAll()
        let first = try! #require(all.first)
        #expect(first % 25 == 0 && all == Array(first...99))
        #expect(buffer.isEmpty && buffer.firstSequence == end && buffer.replayStart(for: .zero) == nil)
        #expect(LiveBuffer<Int>().replayStart(for: .seconds(1)) == nil)
    }
}
