import Testing
import InsetCore

/// A two-minute file, so skips near either end clamp.
let fileRange = PlayableRange(start: .zero, end: .seconds(120))

extension PlaybackStateMachine {
    /// Feeds events in order at a made-up time and returns the effects of the last one.
    @discardableResult
    mutating func send(_ events: PlaybackEvent..., at now: HostTime = .zero) -> [PlaybackEffect] {
        var effects: [PlaybackEffect] = []
        for event in events { effects = handle(event, at: now) }
        return effects
    }
}

/// The states the tests drive a machine into, by the same events the app sends.
enum Situation: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case notReady, fullScreenPlaying, fullScreenPaused, away, starting, active, activePaused, restoring, stopping

    var testDescription: String { rawValue }

    /// A ready file at 1:00, PiP supported and allowed, driven into this situation.
    func machine(_ configuration: PlaybackStateMachine.Configuration = .init()) -> PlaybackStateMachine {
        var machine = PlaybackStateMachine(configuration: configuration, pipSupported: true)
        guard self != .notReady else { return machine }
        machine.send(.mediaReady(fileRange), .positionChanged(.seconds(60)))
        switch self {
        case .notReady, .fullScreenPlaying: break
        case .fullScreenPaused: machine.send(.pause)
        case .away: machine.send(.pause, .leavePlayer)
        case .starting: machine.send(.startPiP)
        case .active: machine.send(.startPiP, .animationFinished(.enter))
        case .activePaused: machine.send(.startPiP, .animationFinished(.enter), .pause)
        case .restoring: machine.send(.startPiP, .animationFinished(.enter), .restoreFromPiP)
        case .stopping: machine.send(.startPiP, .animationFinished(.enter), .restoreFromPiP, .restoreCompleted(true))
        }
        return machine
    }
}

/// Follows the effects as an AVPictureInPictureControllerDelegate would see them and
/// records any call out of AVKit's order.
struct AVKitDelegateChecker {
    var phase: PiPPhase = .inactive
    var violations: [String] = []

    mutating func observe(_ effects: [PlaybackEffect]) {
        for effect in effects {
            switch effect {
            case .willStart: expect(phase == .inactive, effect); phase = .starting
            case .animate(.enter): expect(phase == .starting, effect)
            case .didStart: expect(phase == .starting, effect); phase = .active
            case .restoreUserInterface: expect(phase == .active, effect); phase = .restoring
            case .willStop: expect(phase == .active || phase == .restoring, effect); phase = .stopping
            case .animate(.exit): expect(phase == .stopping, effect)
            case .didStop: expect(phase == .stopping, effect); phase = .inactive
            case .failedToStart, .play, .pause, .seek, .finished, .refused, .setRenderSize, .setSpeed: break
            }
        }
    }

    private mutating func expect(_ ok: Bool, _ effect: PlaybackEffect) {
        if !ok { violations.append("\(effect) in phase \(phase)") }
    }
}
