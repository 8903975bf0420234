import InsetCore
import Testing

@Suite("Picture pacer")
struct PicturePacerTests {
    /// A terminal draining `rate` bytes a second behind a pty that holds 64 KiB, fed 25
    /// frames a second for `seconds`, each picture `bytes` at scale 1 (a share of that at a
    /// smaller scale, as pixels go with the area). Each write's drain goes to the link's
    /// meter as the writer sees it (`LinkFitTests.play`: what passed while the pty was
    /// full, less the first piece), before the pacer hears of the write, as in the app.
    /// Returns the pictures written and the pacer.
    static func play(_ pacer: inout PicturePacer, _ link: LinkMeter, rate: Double, bytes: Double, seconds: Double,
                     from start: Double = 10) -> (written: Int, offered: Int, longestWrite: Double) {
        var clock = start, written = 0, offered = 0, longest = 0.0
        var busyUntil = start  // the link: when what was written before has drained
        var frame = start
        while frame < start + seconds {
            clock = max(clock, frame)
            offered += 1
            if pacer.offer(at: time(clock), link: link) {
                let size = bytes * pacer.scale * pacer.scale
                // The write returns once all but the pty's 64 KiB is through.
                let drainedBy = max(busyUntil, clock) + size / rate
                let returns = max(clock, drainedBy - 65_536 / rate)
                let blocked = Duration.nanoseconds(Int64((returns - clock) * 1e9))
                let held = max(0, (busyUntil - clock) * rate)
                let drained = max(0, size - (65_536 - held) - 4_096)
                link.wrote(bytes: Int(size), blocked: blocked, at: time(clock), drainedBytes: Int(drained),
                           drainTime: .nanoseconds(Int64(drained / rate * 1e9)))
                pacer.wrote(bytes: Int(size), blocked: blocked, at: time(clock), scale: pacer.scale, link: link)
                longest = max(longest, returns - clock)
                busyUntil = drainedBy
                clock = returns
                written += 1
            }
            frame += 0.040
        }
        return (written, offered, longest)
    }

    static func time(_ seconds: Double) -> HostTime { HostTime(nanoseconds: UInt64(seconds * 1e9)) }

    @Test("a terminal faster than the pictures: every frame goes, whole, and the writes never wait long")
    func fastTerminal() {
        var pacer = PicturePacer()
        let link = LinkMeter()
        let run = Self.play(&pacer, link, rate: 200e6, bytes: 600_000, seconds: 4)
        #expect(run.written == run.offered)
        #expect(pacer.scale == 1)
        // Each picture's drain lasts under 3 ms, shorter than the meter takes (a bursty
        // reader makes short ones up to several times its rate): the link is not limiting.
        #expect(link.bytesPerSecond == nil)
    }

    @Test("small pictures that the pty holds: the drain is not guessed from them, and nothing is held back")
    func smallPictures() {
        var pacer = PicturePacer()
        let link = LinkMeter()
        let run = Self.play(&pacer, link, rate: 5e6, bytes: 20_000, seconds: 2)
        #expect(run.written == run.offered)
        #expect(link.bytesPerSecond == nil)
    }

    @Test("20 MB/s and 600 KB pictures: most frames go, at full size")
    func twentyMegabytes() {
        var pacer = PicturePacer()
        let link = LinkMeter()
        let run = Self.play(&pacer, link, rate: 20e6, bytes: 600_000, seconds: 6)
        #expect(pacer.scale == 1)
        #expect(abs(link.bytesPerSecond! - 20e6) / 20e6 < 0.05, "measured \(link.bytesPerSecond!)")
        #expect(Double(run.written) / Double(run.offered) > 0.8, "\(run.written) of \(run.offered)")
    }

    @Test("pictures that would hold the link all the time: about a quarter of the frames are skipped, so 1/4 of it is left")
    func leavesRoom() {
        var pacer = PicturePacer()
        // 50 ms of link a picture, a frame every 40 ms.
        let run = Self.play(&pacer, LinkMeter(), rate: 12e6, bytes: 600_000, seconds: 1.5)
        let share = Double(run.written) / Double(run.offered)
        let busy = Double(run.written) * 600_000 / 12e6 / 1.5
        #expect(share > 0.5 && busy < 0.9, "\(run.written) of \(run.offered), link busy \(busy)")
        #expect(pacer.scale == 1)
    }

