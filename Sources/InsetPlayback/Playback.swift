import Foundation
import InsetCore
import InsetLog
import InsetMedia
import InsetSites

/// One video being played: the media pipeline, the playback state machine, the clock the
/// frames are timed against, and the frame at the head of the queue. It performs the
/// machine's effects on the engine (play, pause, seek, render size) and hands every effect
/// back so the app can do the part that concerns the screen.
///
/// Owned by the UI thread; the decode and scale threads only fill `pipeline.frames`.
///
/// Its jobs are in files by concern: here the state and the engine's part of the machine's
/// effects; `+Frames` takes frames off the queue on time, `+Clock` is the clock they are
/// timed against, `+End` the end of playback, `+Swap` two videos exchanging places,
/// `+Network`, `+Live` and `+Variants` what streams add. The state those files share is
/// internal to the InsetPlayback module, which is that group of files: the app reads what
/// is public and sets only the three it owns (`pictureLead`, `onFirstFrame`, `prefersMuted`);
/// everything else changes through the machine (`send`) or a method here.
public final class Playback {
    public let path: String
    /// The picture's pipeline; nil for a file with sound only. Replaced only when a page's
    /// picture is fetched at another size (`Playback+SiteFormats`).
    public internal(set) var pipeline: VideoPipeline?
    public let info: MediaInfo
    public let range: PlayableRange
    /// The file's chapters (`chapter next` / `previous`, the marks on the progress lines).
    public let chapters: ChapterList
    public internal(set) var machine: PlaybackStateMachine
    var clock: PlaybackClock
    /// The sound, when the file has some and a device opened; its clock is then the master.
    public let sound: SoundTrack?
    /// Why the video plays without sound (no device, undecodable audio), to say once.
    private var soundNotice: String?
    public internal(set) var statistics = PlaybackStatistics()
    /// The file's subtitle tracks; nil when it has none.
    public let subtitles: PlaybackSubtitles?

    /// How early frames are shown, a span of wall time: the latency of their pictures in
    /// pixels (`PictureLatency`), so that the picture, not the hole in the cells, lands with
    /// the sound. Zero in cells. Set by the app each turn.
    public var pictureLead = MediaTime.zero
    /// The frame taken from the queue, waiting for its time.
    var pending: VideoFrame?
    var hasPendingFrame: Bool { pending != nil }
    /// The frame on screen; its picture is kept until the next one replaces it, so the
    /// app can draw it again at once (a resize, an animation step, PiP).
    public internal(set) var current: VideoFrame?
    /// After opening and after each seek the first frame is shown at once and the clock
    /// set to it, whatever the clock said.
    public internal(set) var awaitingFirstFrame = true
    /// Called with the first frame shown after the open and after each seek (mpv's
    /// `playback-restart`, raised where it happens; `Director+Session`).
    public var onFirstFrame: (() -> Void)?
    /// The start of the frame a frame step is on its way to, so steps pressed faster than
    /// the decoder shows them each go one frame further.
    var stepAnchor: MediaTime?
    /// What the machine answered to `note`, for the director (`takeAnswers`).
    private var answers: [PlaybackEffect] = []
    public internal(set) var endOfStream = false
    /// `--end`: the time the file ends at for the player, before its own end.
    public let stopAt: MediaTime?
    public internal(set) var endReported = false
    /// Drops late frames and lightens the decoder when it falls behind the clock.
    var catchUp = CatchUpPolicy()
    /// What the decoder was last told to skip (`steerDecoder`).
    var steeredLightening = DecodeLightening.none
    /// The last frame taken from the queue, to see gaps after it.
    var lastTaken: (time: MediaTime, serial: Int)?
    /// Set while the picture waits for the sound to start (see `masterTime`).
    var waitingForSoundSince: HostTime?
    /// Set while the clock and the sound are stopped for the input (`holdForInput`).
    private(set) var heldForInput = false
    /// Whether the picture is waiting for its input, for the bar (`Playback+Network`).
    public internal(set) var buffering = BufferingWatch()
    /// Set when `buffering` changed since the app last asked (`takeBufferingChange`).
    var bufferingChanged = false
    /// Why the input stopped before its end, said once (`takeCutNotice`).
    var cutNotice: String?
    /// Whether a refused playlist reload was said (it is said once, however many follow).
    var refusalSaid = false

    public init(media: Media, configuration: PlaybackStateMachine.Configuration, pipSupported: Bool, at now: HostTime) {
        path = media.path
        info = media.info
        range = media.info.playableRange
        chapters = ChapterList(media.info.chapters)
        pipeline = media.pipeline
        cover = media.cover
        sound = media.sound
        soundNotice = media.soundNotice
        subtitles = media.subtitles
        // Cut once here: the window's title, the bar, MPRIS and mpv's `media-title` read these.
        title = media.title.map(TitleCut.bounded)
        stopAt = media.end
        name = PrintableText.escaped(TitleCut.bounded(media.title ?? Playback.musicTitle(of: media.info) ?? (media.path as NSString).lastPathComponent))
        site = media.site
        siteFormat = media.siteFormat
        allowance = media.allowance
        if let site = media.site, let pick = media.siteFormat { statistics.variant = Playback.variant(of: pick, in: site) }
        var configuration = configuration
        configuration.hasPicture = media.pipeline != nil
        machine = PlaybackStateMachine(configuration: configuration, pipSupported: pipSupported, at: now)
        clock = PlaybackClock(at: media.info.start, host: now)
    }

