import Foundation
import InsetCore
import InsetMedia
import InsetRender
import InsetTerminal

/// The full-screen player: wires the media pipeline, the playback state machine, the
/// painter and the terminal, and runs the UI loop.
///
/// Threads: everything here runs on the UI thread (the main thread), which owns the
/// terminal, the planes, the painter and the state machine. The decode thread only fills
/// `pipeline.frames`; frames cross over there, each with its seek serial.
public final class Player {
    let options: PlayerOptions
    let session: TerminalSession
    let pipeline: VideoPipeline
    var machine: PlaybackStateMachine
    var clock: PlaybackClock
    let painter: FramePainter

    var video = VideoLayer()
    var controls = Plane(size: .zero, zIndex: 10, fill: Cell(" ", style: ControlBar.normal), isOpaque: true)
    var overlay = Plane(size: .zero, zIndex: 20)
    var planes: [Plane] = []

    /// The frame taken from the queue and waiting for its time.
    var pending: VideoFrame?
    /// The frame on screen; its picture is kept until the next one replaces it, so a
    /// resize can draw it again at once.
    var current: VideoFrame?
    /// After opening and after each seek the first frame is shown at once and the clock
    /// set to it, whatever the clock said.
    var awaitingFirstFrame = true
    var endOfStream = false
    var endReported = false
    var running = true
    var needsPaint = true
    var terminationSignal: Int32?

    var controlsHideAt: HostTime
    var helpVisible = false
    var message: (text: String, until: HostTime)?
    var statistics = PlaybackStatistics()

    static let controlsTimeout = Duration.seconds(3)

    /// Opens the file (errors come before the terminal is taken, so they print cleanly),
    /// then the terminal.
    public init(options: PlayerOptions) throws {
        self.options = options
        let source = try MediaSource(path: options.path)
        try source.requireVideo()
        let session = try TerminalSession()
        self.session = session
        let now = HostTime.now()
        pipeline = try VideoPipeline(source: source, options: .init(
            threads: options.threads, queueCapacity: 4, viewport: session.size.halfBlockPixels))
        machine = PlaybackStateMachine(configuration: .init(
            pipAllowed: options.pipAllowed, automaticPiP: options.automaticPiP, loops: options.loop,
            linear: options.linear, startPosition: options.start), pipSupported: false, at: now)
        clock = PlaybackClock(at: source.info.start, host: now)
        painter = FramePainter(colorMode: options.colorMode ?? session.colorMode)
        controlsHideAt = now.advanced(by: Player.controlsTimeout)
        planes.reserveCapacity(8)
    }

    /// Plays until the user quits, the file ends (unless looping) or a signal arrives; the
    /// terminal is restored before this returns.
    public func run() -> PlaybackSummary {
        defer {
            pipeline.stop()
            session.restore()
        }
        let now = HostTime.now()
        perform(machine.handle(.mediaReady(pipeline.range), at: now), at: now)
        perform(machine.handle(.renderSizeChanged(session.size.halfBlockPixels), at: now), at: now)
        layout()
        pipeline.start()
        while running {
            let now = HostTime.now()
            advanceFrames(at: now)
            checkEnd(at: now)
            expireOverlays(at: now)
            if needsPaint && running { paint(at: now) }
            guard running else { break }
            for event in session.nextEvents(timeout: wakeUp(after: now)) {
                handle(event, at: HostTime.now())
            }
        }
        return statistics.summary(signal: terminationSignal, endedAt: HostTime.now())
    }

    /// Performs the state machine's effects, in order.
    func perform(_ effects: [PlaybackEffect], at now: HostTime) {
        for effect in effects {
            switch effect {
            case .play:
                clock.resume(at: now)
            case .pause:
                clock.pause(at: now)
            case .seek(let target):
                seekEngine(to: target, at: now)
            case .finished:
                running = false
            case .refused(let reason):
                show(message: reason.description, at: now)
            case .setRenderSize(let size):
                pipeline.setViewport(size)
            case .failedToStart(let failure):
                // PiP arrives with its own issue; until then the machine is told the
                // terminal cannot show it, and the user is told plainly.
                show(message: failure == .notSupported ? "picture in picture is not available yet" : failure.description, at: now)
            case .willStart, .animate, .didStart, .restoreUserInterface, .willStop, .didStop:
                break
            }
        }
        needsPaint = true
    }

    func seekEngine(to target: MediaTime, at now: HostTime) {
        guard pipeline.seek(to: target) != nil else { return }
        if let image = pending?.image { pipeline.frames.recycle(image) }
        pending = nil
        endOfStream = false
        endReported = false
        awaitingFirstFrame = true
        clock.set(target, at: now)
    }

    /// How long the loop may sleep in `nextEvents`: until the pending frame is due, the
    /// controls hide or a message expires; briefly while waiting on the decoder.
    func wakeUp(after now: HostTime) -> Duration {
        var wait = Duration.milliseconds(250)
        if clock.isRunning || awaitingFirstFrame {
            if let pending, !awaitingFirstFrame {
                let ahead = (pending.time - clock.time(at: now)).microseconds
                wait = min(wait, .microseconds(max(0, ahead)))
            } else {
                // Nothing decoded yet: the queue has no way to wake this thread, so poll.
                wait = min(wait, .milliseconds(4))
            }
        }
        if controlsVisible(at: now) { wait = min(wait, controlsHideAt.elapsed(since: now) + .milliseconds(1)) }
        if let message { wait = min(wait, message.until.elapsed(since: now) + .milliseconds(1)) }
        return wait
    }
}
