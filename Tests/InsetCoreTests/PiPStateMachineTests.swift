import Testing
import InsetCore

/// The PiP life cycle as AVPictureInPictureController's delegate sees it.
@Suite("Picture in picture, as AVKit")
struct PiPStateMachineTests {
    @Test("start: willStart, the enter animation, then didStart", arguments: [true, false])
    func start(playing: Bool) {
        var machine = (playing ? Situation.fullScreenPlaying : .fullScreenPaused).machine()
        #expect(machine.snapshot.pip.isPossible)

        #expect(machine.send(.startPiP, at: .milliseconds(1000)) == [.willStart, .animate(.enter)])
        #expect(machine.snapshot.pip.phase == .starting)
        #expect(machine.snapshot.pip.isActive)
        #expect(machine.snapshot.phaseSince == .milliseconds(1000))

        #expect(machine.send(.animationFinished(.enter), at: .milliseconds(1250)) == [.didStart])
        #expect(machine.snapshot.pip.phase == .active)
        #expect(machine.snapshot.phaseSince == .milliseconds(1250))
        #expect(machine.snapshot.isPlaying == playing, "starting PiP does not change the paused state")
    }

    struct FailedStart: CustomTestStringConvertible, Sendable {
        var allowed: Bool, supported: Bool, ready: Bool, reason: PiPFailure?
        var testDescription: String { "allowed \(allowed), supported \(supported), ready \(ready)" }
    }

    @Test("failedToStart says why PiP is not possible", arguments: [
        FailedStart(allowed: true, supported: true, ready: true, reason: nil),
        FailedStart(allowed: true, supported: false, ready: true, reason: .notSupported),
        FailedStart(allowed: false, supported: true, ready: true, reason: .notAllowed),
        FailedStart(allowed: true, supported: true, ready: false, reason: .mediaNotReady),
        FailedStart(allowed: false, supported: false, ready: false, reason: .notAllowed),
        FailedStart(allowed: true, supported: false, ready: false, reason: .notSupported),
    ])
    func failedStart(_ c: FailedStart) {
        var machine = PlaybackStateMachine(configuration: .init(pipAllowed: c.allowed), pipSupported: c.supported)
        if c.ready { machine.send(.mediaReady(fileRange)) }
        #expect(machine.snapshot.pip.isSupported == c.supported)
        #expect(machine.snapshot.pip.isAllowed == c.allowed)
        #expect(machine.snapshot.pip.isPossible == (c.reason == nil))
        #expect(machine.snapshot.pip.unavailableReason == c.reason)

        let effects = machine.send(.startPiP)
        if let reason = c.reason {
            #expect(effects == [.failedToStart(reason)])
            #expect(machine.snapshot.pip.phase == .inactive)
            #expect(machine.snapshot.presentation == .fullScreen)
        } else {
            #expect(effects == [.willStart, .animate(.enter)])
        }
    }

    @Test("media with sound only: PiP is never possible, and says why; automatic start does not happen")
    func noPicture() {
        var machine = PlaybackStateMachine(configuration: .init(hasPicture: false), pipSupported: true)
        machine.send(.mediaReady(fileRange))
        #expect(machine.snapshot.pip.unavailableReason == .noPicture)
        #expect(machine.send(.startPiP) == [.failedToStart(.noPicture)])
        #expect(machine.snapshot.isPlaying)
        #expect(!machine.send(.leavePlayer).contains(.willStart))
        #expect(machine.snapshot.pip.phase == .inactive)
    }

    @Test("sound that gains a picture (a visualiser turned on) can go into the window; losing it again refuses a new start")
    func pictureChanges() {
        var machine = PlaybackStateMachine(configuration: .init(hasPicture: false), pipSupported: true)
        machine.send(.mediaReady(fileRange))
        #expect(machine.send(.pictureChanged(true)) == [])
        #expect(machine.snapshot.pip.unavailableReason == nil)
        #expect(machine.send(.startPiP) == [.willStart, .animate(.enter)])
        machine.send(.animationFinished(.enter), .closePiP)
        machine.send(.pictureChanged(false))
        #expect(machine.send(.startPiP) == [.failedToStart(.noPicture)])
    }

