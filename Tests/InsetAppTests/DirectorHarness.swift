import Foundation
import InsetCore
import InsetRender
@testable import InsetApp

/// A director with no terminal, driven as the loop drives it: keys and mouse events in,
/// ticks as real time passes (the videos play by the clock), effects out. The sound goes
/// to SDL's dummy driver.
final class DirectorHarness {
    let director: Director
    private(set) var effects: [AppEffect] = []
    static let size = CellSize(columns: 120, rows: 40)

    init(_ options: AppOptions, size: CellSize = DirectorHarness.size) throws {
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        director = try Director(options: options, stage: .init(size: size, videoRaster: CellRaster(blitter: .half),
                                                               pictures: nil))
        effects += director.start(at: .now())
    }

    convenience init(paths: [String], shell: [String]? = nil, configure: (inout AppOptions) -> Void = { _ in }) throws {
        var options = AppOptions(paths: paths, shellCommand: shell)
        configure(&options)
        try self.init(options)
    }

    deinit {
        _ = director.finish(at: .now())
        unsetenv("SDL_AUDIODRIVER")
    }

    /// A key by the name the config file gives it (`Space`, `S-Left`, `C-]`).
    func key(_ name: String) {
        guard let press = KeyPress(name: name) else { preconditionFailure("no key \(name)") }
        effects += director.handle(.input(.key(press)), at: .now())
    }

    func keys(_ names: String...) { for name in names { key(name) } }

    func mouse(_ action: MouseEvent.Action, _ button: MouseEvent.Button = .left, at point: CellPoint) {
        effects += director.handle(.input(.mouse(MouseEvent(action, button, at: point))), at: .now())
    }

    func command(_ text: String) throws {
        effects += director.handle(.command(try Command(parsing: text)), at: .now())
    }

    func tick() { effects += director.handle(.tick, at: .now()) }

    /// Ticks until `condition` holds, as the loop would wake; false after `timeout` seconds.
    @discardableResult
    func waitUntil(timeout: Double = 5, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            tick()
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    /// Ticks for `seconds`, the videos playing.
    func run(for seconds: Double) {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline { tick(); usleep(10_000) }
    }

    /// What is on screen, as the loop would paint it: the planes composed.
    func planes() -> [Plane] {
        var planes: [Plane] = []
        director.compose(into: &planes, at: .now())
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
