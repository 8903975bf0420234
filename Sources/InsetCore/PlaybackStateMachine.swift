/// The one playback state machine that the full-screen controls and the PiP window both
/// drive. Its PiP semantics follow Apple's AVPictureInPictureController (ARCHITECTURE.md,
/// "The PiP state machine"); its effects carry the delegate's names.
///
/// It is a value, as SwiftNIO's state machines are: private state, one mutating entry point
/// that returns the effects the caller performs, in order. It reads no clock, does no I/O
/// and starts no thread; the app's UI thread owns it, performs the effects on the engine,
/// the audio and the views, and reports what happened back as events.
///
/// ```swift
/// var machine = PlaybackStateMachine(configuration: config, pipSupported: PiPLayout.canShow(on: screen))
/// for effect in machine.handle(.mediaReady(range), at: now) { perform(effect) }
/// ```
///
/// A machine models one video. Content swap (two videos, one full screen and one in PiP)
/// is `ContentSwapCoordinator`, which drives two machines and interleaves their effects.
public struct PlaybackStateMachine: Sendable {
    /// What the command line decided; fixed for the life of the machine.
    public struct Configuration: Hashable, Sendable {
        /// `--no-pip` turns PiP off: it is never possible.
        public var pipAllowed: Bool
        /// Leaving a playing player starts PiP by itself (on unless `--no-auto-pip`).
        public var automaticPiP: Bool
        /// `--pip`: start in PiP as soon as the media is ready.
        public var startsInPiP: Bool
        /// `--loop`: at the end of a file, seek to its start and keep playing.
        public var loops: Bool
        /// `--linear[=RANGES]`: where skipping and seeking are refused.
        public var linear: LinearRanges
        /// Start playing when the media is ready (as a player opened on a file does).
        public var autoplay: Bool
        /// `--start TIME`: seek there when the media is ready. Not a skip, so `--linear`
        /// does not refuse it: it is the user's choice at launch.
        public var startPosition: MediaTime?
        /// The media has a moving picture; PiP is never possible without one (sound only).
        public var hasPicture: Bool
        /// `--speed`: the speed it starts at.
        public var speed: PlaybackSpeed
        /// With `loops`, how many times the file plays again (mpv's `--loop-file=N`); nil
        /// for ever.
        public var loopCount: Int? = nil

        public init(
            pipAllowed: Bool = true, automaticPiP: Bool = true, startsInPiP: Bool = false,
            loops: Bool = false, linear: LinearRanges = .none, autoplay: Bool = true,
            startPosition: MediaTime? = nil, hasPicture: Bool = true, speed: PlaybackSpeed = .normal
        ) {
            self.pipAllowed = pipAllowed; self.automaticPiP = automaticPiP
            self.startsInPiP = startsInPiP; self.loops = loops; self.linear = linear
            self.autoplay = autoplay; self.startPosition = startPosition
            self.hasPicture = hasPicture; self.speed = speed
        }
    }

    /// Where the picture is. Playback (playing or paused, position) is orthogonal to it and
    /// kept in the stored properties below, since every presentation can play or pause.
    /// The state is internal rather than private only so `+PiP.swift` can reach it; outside
    /// the module only `snapshot` shows it.
    enum State: Hashable, Sendable {
        case fullScreen
        case away
        /// `willStart` sent, enter animation running; a restore or close asked meanwhile
        /// waits here and runs right after `didStart`.
        case startingPiP(pendingStop: PendingStop?)
        case pip
        /// `restoreUserInterface` sent, waiting for `restoreCompleted`.
        case restoringPiP
        /// `willStop` sent after a restore, exit animation running.
        case stoppingPiP
    }

    enum PendingStop: Hashable, Sendable { case restore, close }

    /// The options this machine was made with.
    public internal(set) var configuration: Configuration
    var state: State = .fullScreen
    var phaseSince: HostTime
    var playing: Bool
    var finished = false
    var position: MediaTime = .zero
    var range: PlayableRange?
    var newestFrame: MediaTime?
    var pipSupported: Bool
    /// Another video is in the window (`.windowOccupied`).
    var windowOccupied = false
    var renderSize: Viewport?
    /// The A-B loop, while one is set (`+Loop.swift`).
    var loop: ABLoop?
    /// The plays again left of `configuration.loopCount`.
    var loopsDone = 0
    var speed: PlaybackSpeed

    /// A machine for one video, full screen, before its media is ready.
    public init(configuration: Configuration = .init(), pipSupported: Bool = false, at now: HostTime = .zero) {
        self.configuration = configuration
        self.pipSupported = pipSupported
        self.playing = configuration.autoplay
        self.speed = configuration.speed
        self.phaseSince = now
    }

    /// Feeds one event; returns the effects to perform, in order. `now` (the host's
    /// monotonic time, read by the caller) is only stamped into `snapshot.phaseSince` when
    /// the presentation or PiP phase changes; no decision depends on it, so replaying the
    /// same events gives the same effects at any time.
    public mutating func handle(_ event: PlaybackEvent, at now: HostTime) -> [PlaybackEffect] {
        switch event {
        case .play: return play()
        case .pause: return pause()
        case .togglePause: return playing ? pause() : play()
        case .skip(let delta): return jump(to: position + delta)
        case .seek(let target): return jump(to: target)
        case .mediaReady(let range): return mediaReady(range, at: now)
        case .positionChanged(let t): positionChanged(t); return loopBackIfPast()
        case .cycleLoopPoint: return cycleLoopPoint()
        case .setSpeed(let wanted): return setSpeed(wanted)
        case .newestFrameChanged(let t): newestFrame = t; return []
        case .reachedEnd: return reachedEnd()
        case .pipSupportChanged(let supported): pipSupported = supported; return []
        case .windowOccupied(let occupied): windowOccupied = occupied; return []
        case .pictureChanged(let has): configuration.hasPicture = has; return []
        case .renderSizeChanged(let size): return renderSizeChanged(size)
        case .startPiP: return startPiP(at: now)
        case .restoreFromPiP, .returnToPlayer: return restore(event, at: now)
        case .closePiP: return closePiP(at: now)
        case .leavePlayer: return leavePlayer(at: now)
        case .animationFinished(let animation): return animationFinished(animation, at: now)
        case .restoreCompleted(let restored): return restoreCompleted(restored, at: now)
        }
    }

