import Testing
import InsetCore

/// Every PiP event in every situation, with the exact effects and where the machine ends up.
/// Read a row as "in <situation>, <event> emits <effects> and leaves PiP <phase>, the
/// player <presentation>".
struct PiPTransitionRow: CustomTestStringConvertible, Sendable {
    var situation: Situation
    var event: PlaybackEvent
    var effects: [PlaybackEffect]
    var phase: PiPPhase
    var presentation: PlayerPresentation
    /// Playing afterwards; nil for "as before, unless the effects pause".
    var playing: Bool? = nil
    var testDescription: String { "\(situation.rawValue) + \(event)" }
}

private func row(_ situation: Situation, _ event: PlaybackEvent, _ effects: [PlaybackEffect],
                 _ phase: PiPPhase, _ presentation: PlayerPresentation, playing: Bool? = nil) -> PiPTransitionRow {
    PiPTransitionRow(situation: situation, event: event, effects: effects, phase: phase,
                     presentation: presentation, playing: playing)
}

private let starting: [PlaybackEffect] = [.willStart, .animate(.enter)]

let pipTransitionTable: [PiPTransitionRow] = [
    // startPictureInPicture()
    row(.fullScreenPlaying, .startPiP, starting, .starting, .pictureInPicture),
    row(.fullScreenPaused, .startPiP, starting, .starting, .pictureInPicture),
    row(.away, .startPiP, starting, .starting, .pictureInPicture),
    row(.starting, .startPiP, [.failedToStart(.alreadyActive)], .starting, .pictureInPicture),
    row(.active, .startPiP, [.failedToStart(.alreadyActive)], .active, .pictureInPicture),
    row(.restoring, .startPiP, [.failedToStart(.stopInProgress)], .restoring, .pictureInPicture),
    row(.stopping, .startPiP, [.failedToStart(.stopInProgress)], .stopping, .pictureInPicture),
    // restore button / f / Enter on the window
    row(.fullScreenPlaying, .restoreFromPiP, [.refused(.pipNotActive)], .inactive, .fullScreen),
    row(.fullScreenPaused, .restoreFromPiP, [.refused(.pipNotActive)], .inactive, .fullScreen),
    row(.away, .restoreFromPiP, [.refused(.pipNotActive)], .inactive, .away),
    row(.starting, .restoreFromPiP, [], .starting, .pictureInPicture), // queued until didStart
    row(.active, .restoreFromPiP, [.restoreUserInterface], .restoring, .pictureInPicture),
    row(.activePaused, .restoreFromPiP, [.restoreUserInterface], .restoring, .pictureInPicture),
    row(.restoring, .restoreFromPiP, [], .restoring, .pictureInPicture),
    row(.stopping, .restoreFromPiP, [], .stopping, .pictureInPicture),
    // close button / x
    row(.fullScreenPlaying, .closePiP, [.refused(.pipNotActive)], .inactive, .fullScreen),
    row(.fullScreenPaused, .closePiP, [.refused(.pipNotActive)], .inactive, .fullScreen),
    row(.away, .closePiP, [.refused(.pipNotActive)], .inactive, .away),
    row(.starting, .closePiP, [], .starting, .pictureInPicture), // queued until didStart
    row(.active, .closePiP, [.willStop, .didStop, .pause], .inactive, .away),
    row(.activePaused, .closePiP, [.willStop, .didStop], .inactive, .away),
    row(.restoring, .closePiP, [.refused(.pipTransitionInProgress)], .restoring, .pictureInPicture),
    row(.stopping, .closePiP, [.refused(.pipTransitionInProgress)], .stopping, .pictureInPicture),
    // Esc, the "home" action: automatic start
    row(.fullScreenPlaying, .leavePlayer, starting, .starting, .pictureInPicture),
    row(.fullScreenPaused, .leavePlayer, [], .inactive, .away),
    // before the media is ready nothing runs to pause: only the intent to play is dropped
    row(.notReady, .leavePlayer, [], .inactive, .away, playing: false),
    row(.away, .leavePlayer, [], .inactive, .away),
    row(.starting, .leavePlayer, [], .starting, .pictureInPicture),
    row(.active, .leavePlayer, [], .active, .pictureInPicture),
    row(.restoring, .leavePlayer, [], .restoring, .pictureInPicture),
    row(.stopping, .leavePlayer, [], .stopping, .pictureInPicture),
    // opening the player again
    row(.fullScreenPlaying, .returnToPlayer, [], .inactive, .fullScreen),
    row(.away, .returnToPlayer, [], .inactive, .fullScreen),
    row(.starting, .returnToPlayer, [], .starting, .pictureInPicture),
    row(.active, .returnToPlayer, [.restoreUserInterface], .restoring, .pictureInPicture),
    row(.activePaused, .returnToPlayer, [.restoreUserInterface], .restoring, .pictureInPicture),
    row(.restoring, .returnToPlayer, [], .restoring, .pictureInPicture),
    row(.stopping, .returnToPlayer, [], .stopping, .pictureInPicture),
    // the app's animation reports: only the awaited one counts
    row(.starting, .animationFinished(.enter), [.didStart], .active, .pictureInPicture),
    row(.starting, .animationFinished(.exit), [], .starting, .pictureInPicture),
    row(.stopping, .animationFinished(.exit), [.didStop], .inactive, .fullScreen),
    row(.stopping, .animationFinished(.enter), [], .stopping, .pictureInPicture),
    row(.active, .animationFinished(.enter), [], .active, .pictureInPicture),
    row(.fullScreenPlaying, .animationFinished(.exit), [], .inactive, .fullScreen),
    // the app's completion handler: only while restoring
    row(.restoring, .restoreCompleted(true), [.willStop, .animate(.exit)], .stopping, .pictureInPicture),
    row(.restoring, .restoreCompleted(false), [.willStop, .didStop, .pause], .inactive, .away),
    row(.active, .restoreCompleted(true), [], .active, .pictureInPicture),
    row(.stopping, .restoreCompleted(false), [], .stopping, .pictureInPicture),
    row(.fullScreenPlaying, .restoreCompleted(true), [], .inactive, .fullScreen),
]

