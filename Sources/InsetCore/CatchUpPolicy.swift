/// How much decoding work the decoder skips to keep up with the clock, lightest last.
public enum DecodeLightening: Int, Comparable, Sendable, CaseIterable {
    /// Every frame.
    case none
    /// Frames nothing refers to (most B-frames): nothing else is damaged by skipping them.
    case skipNonReference
    /// Every B-frame: key and predicted frames only.
    case skipBidirectional

    public static func < (a: DecodeLightening, b: DecodeLightening) -> Bool { a.rawValue < b.rawValue }
}

/// Keeps the picture within reach of the master clock when the decoder is slower than
/// real time, from the lateness (master time − frame time) of the frames it delivers.
///
/// A frame on time is shown; a frame late by more than `lagBound` is dropped unless the
/// screen has not changed for `longestHold` (some picture keeps moving while the decoder
/// catches up). Lateness that lasts makes the decoder lighter, a step at a time; lateness
/// past `farBehind`, or lasting at the lightest decoding, asks it to skip to the next
/// keyframe at or after the master time.
/// Frames that arrive early for long enough let it decode everything again, each time
/// after a longer calm if the last easing had to be taken back soon.
///
/// Pure: host and media times come in as arguments, so tests run on made-up times.
public struct CatchUpPolicy: Sendable {
    public struct Limits: Sendable {
        /// Lateness tolerated without doing anything about it.
        public var lagBound: MediaTime = .milliseconds(100)
        /// A frame shown later than this after its time came in late: the decoder is
        /// keeping pace at best, not ahead, so it is no reason to ease.
        public var onTimeSlack: MediaTime = .milliseconds(20)
        /// Lateness beyond which lighter decoding cannot catch up soon: skip to a keyframe.
        public var farBehind: MediaTime = .milliseconds(500)
        /// The longest the screen stands still while every frame arrives late.
        public var longestHold: Duration = .milliseconds(250)
        /// How long lateness lasts before the decoder is made lighter, and the least time
        /// between two steps (frames already decoded must pass before a step tells).
        public var stepAfter: Duration = .milliseconds(150)
        /// Frames arriving early for this long let the decoder do one step more work.
        public var calmBeforeEasing: Duration = .seconds(2)
        /// Lateness again (half `lagBound` is enough) within this time of an easing takes
        /// it back at once and doubles the calm wanted next time.
        public var easingRegretWindow: Duration = .seconds(5)
        public var longestCalm: Duration = .seconds(16)
        /// Lateness over `lagBound` for this long with the decoder as light as it goes: it
        /// cannot catch up by itself, skip to a keyframe.
        public var longestLateAtLightest: Duration = .seconds(1)
        /// A keyframe skip not answered (no frame at or past its target) within this time
        /// may be asked for again.
        public var catchUpPatience: Duration = .seconds(2)
        public init() {}
    }

    /// What to do with the frame at the head of the queue, and what to ask of the decoder.
    public struct Decision: Equatable, Sendable {
        public var frame: FrameDecision
        /// Skip to the first keyframe at or after this time (nil: no new request).
        public var catchUpTo: MediaTime?
    }

    public let limits: Limits
    /// The lightening the decoder should run at now.
    public private(set) var lightening: DecodeLightening = .none
    /// Keyframe skips asked for, for `--stats`.
    public private(set) var catchUps = 0

    /// Whether a keyframe skip is under way (frames until its target are left out).
    public var isCatchingUp: Bool { pendingCatchUp != nil }

    private var lastShown: HostTime?
    private var lateSince: HostTime?
    private var earlySince: HostTime?
    private var lastStep: HostTime?
    private var lastEasing: HostTime?
    private var calmWanted: Duration
    /// The target of the keyframe skip in flight and when it was asked for.
    private var pendingCatchUp: (target: MediaTime, askedAt: HostTime)?

    public init(limits: Limits = Limits()) {
        self.limits = limits
        calmWanted = limits.calmBeforeEasing
    }

