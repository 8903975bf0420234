import Foundation
import InsetCore
import InsetLog
import InsetMedia

/// One video being played: the media pipeline, the playback state machine, the clock the
/// frames are timed against, and the frame at the head of the queue. It performs the
/// machine's effects on the engine (play, pause, seek, render size) and hands every effect
/// back so the app can do the part that concerns the screen.
///
/// Owned by the UI thread; the decode and scale threads only fill `pipeline.frames`.
final class Playback {
    let path: String
    /// The picture's pipeline; nil for a file with sound only.
    let pipeline: VideoPipeline?
    let info: MediaInfo
    let range: PlayableRange
    private(set) var machine: PlaybackStateMachine
    private(set) var clock: PlaybackClock
    /// The sound, when the file has some and a device opened; its clock is then the master.
    let sound: SoundTrack?
    /// Why the video plays without sound (no device, undecodable audio), to say once.
    private(set) var soundNotice: String?
    var statistics = PlaybackStatistics()
    /// The file's subtitle tracks; nil when it has none.
    let subtitles: PlaybackSubtitles?

    /// The frame taken from the queue, waiting for its time.
    private var pending: VideoFrame?
    var hasPendingFrame: Bool { pending != nil }
    /// The frame on screen; its picture is kept until the next one replaces it, so the
    /// app can draw it again at once (a resize, an animation step, PiP).
    private(set) var current: VideoFrame?
    /// After opening and after each seek the first frame is shown at once and the clock
    /// set to it, whatever the clock said.
    private var awaitingFirstFrame = true
    private(set) var endOfStream = false
    private var endReported = false
    /// Drops late frames and lightens the decoder when it falls behind the clock.
    private var catchUp = CatchUpPolicy()
    /// Set while the clock and the sound are stopped for the input (`holdForInput`).
    private(set) var heldForInput = false
    /// Whether the picture is waiting for its input, for the bar (`Playback+Network`).
    var buffering = BufferingWatch()
    /// Set when `buffering` changed since the app last asked (`takeBufferingChange`).
    var bufferingChanged = false
    /// Why the input stopped before its end, said once (`takeCutNotice`).
    var cutNotice: String?

    init(media: Media, configuration: PlaybackStateMachine.Configuration, pipSupported: Bool, at now: HostTime) {
        path = media.path
        info = media.info
        range = media.info.playableRange
        pipeline = media.pipeline
        cover = media.cover
        sound = media.sound
        soundNotice = media.soundNotice
        subtitles = media.subtitles
        var configuration = configuration
        configuration.hasPicture = media.pipeline != nil
        machine = PlaybackStateMachine(configuration: configuration, pipSupported: pipSupported, at: now)
        clock = PlaybackClock(at: media.info.start, host: now)
    }

    /// A file with sound and no moving picture: the player shows its title (and cover),
    /// time and progress.
    var isSoundOnly: Bool { pipeline == nil }

    /// The cover picture of a sound file, scaled for the screen it was opened on.
    let cover: VideoFrame?

    var snapshot: PlaybackSnapshot { machine.snapshot }
    var name: String { PrintableText.escaped((path as NSString).lastPathComponent) }

    /// Starts decoding and tells the machine the media is ready (which autoplays).
    func start(renderSize: Viewport, at now: HostTime) -> [PlaybackEffect] {
        pipeline?.start()
        sound?.start()
        if isSoundOnly {
            awaitingFirstFrame = false
            if sound != nil { waitingForSoundSince = now } else { statistics.started(at: now) }
        }
        return send(.mediaReady(range), at: now) + send(.renderSizeChanged(renderSize), at: now)
    }

    func stop() {
        pipeline?.stop()
        sound?.stop()
    }

    /// Says once why the sound stopped or never started; nil when there is nothing to say.
    func takeSoundNotice() -> String? {
        if let notice = soundNotice { soundNotice = nil; return notice }
        return sound?.takeFailure().map { "\($0); playing without sound" }
    }

