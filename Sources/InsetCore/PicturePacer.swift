/// Paces pictures in pixels to what the terminal drains.
///
/// A picture is hundreds of kilobytes; a terminal parses it at its own speed (xterm's sixel
/// a few MB/s, kitty over SSH the link's), and the pty between holds only kilobytes. Written
/// faster than that, pictures queue in the write: the UI thread blocks, keys wait, the
/// picture on screen falls behind the sound. So the pacer reads the link's one measure
/// (`LinkMeter`, fed by every write, cells and pictures) and:
///
/// 1. lets a new picture be encoded only while pictures have held the link for no more than
///    `duty` of the time (the cells and the keys' echo have the rest): a credit of link time
///    grows at `duty` seconds a second, up to `burst`, and each picture written spends the
///    time it held the link; a frame that comes while the credit is spent is skipped
///    unencoded (so jitter of a frame or two costs nothing, and a steady excess is shed);
/// 2. when that skips too many (fewer than `keptShare` of the frames offered go out) or a
///    picture would hold the link longer than `longestWrite` (keys wait that long), sends
///    pictures smaller, a step of `scales` at a time, and larger again once the link has
///    room for the larger at most frames (`keptShare` plus a margin, so it does not flip).
///
/// Pure: the caller says when frames come and how writes went, and hands over the meter it
/// fed; nothing here reads a clock.
public struct PicturePacer: Sendable {
    /// The sizes a picture is sent at, as a share of its width and height.
    public static let scales: [Double] = [1, 0.75, 0.5, 0.375, 0.25]

    public var duty = 0.75
    public var burst = 0.05
    public var keptShare = 0.5
    public var longestWrite = Duration.milliseconds(100)
    /// How long a scale is kept at least, so a burst does not flip it.
    public var settle = Duration.seconds(2)

    /// The meter's measure is taken only while a write waited this recently: small pictures
    /// go through the pty's buffer without a word about the link, so a link that got faster
    /// is found only by trying larger ones (`LinkMeter.measured(at:within:)`).
    public var forgetAfter = Duration.seconds(5)
    /// A try of a larger size on no recent measure that the link could not take (shrunk
    /// back within twice `settle`) doubles how long the measure is trusted, up to this: on
    /// a link where 1/4 fits and 3/8 does not, no write waits at 1/4, and trying 3/8 every
    /// 5 s would cost two seconds of skipped frames in seven.
    public var longestTrust = Duration.seconds(40)
    private var trust: Duration?
    private var triedAt: HostTime?
    private var trusted: Duration { trust ?? forgetAfter }
    /// The meter's rate as the pacer judges by it: smoothed over the pictures' writes, so
    /// one write held up by a busy machine or a stalled reader (whose drain the meter's
    /// short pool takes nearly whole) does not shrink the pictures, and a link slow for every
    /// picture does at once; nil whenever the meter has no recent measure.
    private var judgedRate: Double?
    /// Index into `scales`.
    public private(set) var scaleIndex = 0
    public var scale: Double { Self.scales[scaleIndex] }
    /// Whether a picture still being written should be cut short for time: the terminal has
    /// taken it so slowly that over a quarter is still to go after 150 ms (the meter then
    /// learns the drain from the part sent, and the next goes at the size that fits).
    /// Never at the smallest size: there is nothing smaller to learn for, and cutting every
    /// picture (24 of 29 sixel ones at 200 KB/s) left 5 shown in 8 s.
    public func shouldCutShort(after elapsed: Duration, sent: Int, of total: Int) -> Bool {
        scaleIndex < Self.scales.count - 1 && elapsed > .milliseconds(150) && total - sent > total / 4
    }
    /// Link time in hand, in seconds, as of `creditAt` (negative: owed).
    private var credit = 0.0
    private var creditAt = HostTime.zero
    /// The earliest a new picture may be encoded.
    public var nextAllowed: HostTime {
        credit >= 0 ? creditAt : creditAt.advanced(by: .nanoseconds(Int64(-credit / duty * 1e9)))
    }

    /// When a frame was last offered: a still (paused, or a picture) has the link to itself.
    public private(set) var lastOffer: HostTime?
    /// How long without a new frame makes a still, which goes whole.
    public var stillAfter = Duration.seconds(1)

    /// Bytes of the last pictures written at this scale, smoothed.
    private var typicalBytes: Double?
    private var lastChange = HostTime.zero
    /// Frames offered and skipped since `windowStart`, judged each second.
    private var windowStart: HostTime?
    private var offeredInWindow = 0
    private var skippedInWindow = 0

    public init() {}

    /// A new frame wants to go out at `now`: whether it may be encoded (false: skip it). Each
    /// second the share skipped is judged by the link's measure, and the scale may change:
    /// the caller sends the next picture at the new `scale`.
    public mutating func offer(at now: HostTime, link: LinkMeter) -> Bool {
        if let last = lastOffer, now.elapsed(since: last) >= stillAfter {
            // After a still, the second judged starts afresh.
            windowStart = nil
            offeredInWindow = 0
            skippedInWindow = 0
        }
        lastOffer = now
        let start = windowStart ?? now
        windowStart = start
        offeredInWindow += 1
        accrue(until: now)
        let allowed = credit >= 0
        if !allowed { skippedInWindow += 1 }
        if now.elapsed(since: start) >= .seconds(1) {
            judge(at: now, offered: offeredInWindow, skipped: skippedInWindow, seconds: seconds(now.elapsed(since: start)),
                  rate: link.measured(at: now, within: trusted) == nil ? nil : judgedRate)
            windowStart = now
            offeredInWindow = 0
            skippedInWindow = 0
        }
        return allowed
    }