    @Test("support follows the terminal; an active window stays when it goes")
    func supportChanges() {
        var machine = Situation.active.machine()
        #expect(machine.send(.pipSupportChanged(false)) == [])
        #expect(machine.snapshot.pip.phase == .active)
        #expect(machine.snapshot.pip.unavailableReason == .notSupported)
        machine.send(.restoreFromPiP, .restoreCompleted(true), .animationFinished(.exit))
        #expect(machine.send(.startPiP) == [.failedToStart(.notSupported)])
        machine.send(.pipSupportChanged(true))
        #expect(machine.send(.startPiP) == [.willStart, .animate(.enter)])
    }

    @Test("restore completed true: restoreUserInterface, willStop, the animation back, didStop; playback goes on as it was",
          arguments: [Situation.active, .activePaused])
    func restoreCompletedTrue(_ situation: Situation) {
        var machine = situation.machine()
        let playing = machine.snapshot.isPlaying

        #expect(machine.send(.restoreFromPiP) == [.restoreUserInterface])
        #expect(machine.snapshot.pip.phase == .restoring)
        #expect(machine.send(.restoreCompleted(true)) == [.willStop, .animate(.exit)])
        #expect(machine.snapshot.pip.phase == .stopping)
        #expect(machine.send(.animationFinished(.exit)) == [.didStop])

        #expect(machine.snapshot.pip.phase == .inactive)
        #expect(machine.snapshot.presentation == .fullScreen)
        #expect(machine.snapshot.isPlaying == playing)
        #expect(machine.snapshot.position == .seconds(60))
    }

    @Test("restore completed false: PiP ends at once, without the animation, and playback pauses",
          arguments: [Situation.active, .activePaused])
    func restoreCompletedFalse(_ situation: Situation) {
        var machine = situation.machine()
        let playing = machine.snapshot.isPlaying
        machine.send(.restoreFromPiP)

        let effects = machine.send(.restoreCompleted(false))
        #expect(effects == [.willStop, .didStop] + (playing ? [.pause] : []))
        #expect(!effects.contains(.animate(.exit)))
        #expect(machine.snapshot.presentation == .away)
        #expect(!machine.snapshot.isPlaying)
        #expect(machine.send(.returnToPlayer) == [], "the player comes back paused when opened again")
        #expect(machine.snapshot.presentation == .fullScreen)
    }

    @Test("close: willStop, didStop, and playback pauses")
    func close() {
        var machine = Situation.active.machine()
        #expect(machine.send(.closePiP) == [.willStop, .didStop, .pause])
        #expect(machine.snapshot.pip.phase == .inactive)
        #expect(machine.snapshot.presentation == .away)
        #expect(!machine.snapshot.isPlaying)
        #expect(machine.snapshot.position == .seconds(60))
    }

    struct AutomaticStart: CustomTestStringConvertible, Sendable {
        var playing: Bool, automatic: Bool, allowed: Bool, supported: Bool
        var effects: [PlaybackEffect], presentation: PlayerPresentation
        var testDescription: String { "playing \(playing), auto \(automatic), allowed \(allowed), supported \(supported)" }
    }