    /// The media time frames are timed against: the sound the listener hears when there is
    /// sound playing (the system clock follows it, so it carries on seamlessly where the
    /// sound ends or before it starts), else the system clock.
    ///
    /// After opening and after each seek the sound needs a moment (decoding, the device's
    /// first buffer) before it is heard; the picture holds on its first frame meanwhile, as
    /// ffplay's does, so the two start together. Half a second without sound and the
    /// system clock goes on alone.
    func masterTime(at now: HostTime) -> MediaTime {
        guard clock.isRunning, let sound else { return clock.time(at: now) }
        if let heard = sound.clockTime(at: now) {
            if waitingForSoundSince != nil {
                waitingForSoundSince = nil
                statistics.started(at: now)
            }
            clock.set(heard, at: now)
            return heard
        }
        if let since = waitingForSoundSince {
            if now.elapsed(since: since) < .milliseconds(500), let current {
                clock.set(current.time, at: now)
            } else {
                waitingForSoundSince = nil
                statistics.started(at: since)
            }
        }
        return clock.time(at: now)
    }

    /// Set while the picture waits for the sound to start (see `masterTime`).
    private var waitingForSoundSince: HostTime?

    /// Sends `event` to the machine, performs the engine's part of the effects and returns
    /// them all, in order, for the app to do the rest.
    @discardableResult
    func send(_ event: PlaybackEvent, at now: HostTime) -> [PlaybackEffect] {
        let effects = machine.handle(event, at: now)
        performEngineEffects(effects, at: now)
        return effects
    }

    /// Starts a content swap: this video (full screen) goes to the window and `window`'s
    /// comes full screen (`ContentSwapCoordinator`). The app answers the
    /// `restoreUserInterface` step with `finishSwap`.
    func swap(into window: Playback, using coordinator: inout ContentSwapCoordinator,
              at now: HostTime) -> [ContentSwapCoordinator.Step] {
        let steps = coordinator.swap(fullScreen: &machine, window: &window.machine, at: now)
        performEngineEffects(of: steps, window: window, at: now)
        return steps
    }

    /// The app's answer to the swap's `restoreUserInterface`; see `swap(into:using:at:)`.
    func finishSwap(restored: Bool, window: Playback, using coordinator: inout ContentSwapCoordinator,
                    at now: HostTime) -> [ContentSwapCoordinator.Step] {
        let steps = coordinator.restoreCompleted(restored, fullScreen: &machine, window: &window.machine, at: now)
        performEngineEffects(of: steps, window: window, at: now)
        return steps
    }

    private func performEngineEffects(of steps: [ContentSwapCoordinator.Step], window: Playback, at now: HostTime) {
        for step in steps {
            (step.side == .toWindow ? self : window).performEngineEffects([step.effect], at: now)
        }
    }

    /// The user turned this video's sound off (`m`, `--mute`).
    var prefersMuted = false
    /// The user turned this video's sound on while it was in the window beside another one
    /// full screen; otherwise a window's sound gives way to the full-screen video's.
    var heardInWindow = false

    private func performEngineEffects(_ effects: [PlaybackEffect], at now: HostTime) {
        for effect in effects {
            switch effect {
            case .play: heldForInput = false; clock.resume(at: now); sound?.play()
            case .pause: heldForInput = false; clock.pause(at: now); sound?.pause()
            case .seek(let target): seekEngine(to: target, at: now)
            case .setRenderSize(let size): pipeline?.setViewport(size)
            default: break
            }
        }
    }

    /// Stops the clock and the sound while the picture waits for its input (`hold`), and
    /// starts them again once it has some: playing on takes up where the picture held,
    /// instead of dropping every frame the wait cost to catch up with a clock that ran on.
    func holdForInput(_ hold: Bool, at now: HostTime) {
        guard hold != heldForInput else { return }
        heldForInput = hold
        if hold { clock.pause(at: now); sound?.pause() } else { clock.resume(at: now); sound?.play() }
    }

    /// Decodes the frame on screen again (its time, a new serial) without moving playback
    /// or telling the machine: picture subtitles, blended into frames as they go on screen
    /// (`PlaybackSubtitles.burn`), then follow a change of track while paused.
    func decodeCurrentFrameAgain(at now: HostTime) {
        guard let current, pipeline != nil else { return }
        seekEngine(to: current.time, at: now)
    }

    private func seekEngine(to target: MediaTime, at now: HostTime) {
        guard let pipeline else {
            // Sound only: the sound moves, and the time shown with it.
            sound?.seek(to: target)
            clock.set(target, at: now)
            if sound != nil { waitingForSoundSince = now }
            endReported = false
            _ = machine.handle(.positionChanged(target), at: now)
            return
        }
        guard let (serial, _) = pipeline.seek(to: target) else { return }
        sound?.follow(serial: serial)
        if let image = pending?.image { pipeline.frames.recycle(image) }
        pending = nil
        endOfStream = false
        endReported = false
        awaitingFirstFrame = true
        catchUp.restart(at: now)
        clock.set(target, at: now)
    }

