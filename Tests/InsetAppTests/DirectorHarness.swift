import Foundation
import InsetCore
import InsetRender
@testable import InsetApp
@testable import InsetPlayback

/// A director with no terminal, driven as the loop drives it: keys and mouse events in,
/// ticks, effects out.
///
/// Untimed (the default), as mpv's tests run with `--untimed`: no sound device, and the
/// director's clock is this harness's (`now`), which jumps to the director's next wake-up
/// at each tick unless something is awaited from another thread (a file opening, a frame
/// being decoded); ten seconds of video play as fast as they decode. Timed, the clock is
/// the wall clock and the sound goes to SDL's dummy driver, for what needs a device.
final class DirectorHarness {
    let director: Director
    private(set) var effects: [AppEffect] = []
    static let size = CellSize(columns: 120, rows: 40)
    let timed: Bool
    private var virtualNow: HostTime

    /// `raster` is how the video is drawn (half blocks unless a test needs finer: the
    /// blitter decides which HLS variant is fetched, see `VariantChoice`).
    init(_ options: AppOptions, size: CellSize = DirectorHarness.size, raster: CellRaster = CellRaster(blitter: .half),
         timed: Bool = false, pictures: (any PictureOutput)? = nil, starts: Bool = true) throws {
        // Set for the whole process and never unset: harnesses end while others, in parallel,
        // open their sound (one unsetting it sent another's to ALSA, and no device).
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        var options = options
        if !timed { options.soundDevice = false }
        self.timed = timed
        virtualNow = .now()
        director = try Director(options: options, stage: .init(size: size, videoRaster: raster, pictures: pictures))
        if starts { start() }
    }

    /// The director starts (opens what it was given), as the app's loop does once the
    /// control socket and the scripts are made (`starts: false` leaves it to the test).
    func start() { effects += director.start(at: now) }

    convenience init(paths: [String], shell: [String]? = nil, raster: CellRaster = CellRaster(blitter: .half),
                     timed: Bool = false, configure: (inout AppOptions) -> Void = { _ in }) throws {
        var options = AppOptions(paths: paths, shellCommand: shell)
        configure(&options)
        try self.init(options, raster: raster, timed: timed)
    }

    deinit {
        _ = director.finish(at: now)
    }

    /// The director's clock: the harness's own, or the wall clock when timed.
    var now: HostTime { timed ? .now() : virtualNow }

    /// Untimed: the clock goes on to the director's next wake-up, unless a file is opening
    /// or a video waits for a frame the decoder has not made yet (playing, or after a seek):
    /// then a moment of real time passes for the other thread instead.
    private func advance() {
        guard !timed else { return }
        // Work on other threads the director polls for: a file opening, the library's
        // probes, the details' preview, a screenshot.
        var awaited = director.videos.opening != nil || director.catalog.isProbing
            || director.panes.details.details?.isLoading == true || !director.screenshots.isEmpty
        director.videos.forEach { video in
            // Playing, the next frame: its time is the next deadline, so the clock may not
            // run on before it is known. Paused, the one a seek or a step is on its way to.
            guard video.pipeline != nil, !video.endOfStream, !video.hasPendingFrame else { return }
            if video.snapshot.isPlaying || video.awaitingFirstFrame { awaited = true }
        }
        if awaited { usleep(1_000); return }
        virtualNow = virtualNow.advanced(by: director.wakeUp(after: virtualNow))
    }

    /// A key by the name the config file gives it (`Space`, `S-Left`, `C-]`).
    func key(_ name: String) {
        guard let press = KeyPress(name: name) else { preconditionFailure("no key \(name)") }
        effects += director.handle(.input(.key(press)), at: now)
    }

    func keys(_ names: String...) { for name in names { key(name) } }

    func mouse(_ action: MouseEvent.Action, _ button: MouseEvent.Button = .left, at point: CellPoint) {
        effects += director.handle(.input(.mouse(MouseEvent(action, button, at: point))), at: now)
    }

    func command(_ text: String) throws {
        effects += director.handle(.command(try Command(parsing: text)), at: now)
    }

    func tick() {
        effects += director.handle(.tick, at: now)
        advance()
    }

    /// Ticks until `condition` holds, as the loop would wake; false after `timeout` seconds.
    @discardableResult
    func waitUntil(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            effects += director.handle(.tick, at: now)
            // Checked before the clock runs on: what holds now is what a person sees now.
            if condition() { return true }
            advance()
            if timed { usleep(10_000) }
        }
        return condition()
    }

    /// Untimed: the clock moves on by `duration` (between two presses of a key held down,
    /// say), and the loop ticks once.
    func pass(_ duration: Duration) {
        precondition(!timed, "a timed harness's clock is the wall clock")
        virtualNow = virtualNow.advanced(by: duration)
        effects += director.handle(.tick, at: now)
    }

    /// Ticks with the director's clock stopped until `condition` holds (work on another
    /// thread, a thumbnail being decoded, without the time a held key is let go by passing).
    @discardableResult
    func settle(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            effects += director.handle(.tick, at: now)
            if condition() { return true }
            usleep(2_000)
        }
        return condition()
    }

    /// Ticks for `seconds` of the director's clock, the videos playing.
    func run(for seconds: Double) {
        let end = now.advanced(by: .milliseconds(Int64(seconds * 1000)))
        let deadline = Date(timeIntervalSinceNow: seconds + 10)
        while now < end && Date() < deadline {
            tick()
            if timed { usleep(10_000) }
        }
    }

    /// What is on screen, as the loop would paint it: the planes composed.
    func planes() -> [Plane] {
        var planes: [Plane] = []
        director.compose(into: &planes, at: now)
        return planes
    }

    /// The effects so far, and none after.
    func takeEffects() -> [AppEffect] {
        defer { effects.removeAll() }
        return effects
    }

    // MARK: What a person would see

    var front: Director.Place { director.front }
    var focus: Director.Focus { director.focus }
    var window: PiPWindow? { director.panes.window.pip }
    var fullScreenVideo: String? { director.videos.fullScreen?.name }
    var windowVideo: String? { director.videos.window?.name }
    var isRunning: Bool { director.isRunning }
    var message: String? { director.overlays.message?.text }

    /// The window has finished opening (or closing) and its video is playing there.
    func waitForWindow(timeout: Double = 5) -> Bool {
        waitUntil(timeout: timeout) { window.map { !$0.isAnimating } == true && director.videos.window != nil }
    }

    func waitForNoWindow(timeout: Double = 5) -> Bool {
        waitUntil(timeout: timeout) { window == nil }
    }

    /// A video full screen, its first frame shown.
    func waitForPlayer(_ name: String? = nil, timeout: Double = 8) -> Bool {
        waitUntil(timeout: timeout) {
            front == .player && director.videos.fullScreen?.current != nil && (name == nil || fullScreenVideo == name)
        }
    }

    func time(of video: Playback?) -> Double? { video.map { $0.snapshot.position.seconds } }
}