    /// No new frame since `lastFrame` for `stillAfter`: the picture on screen is a still,
    /// and one picture is no load on any link, so it goes whole (returns whether the scale
    /// changed). When frames come again, the pacer measures afresh and shrinks them if it
    /// must. (The caller knows when the frame last changed; the offers alone would make a
    /// UI thread held up in a long write look like a still.)
    public mutating func restoreIfStill(at now: HostTime, lastFrame: HostTime) -> Bool {
        guard scaleIndex > 0, now.elapsed(since: lastFrame) >= stillAfter else { return false }
        change(by: -scaleIndex, at: now)
        return true
    }

    /// A picture of `bytes`, encoded at `scale`, was written from `start`, blocking for
    /// `blocked`; `link` has been fed that write's drain. One encoded before the scale
    /// changed paces the link but judges nothing. `sent`: the picture was cut short after
    /// that many bytes (`bytes` is what the whole would have cost).
    public mutating func wrote(bytes: Int, blocked: Duration, at start: HostTime, scale: Double, sent: Int? = nil,
                               link: LinkMeter) {
        let blockedSeconds = seconds(blocked)
        let through = sent ?? bytes
        let reading = link.measured(at: start, within: trusted)
        judgedRate = reading.map { new in judgedRate.map { 0.7 * $0 + 0.3 * new } ?? new }
        let rate = judgedRate
        let linkSeconds = max(blockedSeconds, rate.map { Double(through) / $0 } ?? 0)
        accrue(until: start)
        credit -= linkSeconds
        guard scale == self.scale else { return }
        typicalBytes = typicalBytes.map { 0.7 * $0 + 0.3 * Double(bytes) } ?? Double(bytes)
        // Judged on the smoothed figures, so one write held up by a busy machine does not
        // shrink the pictures; a link that is slow for every picture does at once.
        if let rate, let typical = typicalBytes, typical / rate > seconds(longestWrite),
           scaleIndex < Self.scales.count - 1 {
            // As many steps as it takes at once (bytes go with the area): on a link ten
            // times too slow, waiting a picture per step would cost seconds of frozen video.
            var steps = 1
            while scaleIndex + steps < Self.scales.count - 1 {
                let ratio = Self.scales[scaleIndex + steps] / scale
                if typical * ratio * ratio / rate <= seconds(longestWrite) { break }
                steps += 1
            }
            change(by: steps, at: start)
        }
    }

    private mutating func accrue(until now: HostTime) {
        guard now > creditAt else { return }
        credit = min(burst, credit + duty * seconds(now.elapsed(since: creditAt)))
        creditAt = now
    }

    private mutating func judge(at now: HostTime, offered: Int, skipped: Int, seconds window: Double, rate: Double?) {
        if let tried = triedAt, now.elapsed(since: tried) > settle * 2 {
            // The try held: the link is faster than it was.
            triedAt = nil
            trust = nil
        }
        guard now.elapsed(since: lastChange) >= settle else { return }
        let kept = Double(offered - skipped) / Double(max(1, offered))
        if kept < keptShare, scaleIndex < Self.scales.count - 1 {
            change(by: 1, at: now)
        } else if scaleIndex > 0, Double(skipped) <= Double(offered) * (1 - keptShare) / 2 {
            // Room for the larger size at most frames offered, by what this size cost: its
            // share kept well above the share that shrinks it, so it does not flip back.
            guard let rate, let bytes = typicalBytes else {
                change(by: -1, at: now)
                triedAt = now
                return
            }
            let growth = Self.scales[scaleIndex - 1] / scale
            let larger = bytes * growth * growth / rate
            let interval = window / Double(max(1, offered))
            let keptLarger = min(1, duty * interval / max(larger, 1e-6))
            if keptLarger >= (1 + keptShare) / 2 + 0.1 && larger <= self.seconds(longestWrite) { change(by: -1, at: now) }
        }
    }

    private mutating func change(by step: Int, at now: HostTime) {
        if step > 0, let tried = triedAt, now.elapsed(since: tried) <= settle * 2 {
            triedAt = nil
            trust = min(trusted * 2, longestTrust)
        }
        scaleIndex += step
        lastChange = now
        if let bytes = typicalBytes {
            let ratio = Self.scales[scaleIndex] / Self.scales[scaleIndex - step]
            typicalBytes = bytes * ratio * ratio
        }
    }

    /// A scale as people say it: "whole", "3/4", "1/2", "3/8", "1/4".
    public static func describe(scale: Double) -> String {
        switch scale {
        case 1: return "whole"
        case 0.75: return "3/4"
        case 0.5: return "1/2"
        case 0.375: return "3/8"
        case 0.25: return "1/4"
        default: return String(scale)
        }
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