    /// Takes due frames from the queue; returns true when a new frame is to be shown (or,
    /// past the last frame while the sound goes on, when the second shown changed). A frame
    /// is dropped, before it is ever rasterized, when the one after it is due as well, or
    /// when it comes too late (see `CatchUpPolicy`): the rasterizer's baseline then always
    /// holds what the terminal shows, and a slow terminal or decoder costs frames, never time.
    func advance(at now: HostTime) -> Bool {
        guard let pipeline else { return advanceSoundOnly(at: now) }
        var presented = false
        defer { steerDecoder(pipeline) }
        defer { watchInput(of: pipeline, at: now) }
        while true {
            if pending == nil {
                guard let item = pipeline.frames.tryPop() else { break }
                switch item {
                case .frame(let frame): pending = frame; countFramesSkipped(before: frame)
                case .endOfStream:
                    endOfStream = true
                    noteCut(of: pipeline)
                    // The stream ended and not one picture ever came: there is nothing to show.
                    if current == nil && pending == nil && failure == nil {
                        let damaged = pipeline.corruptPackets
                        failure = .undecodable(path: path, detail: damaged > 0
                            ? "\(damaged) damaged packets" : "the stream ended before its first picture")
                    }
                }
                if endOfStream && pending == nil { break }
            }
            guard let frame = pending else { break }
            if awaitingFirstFrame {
                present(frame, at: now)
                clock.set(frame.time, at: now)
                awaitingFirstFrame = false
                catchUp.noteShown(at: now)
                if sound != nil && clock.isRunning { waitingForSoundSince = now } else { statistics.started(at: now) }
                presented = true
                continue
            }
            var nextTime: MediaTime?
            if case .frame(let next)? = pipeline.frames.peek() { nextTime = next.time }
            let decision = catchUp.decide(frameTime: frame.time, nextFrameTime: nextTime, master: masterTime(at: now), at: now)
            if let target = decision.catchUpTo { pipeline.catchUp(to: target, serial: frame.serial) }
            switch decision.frame {
            case .wait:
                return presented
            case .drop:
                if let image = frame.image { pipeline.frames.recycle(image) }
                pending = nil
                statistics.dropped += 1
            case .show:
                present(frame, at: now)
                presented = true
            }
        }
        return presented || followSoundPastLastFrame(at: now)
    }

    /// Tells the decoder how much work to skip, when the policy changed its mind.
    private func steerDecoder(_ pipeline: VideoPipeline) {
        statistics.catchUps = catchUp.catchUps
        guard catchUp.lightening != steeredLightening else { return }
        steeredLightening = catchUp.lightening
        pipeline.setCatchUpRate(DecodeRate(catchUp.lightening))
    }

    private var steeredLightening = DecodeLightening.none

    /// The last frame taken from the queue, to see gaps after it.
    private var lastTaken: (time: MediaTime, serial: Int)?

    /// Frames the decoder left out to catch up never reach the queue: they count as dropped
    /// (from the gap in frame times), so `--stats` says how much of the picture was lost.
    /// Frames a PiP window's decode rate (`--pip-saver`) leaves out at the same time count too.
    private func countFramesSkipped(before frame: VideoFrame) {
        defer { lastTaken = (frame.time, frame.serial) }
        guard let last = lastTaken, last.serial == frame.serial, frame.duration > .zero,
              steeredLightening != .none || catchUp.isCatchingUp else { return }
        let step = frame.duration.microseconds
        let missing = ((frame.time - last.time).microseconds + step / 2) / step - 1
        if missing > 0 { statistics.dropped += Int(missing) }
    }

    /// Past the last frame, while the sound goes on: the last picture stays and the time
    /// shown follows the sound. True when the shown second changed.
    private func followSoundPastLastFrame(at now: HostTime) -> Bool {
        guard endOfStream, pending == nil, !endReported, !awaitingFirstFrame, clock.isRunning,
              let current, let sound, sound.progress != .absent else { return false }
        let time = range.clamp(masterTime(at: now))
        let before = machine.snapshot.position
        guard time > current.time + current.duration, time > before else { return false }
        _ = machine.handle(.positionChanged(time), at: now)
        return time.microseconds / 1_000_000 != before.microseconds / 1_000_000
    }