    /// Decides for a frame at `frameTime` when the master clock reads `master` at host
    /// time `host`; `nextFrameTime` is the frame queued after it, if decoded already.
    public mutating func decide(frameTime: MediaTime, nextFrameTime: MediaTime?, master: MediaTime,
                                at host: HostTime) -> Decision {
        if let pending = pendingCatchUp,
           frameTime >= pending.target || host.elapsed(since: pending.askedAt) >= limits.catchUpPatience {
            pendingCatchUp = nil
        }
        if frameTime > master {
            noteEarly(at: host)
            return Decision(frame: .wait(until: frameTime))
        }
        let lateness = master - frameTime
        if let lastEasing, host.elapsed(since: lastEasing) < limits.easingRegretWindow,
           lateness > MediaTime(microseconds: limits.lagBound.microseconds / 2) {
            // The decoder could not keep up with the extra work: waiting for the bound
            // would only let the picture fall behind by the time the step back tells.
            makeLighter(at: host, .forced)
        }
        if lateness <= limits.lagBound {
            lateSince = nil
            if lateness > limits.onTimeSlack { earlySince = nil }
            return Decision(frame: onTime(frameTime: frameTime, nextFrameTime: nextFrameTime, master: master, at: host))
        }
        earlySince = nil
        var decision = Decision(frame: .drop)
        // Frames queued before a keyframe skip are late by construction: they say nothing
        // about the decoder now.
        if pendingCatchUp == nil {
            let stuck = lightening == .skipBidirectional
                && lateSince.map { host.elapsed(since: $0) >= limits.longestLateAtLightest } == true
            if lateness > limits.farBehind || stuck {
                pendingCatchUp = (master, host)
                catchUps += 1
                decision.catchUpTo = master
                // The next keyframe may be far: decode lighter on from there as well.
                makeLighter(at: host, .forced)
                // Lateness is counted afresh from the skip.
                lateSince = host
            } else {
                // Twice the bound late is no jitter: no need to see it last.
                makeLighter(at: host, lateness > limits.lagBound + limits.lagBound ? .clear : .lasting)
            }
        }
        let held = lastShown.map { host.elapsed(since: $0) >= limits.longestHold } ?? true
        if held && (nextFrameTime.map { $0 > master } ?? true) {
            decision.frame = .show
            lastShown = host
        }
        return decision
    }

    /// The frame shown whatever its time (the first after opening or a seek).
    public mutating func noteShown(at host: HostTime) {
        lastShown = host
    }

    /// After a seek: lateness measured before it says nothing about the frames after it.
    /// The lightening stays (the decoder is as slow as it was).
    public mutating func restart(at host: HostTime) {
        lateSince = nil
        earlySince = nil
        pendingCatchUp = nil
        lastShown = host
    }

    /// A frame due and not too late: shown, unless the one after it is due as well.
    private mutating func onTime(frameTime: MediaTime, nextFrameTime: MediaTime?, master: MediaTime,
                                 at host: HostTime) -> FrameDecision {
        let decision = FrameScheduler.decide(frameTime: frameTime, nextFrameTime: nextFrameTime, now: master)
        if decision == .show { lastShown = host }
        return decision
    }

    private mutating func noteEarly(at host: HostTime) {
        lateSince = nil
        guard lightening > .none else { earlySince = nil; return }
        guard let since = earlySince else { earlySince = host; return }
        guard host.elapsed(since: since) >= calmWanted else { return }
        lightening = DecodeLightening(rawValue: lightening.rawValue - 1)!
        lastEasing = host
        earlySince = host
    }

    /// How sure a step lighter is to be needed.
    private enum Urgency {
        /// Lateness must have lasted `stepAfter`, and the last step be `stepAfter` ago.
        case lasting
        /// Only the last step must be `stepAfter` ago (frames it spared may still be coming).
        case clear
        /// At once: an easing taken back, or a keyframe skip.
        case forced
    }

    /// One step lighter, as soon as `urgency` allows.
    private mutating func makeLighter(at host: HostTime, _ urgency: Urgency) {
        let since = lateSince ?? host
        lateSince = since
        guard lightening < .skipBidirectional else { return }
        if urgency == .lasting && host.elapsed(since: since) < limits.stepAfter { return }
        if urgency != .forced, let lastStep, host.elapsed(since: lastStep) < limits.stepAfter { return }
        if let lastEasing, host.elapsed(since: lastEasing) < limits.easingRegretWindow {
            calmWanted = min(calmWanted * 2, limits.longestCalm)
            self.lastEasing = nil
        }
        lightening = DecodeLightening(rawValue: lightening.rawValue + 1)!
        lastStep = host
    }
}