@Suite("PiP transitions, state by event")
struct PiPTransitionTableTests {
    @Test(arguments: pipTransitionTable)
    func transition(_ row: PiPTransitionRow) {
        var machine = row.situation.machine()
        let wasPlaying = machine.snapshot.isPlaying
        let effects = machine.handle(row.event, at: .milliseconds(500))
        #expect(effects == row.effects)
        #expect(machine.snapshot.pip.phase == row.phase)
        #expect(machine.snapshot.presentation == row.presentation)
        // Only a stop that leaves no picture pauses; nothing here resumes playback.
        #expect(machine.snapshot.isPlaying == row.playing ?? (wasPlaying && !effects.contains(.pause)))
    }

    /// The pairs of situation and PiP event the table leaves out change nothing: no
    /// delegate call, the same snapshot.
    @Test(arguments: Situation.allCases)
    func everyOtherPairChangesNothing(_ situation: Situation) {
        let pipEvents: [PlaybackEvent] = [
            .startPiP, .restoreFromPiP, .closePiP, .leavePlayer, .returnToPlayer,
            .animationFinished(.enter), .animationFinished(.exit), .restoreCompleted(true), .restoreCompleted(false),
        ]
        for event in pipEvents where !pipTransitionTable.contains(where: { $0.situation == situation && $0.event == event }) {
            var machine = situation.machine()
            let before = machine.snapshot
            let effects = machine.handle(event, at: .milliseconds(500))
            #expect(machine.snapshot == before, "\(event)")
            #expect(effects.allSatisfy { if case .failedToStart = $0 { true } else if case .refused = $0 { true } else { false } }, "\(event): \(effects)")
        }
    }

    /// Every situation answers every event, and whatever it emits is in AVKit's delegate
    /// order, agrees with the snapshot, and keeps the position in range — also two and
    /// three events deep.
    @Test(arguments: Situation.allCases)
    func everyEventSequenceKeepsAVKitOrder(_ situation: Situation) {
        let events: [PlaybackEvent] = [
            .play, .pause, .togglePause, .skipForward, .skipBackward, .seek(to: .seconds(200)),
            .startPiP, .restoreFromPiP, .closePiP, .leavePlayer, .returnToPlayer,
            .animationFinished(.enter), .animationFinished(.exit),
            .restoreCompleted(true), .restoreCompleted(false), .reachedEnd,
            .pipSupportChanged(false), .renderSizeChanged(Viewport(cells: CellSize(columns: 40, rows: 11))),
        ]
        var failures: [String] = []
        var visited = 0
        func explore(_ machine: PlaybackStateMachine, _ checker: AVKitDelegateChecker, _ path: [PlaybackEvent], depth: Int) {
            guard depth > 0 else { return }
            for event in events {
                var next = machine, nextChecker = checker
                let effects = next.handle(event, at: .zero)
                visited += 1
                nextChecker.observe(effects)
                let snapshot = next.snapshot
                var problems = nextChecker.violations
                if nextChecker.phase != snapshot.pip.phase { problems.append("checker \(nextChecker.phase) vs snapshot \(snapshot.pip.phase)") }
                if (snapshot.presentation == .pictureInPicture) != snapshot.pip.isActive { problems.append("presentation \(snapshot.presentation)") }
                if effects.contains(.play) && !snapshot.isPlaying { problems.append("played but paused") }
                if effects.contains(.pause) && snapshot.isPlaying { problems.append("paused but playing") }
                for case .seek(let t) in effects where fileRange.clamp(t) != t { problems.append("seek outside range \(t)") }
                if let range = snapshot.range, range.clamp(snapshot.position) != snapshot.position { problems.append("position outside range") }
                if !problems.isEmpty { failures.append("\(path + [event]): \(problems)"); continue }
                explore(next, nextChecker, path + [event], depth: depth - 1)
            }
        }
        let machine = situation.machine()
        explore(machine, AVKitDelegateChecker(phase: machine.snapshot.pip.phase), [], depth: 3)
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(visited == events.count * (1 + events.count * (1 + events.count)))
    }
}