    /// With no picture, the time shown follows the sound; true when the shown second changed.
    private func advanceSoundOnly(at now: HostTime) -> Bool {
        guard clock.isRunning else { return false }
        let before = machine.snapshot.position.microseconds / 1_000_000
        let time = range.clamp(masterTime(at: now))
        _ = machine.handle(.positionChanged(time), at: now)
        return time.microseconds / 1_000_000 != before
    }

    private func present(_ frame: VideoFrame, at now: HostTime) {
        pending = nil
        if buffering.frameShown() { bufferingChanged = true }
        if let old = current?.image, old !== frame.image { pipeline?.frames.recycle(old) }
        current = frame
        subtitles?.burn(into: frame, inWindow: machine.snapshot.presentation == .pictureInPicture)
        statistics.shown += 1
        noteVariant(of: frame)
        reportLiveEdge(at: now)
        if let heard = sound?.clockTime(at: now) {
            statistics.audioVideoOffset = frame.time - heard
            // For sync checks (INSET_LOG): the frame's time beside the sound heard as it goes up.
            Log.debug("present \(frame.time.microseconds) heard \(heard.microseconds)")
        }
        _ = machine.handle(.positionChanged(frame.time), at: now)
    }

    /// Set when the file turned out to have nothing to show (no picture decodes); the app
    /// then says so in one line, as it would for a file that does not open.
    private(set) var failure: MediaError?

    /// A still picture (PNG, JPEG) is shown until the user leaves: it never ends.
    var isStillImage: Bool { info.isStillImage }

    /// Where the last frame's time on screen ends, once the picture has ended.
    private var pictureEnd: MediaTime? {
        guard endOfStream, pending == nil else { return nil }
        return current.map { $0.time + $0.duration } ?? .zero
    }

    /// At the end of playback, once the last frame has had its time on screen and the
    /// last sample has been heard (the longer of the two streams), the machine decides
    /// (quit, loop, or stay on the last frame); its effects are returned.
    func checkEnd(at now: HostTime) -> [PlaybackEffect] {
        if isSoundOnly {
            guard !endReported, let end = range.end, masterTime(at: now) >= end || (sound == nil && clock.time(at: now) >= end)
            else { return [] }
            endReported = true
            return send(.reachedEnd, at: now)
        }
        guard endOfStream, pending == nil, !endReported, !awaitingFirstFrame, !isStillImage, failure == nil else { return [] }
        guard PlaybackEnd.isReached(master: masterTime(at: now), pictureEnd: pictureEnd, sound: sound?.progress ?? .absent)
        else { return [] }
        endReported = true
        return send(.reachedEnd, at: now)
    }

    /// Time stood still while the process was stopped (Ctrl-Z): go on from the frame shown.
    func resynchronize(at now: HostTime) {
        clock.set(current?.time ?? clock.time(at: now), at: now)
    }

    /// How long until something is due: the pending frame's time, or, with none taken, the
    /// end of the frame on screen (the queue's arrival wake-up covers frames that come
    /// later, as they do when the decoder skips frames for a PiP window, and the end of a
    /// file is checked then). Nil when nothing is due: paused, or waiting on the decoder.
    func nextDeadline(after now: HostTime) -> Duration? {
        if isSoundOnly { return clock.isRunning ? .milliseconds(100) : nil }
        guard clock.isRunning, !awaitingFirstFrame else { return nil }
        let due = pending?.time ?? current.map { $0.time + $0.duration }
        guard let due else { return nil }
        let ahead = (due - masterTime(at: now)).microseconds
        if pending == nil && ahead <= 0 {
            // Past the frame's end with nothing queued: only the end of the file remains
            // to notice, which a frame arrival does not signal once it is reported. While
            // the sound goes on past the picture, the time shown moves with it.
            guard endOfStream && !endReported && !isStillImage && failure == nil else { return nil }
            let end = PlaybackEnd.time(pictureEnd: pictureEnd, sound: sound?.progress ?? .absent)
            let left = end.map { ($0 - masterTime(at: now)).microseconds } ?? 100_000
            return .microseconds(min(100_000, max(4_000, left)))
        }
        return .microseconds(max(0, ahead))
    }
}