    @Test("2 MB/s: pictures shrink until a write holds the link under 100 ms and at least half the frames go")
    func slowLink() {
        var pacer = PicturePacer()
        let link = LinkMeter()
        _ = Self.play(&pacer, link, rate: 2e6, bytes: 600_000, seconds: 8)
        let settled = Self.play(&pacer, link, rate: 2e6, bytes: 600_000, seconds: 4, from: 18)
        #expect(pacer.scale < 0.5)
        #expect(settled.longestWrite < 0.100)
        #expect(Double(settled.written) / Double(settled.offered) >= 0.5, "\(settled.written) of \(settled.offered)")
    }

    @Test("the link gets fast again: the pictures grow back to whole, a step at a time, not at once")
    func recovers() {
        var pacer = PicturePacer()
        let link = LinkMeter()
        _ = Self.play(&pacer, link, rate: 1e6, bytes: 600_000, seconds: 6)
        #expect(pacer.scale == 0.25)
        // Quarter-size pictures pass through the pty's buffer: nothing is measured, and the
        // old figure is not trusted after 5 s; then the pacer tries larger, a step at a time
        // (each kept at least 2 s). (With the one meter, a 1 MB/s link no longer seems
        // faster than it is, so 1/4 keeps it 3/4 busy, no write waits, and the pacer tries
        // 3/8 again 5 s after the last wait; the pacer's own measure used to keep it waiting.)
        _ = Self.play(&pacer, link, rate: 200e6, bytes: 600_000, seconds: 6.5, from: 16)
        #expect(pacer.scale > 0.25 && pacer.scale < 1, "\(pacer.scale)")
        _ = Self.play(&pacer, link, rate: 200e6, bytes: 600_000, seconds: 12, from: 22.5)
        #expect(pacer.scale == 1)
    }

    @Test("1 MB/s, where 1/4 fits and 3/8 does not: 3/8 is tried when the measure is 5 s old, and after each failed try twice as late")
    func triesLessOften() {
        /// Seconds of the last 40 of 50 at 1 MB/s spent above 1/4.
        func secondsLarger(doubling: Bool) -> Int {
            var pacer = PicturePacer()
            if !doubling { pacer.longestTrust = pacer.forgetAfter }
            let link = LinkMeter()
            var larger = 0
            for second in 0..<50 {
                _ = Self.play(&pacer, link, rate: 1e6, bytes: 600_000, seconds: 1, from: 10 + Double(second))
                if second >= 10 && pacer.scale > 0.25 { larger += 1 }
                #expect(pacer.scale <= 0.375)
            }
            return larger
        }
        let doubled = secondsLarger(doubling: true), every5 = secondsLarger(doubling: false)
        #expect(doubled <= 5 && doubled < every5, "above 1/4 for \(doubled) of 40 s, \(every5) trying every 5 s")
    }

    @Test("a skipped frame is due again once the credit is back")
    func nextAllowed() {
        var pacer = PicturePacer()
        let link = LinkMeter()
        let first = pacer.offer(at: Self.time(1), link: link)
        #expect(first)
        pacer.wrote(bytes: 750_000, blocked: .milliseconds(150), at: Self.time(1), scale: 1, link: link)
        let early = pacer.offer(at: Self.time(1.05), link: link)
        #expect(!early)
        // 50 ms of credit in hand, 150 ms spent: 100 ms owed, earned back at 3/4 in 133 ms.
        #expect(abs(Double(pacer.nextAllowed.nanoseconds) / 1e9 - 1.1333) < 0.001)
        let due = pacer.offer(at: Self.time(1.134), link: link)
        #expect(due)
    }

    @Test("scales are said as people say them")
    func describe() {
        #expect(PicturePacer.scales.map { PicturePacer.describe(scale: $0) } == ["whole", "3/4", "1/2", "3/8", "1/4"])
    }