    /// A file with sound and no moving picture: the player shows its title (and cover),
    /// time and progress.
    public var isSoundOnly: Bool { pipeline == nil }

    /// The cover picture of a sound file, scaled for the screen it was opened on.
    public let cover: VideoFrame?

    public var snapshot: PlaybackSnapshot { machine.snapshot }
    /// What the video is called, printable: a page's title, else its file name. Made once:
    /// the window's title and the bar draw it every frame.
    public let name: String
    /// The page's title (through yt-dlp); nil for a file or a stream's URL.
    public let title: String?
    /// What may be opened for it and with which headers, as it was opened (`InputAllowance`).
    public let allowance: InputAllowance
    /// The page's video and the formats playing of it, for choosing again at another size.
    let site: SiteVideo?
    var siteFormat: FormatChoice.Pick?
    /// The page's picture at another size, being opened; the render size it is for, and
    /// when the size last changed (a switch waits for it to settle: PiP's animation passes
    /// through many).
    var pictureSwitch: PictureSwitch?
    private(set) var renderSize: Viewport?
    var renderSizeChangedAt: HostTime?

    /// Starts decoding and tells the machine the media is ready (which autoplays).
    public func start(renderSize: Viewport, at now: HostTime) -> [PlaybackEffect] {
        pipeline?.start()
        // The sound decodes ahead of the machine's `.setSpeed` at `mediaReady`: told first,
        // its first samples are already stretched.
        sound?.setSpeed(machine.snapshot.speed)
        sound?.start()
        if isSoundOnly {
            awaitingFirstFrame = false
            if sound != nil { waitingForSoundSince = now } else { statistics.started(at: now) }
        }
        return send(.mediaReady(range), at: now) + send(.renderSizeChanged(renderSize), at: now)
    }

    public func stop() {
        pictureSwitch?.cancel()
        pipeline?.stop()
        sound?.stop()
    }

    /// Says once why the sound stopped or never started; nil when there is nothing to say.
    public func takeSoundNotice() -> String? {
        if let notice = soundNotice { soundNotice = nil; return notice }
        return sound?.takeFailure().map { "\($0); playing without sound" }
    }

    /// Sends `event` to the machine, performs the engine's part of the effects and returns
    /// them all, in order, for the app to do the rest.
    @discardableResult
    public func send(_ event: PlaybackEvent, at now: HostTime) -> [PlaybackEffect] {
        // Whatever the machine is told next, the frame on screen is no longer a step's:
        // `stepFrame` sets the anchor again after its own seek.
        stepAnchor = nil
        let effects = machine.handle(event, at: now)
        performEngineEffects(effects, at: now)
        return effects
    }

    /// Tells the machine what the engine found (the position reached), performs the
    /// engine's part of its answer, and keeps the answer for the director, which hands it
    /// on with `deliver` like any other (`takeAnswers`): no answer of a machine reaches
    /// the screen by another way. Unlike `send`, a frame step's anchor stays.
    func note(_ event: PlaybackEvent, at now: HostTime) {
        let effects = machine.handle(event, at: now)
        performEngineEffects(effects, at: now)
        answers += effects
    }

    /// The machine's answers to what `note` told it, once.
    public func takeAnswers() -> [PlaybackEffect] {
        defer { answers.removeAll() }
        return answers
    }

    /// The user turned this video's sound off (`m`, `--mute`).
    public var prefersMuted = false

    func performEngineEffects(_ effects: [PlaybackEffect], at now: HostTime) {
        for effect in effects {
            switch effect {
            case .play: heldForInput = false; clock.resume(at: now); sound?.play()
            case .pause: heldForInput = false; clock.pause(at: now); sound?.pause()
            case .seek(let target): seekEngine(to: target, at: now)
            case .setRenderSize(let size):
                pipeline?.setViewport(size)
                if size != renderSize { renderSize = size; renderSizeChangedAt = now }
                rescalePausedFrame(to: size, at: now)
            case .setSpeed(let speed): clock.setSpeed(speed, at: now); sound?.setSpeed(speed)
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
    public func decodeCurrentFrameAgain(at now: HostTime) {
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
            note(.positionChanged(target), at: now)
            return
        }
        guard let (serial, _) = pipeline.seek(to: target) else { return }
        // A visualiser reads a demuxer of its own: the sound moves by itself.
        if pipeline.visualizer != nil { sound?.seek(to: target) } else { sound?.follow(serial: serial, target: target) }
        if let image = pending?.image { pipeline.frames.recycle(image) }
        pending = nil
        endOfStream = false
        endReported = false
        awaitingFirstFrame = true
        catchUp.restart(at: now)
        clock.set(target, at: now)
    }

    /// Set when the file turned out to have nothing to show (no picture decodes); the app
    /// then says so in one line, as it would for a file that does not open.
    public internal(set) var failure: MediaError?

    /// A still picture (PNG, JPEG) is shown until the user leaves: it never ends.
    var isStillImage: Bool { info.isStillImage }

    /// Time stood still while the process was stopped (Ctrl-Z): go on from the frame shown.
    public func resynchronize(at now: HostTime) {
        clock.set(current?.time ?? clock.time(at: now), at: now)
    }
}