    @Test("leaving a playing player starts PiP by itself when allowed, never while paused", arguments: [
        AutomaticStart(playing: true, automatic: true, allowed: true, supported: true,
                       effects: [.willStart, .animate(.enter)], presentation: .pictureInPicture),
        AutomaticStart(playing: false, automatic: true, allowed: true, supported: true, effects: [], presentation: .away),
        AutomaticStart(playing: true, automatic: false, allowed: true, supported: true, effects: [.pause], presentation: .away),
        AutomaticStart(playing: true, automatic: true, allowed: false, supported: true, effects: [.pause], presentation: .away),
        AutomaticStart(playing: true, automatic: true, allowed: true, supported: false, effects: [.pause], presentation: .away),
        AutomaticStart(playing: false, automatic: false, allowed: true, supported: true, effects: [], presentation: .away),
    ])
    func automaticStart(_ c: AutomaticStart) {
        var machine = PlaybackStateMachine(
            configuration: .init(pipAllowed: c.allowed, automaticPiP: c.automatic), pipSupported: c.supported)
        machine.send(.mediaReady(fileRange))
        if !c.playing { machine.send(.pause) }

        #expect(machine.send(.leavePlayer) == c.effects)
        #expect(machine.snapshot.presentation == c.presentation)
        #expect(machine.snapshot.isPlaying == (c.playing && c.presentation == .pictureInPicture))
        if c.presentation == .pictureInPicture {
            #expect(machine.send(.animationFinished(.enter)) == [.didStart])
        }
    }

    @Test("restore asked during the enter animation runs right after didStart")
    func restoreQueuedWhileStarting() {
        var machine = Situation.starting.machine()
        #expect(machine.send(.restoreFromPiP) == [])
        #expect(machine.send(.animationFinished(.enter)) == [.didStart, .restoreUserInterface])
        #expect(machine.send(.restoreCompleted(true)) == [.willStop, .animate(.exit)])
        #expect(machine.send(.animationFinished(.exit)) == [.didStop])
        #expect(machine.snapshot.isPlaying)
    }

    @Test("close asked during the enter animation runs right after didStart")
    func closeQueuedWhileStarting() {
        var machine = Situation.starting.machine()
        #expect(machine.send(.closePiP) == [])
        #expect(machine.send(.animationFinished(.enter)) == [.didStart, .willStop, .didStop, .pause])
        #expect(machine.snapshot.presentation == .away)
    }

    @Test("the last stop request during the enter animation wins")
    func lastQueuedRequestWins() {
        var machine = Situation.starting.machine()
        machine.send(.closePiP, .restoreFromPiP)
        #expect(machine.send(.animationFinished(.enter)) == [.didStart, .restoreUserInterface])
        var other = Situation.starting.machine()
        other.send(.restoreFromPiP, .closePiP)
        #expect(other.send(.animationFinished(.enter)) == [.didStart, .willStop, .didStop, .pause])
    }

    @Test("playback controls act during every PiP phase, and the paused state is what PiP shows",
          arguments: [Situation.starting, .active, .restoring, .stopping])
    func playbackDuringPiP(_ situation: Situation) {
        var machine = situation.machine()
        let phase = machine.snapshot.pip.phase
        #expect(machine.send(.togglePause) == [.pause])
        #expect(!machine.snapshot.isPlaying)
        #expect(machine.send(.skipForward) == [.seek(to: .seconds(75))])
        #expect(machine.send(.togglePause) == [.play])
        #expect(machine.snapshot.pip.phase == phase)
    }

    @Test("--pip starts in PiP as soon as the media is ready, or says why not", arguments: [true, false])
    func startsInPiP(supported: Bool) {
        var machine = PlaybackStateMachine(configuration: .init(startsInPiP: true), pipSupported: supported)
        #expect(machine.send(.startPiP) == [.failedToStart(supported ? .mediaNotReady : .notSupported)])
        let effects = machine.send(.mediaReady(fileRange))
        #expect(effects == [.play] + (supported ? [.willStart, .animate(.enter)] : [.failedToStart(.notSupported)]))
    }

    @Test("a second mediaReady updates the range without starting anything again")
    func secondMediaReady() {
        var machine = PlaybackStateMachine(configuration: .init(startsInPiP: true), pipSupported: true)
        machine.send(.mediaReady(fileRange), .animationFinished(.enter))
        #expect(machine.send(.mediaReady(PlayableRange(start: .zero, end: .seconds(30)))) == [])
        #expect(machine.snapshot.pip.phase == .active)
    }
}
