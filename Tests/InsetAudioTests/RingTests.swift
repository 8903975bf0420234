import InsetCore
import Testing
@testable import InsetAudio
import InsetTestSupport

/// The ring on its own: one thread, both sides, no device.
@Suite("The audio ring", .tags(.timed))
struct RingTests {
    let format = AudioFormat(sampleRate: 1000, channels: 2)

    func frames(_ values: ClosedRange<Int>) -> [Float] { values.flatMap { [Float($0), -Float($0)] } }

    func write(_ ring: AudioRing, _ samples: [Float], pts: Int64, serial: Int = 0) -> AudioSinkResult {
        samples.withUnsafeBytes { ring.write($0, pts: .milliseconds(pts), serial: serial) }
    }

    func read(_ ring: AudioRing, _ count: Int) -> ([Float], AudioRing.ReadResult) {
        var out = [Float](repeating: .nan, count: count * 2)
        let result = out.withUnsafeMutableBufferPointer { ring.read(into: $0.baseAddress!, frames: count) }
        return (Array(out.prefix(result.frames * 2)), result)
    }

    @Test("frames come out in order across the wrap, with the time of the next one")
    func orderAndWrap() {
        let ring = AudioRing(format: format, duration: .milliseconds(256))  // 256 frames
        #expect(write(ring, frames(1...200), pts: 0) == .accepted(frames: 200))
        let (first, r1) = read(ring, 150)
        #expect(first == frames(1...150))
        #expect(r1.nextPTS == .milliseconds(150))
        #expect(write(ring, frames(201...400), pts: 200) == .accepted(frames: 200))
        let (second, r2) = read(ring, 250)
        #expect(second == frames(151...400))
        #expect(r2.nextPTS == .milliseconds(400))
        #expect(ring.bufferedFrames == 0)
    }

    @Test("a full ring takes only what fits; an empty one gives nothing")
    func bounded() {
        let ring = AudioRing(format: format, duration: .milliseconds(256))
        #expect(write(ring, frames(1...300), pts: 0) == .accepted(frames: 256))
        #expect(write(ring, frames(1...10), pts: 0) == .accepted(frames: 0))
        _ = read(ring, 256)
        let (nothing, result) = read(ring, 10)
        #expect(nothing.isEmpty && result.frames == 0 && result.nextPTS == nil)
    }

    @Test("after a flush, frames of older serials are never read and later writes of them are stale")
    func flushDropsOldSerials() {
        let ring = AudioRing(format: format, duration: .milliseconds(512))
        _ = write(ring, frames(1...100), pts: 0, serial: 0)
        ring.flush(serial: 1)
        #expect(write(ring, frames(1...10), pts: 100, serial: 0) == .stale)
        #expect(write(ring, frames(500...509), pts: 500, serial: 1) == .accepted(frames: 10))
        let (out, result) = read(ring, 50)
        #expect(out == frames(500...509))
        #expect(result.serial == 1 && result.nextPTS == .milliseconds(510))
    }

    @Test("a write of a newer serial obsoletes older frames without a flush; close refuses writes")
    func newerSerialAndClose() {
        let ring = AudioRing(format: format, duration: .milliseconds(512))
        _ = write(ring, frames(1...100), pts: 0, serial: 2)
        _ = write(ring, frames(7...8), pts: 7000, serial: 3)
        #expect(read(ring, 10).0 == frames(7...8))
        ring.close()
        #expect(write(ring, frames(1...2), pts: 0, serial: 3) == .closed)
    }

    @Test("a queued serial plays after the older frames still in the ring, and is current once its first is read")
    func queuedSerialFollows() {
        let ring = AudioRing(format: format, duration: .milliseconds(512))
        _ = write(ring, frames(1...10), pts: 5000, serial: 2)
        ring.queue(serial: 3)
        #expect(write(ring, frames(101...110), pts: 0, serial: 3) == .accepted(frames: 10))
        #expect(ring.currentSerial == 2)
        let (old, before) = read(ring, 8)
        #expect(old == frames(1...8) && before.serial == 2 && ring.currentSerial == 2)
        let (across, after) = read(ring, 6)
        #expect(across == frames(9...10) + frames(101...104))
        #expect(after.serial == 3 && after.nextPTS == .milliseconds(4) && ring.currentSerial == 3)
        // A seek after it flushes as ever.
        ring.flush(serial: 4)
        #expect(read(ring, 10).0.isEmpty)
    }
}

@Suite("The audio ring at another speed", .tags(.timed))
struct SpeedRingTests {
    @Test("a run written for 2x gives the time of the next frame two frames of media on per frame read, and its speed")
    func stretchedRuns() {
        let ring = AudioRing(format: AudioFormat(sampleRate: 1000, channels: 2), duration: .milliseconds(256))
        let samples = [Float](repeating: 0.5, count: 200)
        #expect(samples.withUnsafeBytes { ring.write($0, pts: .milliseconds(1000), serial: 0, speed: PlaybackSpeed(clamping: 200)) }
                == .accepted(frames: 100))
        #expect(samples.withUnsafeBytes { ring.write($0, pts: .milliseconds(1200), serial: 0) } == .accepted(frames: 100))
        var out = [Float](repeating: 0, count: 2 * 150)
        let first = out.withUnsafeMutableBufferPointer { ring.read(into: $0.baseAddress!, frames: 40) }
        #expect(first.nextPTS == .milliseconds(1080))
        #expect(first.speed == PlaybackSpeed(clamping: 200))
        let second = out.withUnsafeMutableBufferPointer { ring.read(into: $0.baseAddress!, frames: 110) }
        #expect(second.nextPTS == .milliseconds(1250))
        #expect(second.speed == .normal)
    }
}