    @Test("one write held up by a busy machine does not shrink the pictures; a link of 20 MB/s grows them back to whole")
    func oneSlowWrite() {
        var pacer = PicturePacer()
        let link = LinkMeter()
        _ = Self.play(&pacer, link, rate: 20e6, bytes: 600_000, seconds: 2)
        let at = Self.time(12.5)
        _ = pacer.offer(at: at, link: link)
        // Held 180 ms by a busy machine (the reader stalled): the writer saw the drain take
        // that long, and the meter's pool of 200 ms takes it nearly whole (about 5 MB/s,
        // at which a picture would hold the link 115 ms); the pacer judges by the meter's
        // readings smoothed over its writes.
        link.wrote(bytes: 600_000, blocked: .milliseconds(180), at: at, drainedBytes: 530_000, drainTime: .milliseconds(180))
        #expect((link.bytesPerSecond ?? 0) < 6e6)
        pacer.wrote(bytes: 600_000, blocked: .milliseconds(180), at: at, scale: pacer.scale, link: link)
        #expect(pacer.scale == 1)

        var slow = PicturePacer()
        let slowLink = LinkMeter()
        _ = Self.play(&slow, slowLink, rate: 5e6, bytes: 600_000, seconds: 6)
        #expect(slow.scale < 1)
        _ = Self.play(&slow, slowLink, rate: 20e6, bytes: 600_000, seconds: 20, from: 16)
        #expect(slow.scale == 1)
    }

    @Test("a link far too slow: one picture is enough to go to the size that fits, not a step a picture")
    func farTooSlow() {
        var pacer = PicturePacer()
        let link = LinkMeter()
        let at = Self.time(5)
        _ = pacer.offer(at: at, link: link)
        // 600 KB at 200 KB/s: 3 s for one picture; a sixteenth of it still takes 190 ms.
        link.wrote(bytes: 600_000, blocked: .seconds(3), at: at, drainedBytes: 600_000, drainTime: .seconds(3))
        pacer.wrote(bytes: 600_000, blocked: .seconds(3), at: at, scale: 1, link: link)
        #expect(pacer.scale == 0.25)
        var middling = PicturePacer()
        let middlingLink = LinkMeter()
        _ = middling.offer(at: at, link: middlingLink)
        // 600 KB at 2.4 MB/s: 250 ms; half the size (a quarter of the bytes) takes 62 ms.
        middlingLink.wrote(bytes: 600_000, blocked: .milliseconds(250), at: at, drainedBytes: 600_000, drainTime: .milliseconds(250))
        middling.wrote(bytes: 600_000, blocked: .milliseconds(250), at: at, scale: 1, link: middlingLink)
        #expect(middling.scale == 0.5)
    }

    @Test("a picture cut short for time: the drain is the part sent over the time taken, and the next goes at the size that fits")
    func cutForTime() {
        var pacer = PicturePacer()
        let link = LinkMeter()
        let at = Self.time(5)
        _ = pacer.offer(at: at, link: link)
        // 30 KB of a 600 KB picture in 150 ms: 200 KB/s, so a quarter of the size still takes 190 ms.
        link.wrote(bytes: 30_000, blocked: .milliseconds(150), at: at, drainedBytes: 30_000, drainTime: .milliseconds(150))
        pacer.wrote(bytes: 600_000, blocked: .milliseconds(150), at: at, scale: 1, sent: 30_000, link: link)
        #expect(abs(link.bytesPerSecond! - 200_000) < 1)
        #expect(pacer.scale == 0.25)
        // The link was held 150 ms, not the 3 s the whole would have taken.
        let due = Double(pacer.nextAllowed.nanoseconds) / 1e9
        let expected = 5.0 + (0.15 - 0.05) / 0.75
        #expect(abs(due - expected) < 0.001)
    }

    @Test("cut short for time: after 150 ms with over a quarter to go, and never at the smallest size")
    func whenToCut() {
        var pacer = PicturePacer()
        #expect(!pacer.shouldCutShort(after: .milliseconds(140), sent: 10_000, of: 600_000))
        #expect(pacer.shouldCutShort(after: .milliseconds(160), sent: 10_000, of: 600_000))
        #expect(!pacer.shouldCutShort(after: .milliseconds(160), sent: 500_000, of: 600_000))
        let link = LinkMeter()
        let at = Self.time(5)
        _ = pacer.offer(at: at, link: link)
        link.wrote(bytes: 30_000, blocked: .milliseconds(150), at: at, drainedBytes: 30_000, drainTime: .milliseconds(150))
        pacer.wrote(bytes: 600_000, blocked: .milliseconds(150), at: at, scale: 1, sent: 30_000, link: link)
        #expect(pacer.scale == 0.25)
        #expect(!pacer.shouldCutShort(after: .seconds(1), sent: 1_000, of: 76_000))
    }
}
