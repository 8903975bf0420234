/// The clock video frames are timed against: media time as a function of host time.
///
/// Without sound it is the host clock anchored at a media time; with sound the audio
/// output re-anchors it (`sync`) from the position of the samples the device is playing,
/// so the same frame timing follows whichever clock is master. Pure: the caller passes
/// host time in, so tests run on made-up times.
public struct PlaybackClock: Sendable, Equatable {
    private var anchorMedia: MediaTime
    private var anchorHost: HostTime
    public private(set) var isRunning: Bool
    /// Media seconds per host second while running.
    public private(set) var speed: PlaybackSpeed = .normal

    public init(at media: MediaTime = .zero, host: HostTime, running: Bool = false) {
        anchorMedia = media
        anchorHost = host
        isRunning = running
    }

    /// Media time at `host`: frozen while paused, advancing at `speed` while running.
    public func time(at host: HostTime) -> MediaTime {
        guard isRunning else { return anchorMedia }
        let elapsed = host.elapsed(since: anchorHost)
        let (seconds, attoseconds) = elapsed.components
        return anchorMedia + speed.media(inWall: MediaTime(microseconds: seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
    }

    /// Runs at `newSpeed` from `host` on; the time already gone by keeps the old one.
    public mutating func setSpeed(_ newSpeed: PlaybackSpeed, at host: HostTime) {
        guard newSpeed != speed else { return }
        anchorMedia = time(at: host)
        anchorHost = host
        speed = newSpeed
    }

    public mutating func pause(at host: HostTime) {
        guard isRunning else { return }
        anchorMedia = time(at: host)
        anchorHost = host
        isRunning = false
    }

    public mutating func resume(at host: HostTime) {
        guard !isRunning else { return }
        anchorHost = host
        isRunning = true
    }

    /// Jumps to `media` (after a seek, or from the audio clock), keeping running or paused.
    public mutating func set(_ media: MediaTime, at host: HostTime) {
        anchorMedia = media
        anchorHost = host
    }
}

/// What to do with the frame at the head of the queue. Late frames are dropped here,
/// before they are rasterized, so the rasterizer's baseline always matches the screen.
public enum FrameDecision: Hashable, Sendable {
    /// Not due yet: wait until the clock reaches it.
    case wait(until: MediaTime)
    /// Due: show it now.
    case show
    /// A later frame is already due: showing this one would only delay that one.
    case drop
}

public enum FrameScheduler {
    /// Decides for a frame at `frameTime` when the clock reads `now`, given the time of the
    /// frame after it if that one is decoded already (nil when the queue holds no more).
    public static func decide(frameTime: MediaTime, nextFrameTime: MediaTime?, now: MediaTime) -> FrameDecision {
        if frameTime > now { return .wait(until: frameTime) }
        if let next = nextFrameTime, next <= now { return .drop }
        return .show
    }
}