    /// The state for views to draw.
    public var snapshot: PlaybackSnapshot {
        PlaybackSnapshot(
            isPlaying: playing, isFinished: finished, position: position, range: range,
            newestFrame: newestFrame, presentation: presentation,
            pip: PiPStatus(
                isSupported: pipSupported, isAllowed: configuration.pipAllowed,
                unavailableReason: pipUnavailableReason, phase: pipPhase),
            isLinear: isLinear, skipDisabledReason: skipDisabledReason,
            renderSize: renderSize, phaseSince: phaseSince, loop: loop, speed: speed)
    }

    mutating func enter(_ newState: State, at now: HostTime) {
        state = newState
        phaseSince = now
    }
}

// MARK: - Playback

extension PlaybackStateMachine {
    var isLinear: Bool { range != nil && configuration.linear.contains(position) }

    var skipDisabledReason: PlaybackRefusal? {
        if range == nil { return .mediaNotReady }
        return isLinear ? .linearPlayback : nil
    }

    /// Before the media is ready, play and pause only record the intent: the first
    /// `mediaReady` then emits `.play` if it is still to play.
    mutating func play() -> [PlaybackEffect] {
        guard let range else { playing = true; return [] }
        if finished {
            // Play after the end starts over, as web players do.
            finished = false
            playing = true
            position = range.start
            return [.seek(to: range.start), .play]
        }
        guard !playing else { return [] }
        playing = true
        return [.play]
    }

    /// Before the media is ready the speed is only recorded: `mediaReady` sets it.
    mutating func setSpeed(_ wanted: PlaybackSpeed) -> [PlaybackEffect] {
        guard wanted != speed else { return [] }
        speed = wanted
        return range == nil ? [] : [.setSpeed(wanted)]
    }

    mutating func pause() -> [PlaybackEffect] {
        guard playing else { return [] }
        playing = false
        return range == nil ? [] : [.pause]
    }

    /// A skip or a progress-bar click. Refused inside a linear span. A forward jump from
    /// outside stops at the start of the next linear span instead of passing over it: that
    /// span is the part that must be watched. The position moves at once to the target, so
    /// a second skip pressed before the engine reports a frame adds to the first.
    mutating func jump(to requested: MediaTime) -> [PlaybackEffect] {
        if let reason = skipDisabledReason { return [.refused(reason)] }
        guard let range else { return [] }
        // Live input has no end: the newest decoded frame is the limit, or where we are
        // when the app has not reported one.
        var target = range.clamp(requested, newest: newestFrame ?? position)
        if target > position, let required = configuration.linear.firstStart(after: position, upTo: target) {
            target = required
        }
        guard target != position else { return [] }
        position = target
        finished = false
        return [.seek(to: target)]
    }

    mutating func mediaReady(_ newRange: PlayableRange, at now: HostTime) -> [PlaybackEffect] {
        let first = range == nil
        range = newRange
        guard first else {
            position = newRange.clamp(position, newest: newestFrame ?? position)
            return []
        }
        position = newRange.start
        var effects: [PlaybackEffect] = []
        if let start = configuration.startPosition {
            let target = newRange.clamp(start, newest: newestFrame ?? newRange.start)
            if target != position { position = target; effects.append(.seek(to: target)) }
        }
        // The engine starts at 1×: a speed chosen before (or on the command line) is set
        // before it plays, so not one frame goes out at the wrong pace.
        if !speed.isNormal { effects.append(.setSpeed(speed)) }
        if playing { effects.append(.play) }
        if configuration.startsInPiP { effects += startPiP(at: now) }
        return effects
    }

    mutating func positionChanged(_ t: MediaTime) {
        guard let range else { position = t; return }
        // The frame shown is at least as new as the newest one decoded.
        if range.isLive { newestFrame = max(newestFrame ?? t, t) }
        position = range.clamp(t, newest: newestFrame)
    }

    /// End of media: a file with `--loop` starts over and keeps playing; otherwise playback
    /// stops on the last frame. Live input cannot be looped (stdin cannot be read again).
    mutating func reachedEnd() -> [PlaybackEffect] {
        guard let range, !finished else { return [] }
        // A loop whose B lies past the last frame goes round at the end instead (unless it
        // has just gone round: the end of what was read before that seek reports late).
        if playing, let start = loop?.start, position > start, let back = loopBack() { return back }
        if configuration.loops, !range.isLive, loopsDone < configuration.loopCount ?? .max {
            loopsDone += 1
            position = range.start
            return [.seek(to: range.start)]
        }
        finished = true
        playing = false
        position = range.end ?? newestFrame ?? position
        return [.finished]
    }

    /// Rescaling the decoder is not free, so only an actual change asks for it; an empty
    /// size (a window collapsed mid-animation) is not a size to decode at.
    mutating func renderSizeChanged(_ size: Viewport) -> [PlaybackEffect] {
        guard !size.isEmpty, size != renderSize else { return [] }
        renderSize = size
        return [.setRenderSize(size)]
    }
}
