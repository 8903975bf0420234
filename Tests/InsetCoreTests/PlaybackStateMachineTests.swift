import Testing
import InsetCore

@Suite("Playback")
struct PlaybackStateMachineTests {
    @Test("the first mediaReady plays (autoplay) and seeks to --start")
    func mediaReady() {
        var machine = PlaybackStateMachine()
        #expect(machine.snapshot.isMediaReady == false)
        #expect(machine.send(.mediaReady(fileRange)) == [.play])
        #expect(machine.snapshot.position == .zero)

        var paused = PlaybackStateMachine(configuration: .init(autoplay: false))
        #expect(paused.send(.mediaReady(fileRange)) == [])
        #expect(!paused.snapshot.isPlaying)

        var started = PlaybackStateMachine(configuration: .init(startPosition: .seconds(500)))
        #expect(started.send(.mediaReady(fileRange)) == [.seek(to: .seconds(120)), .play], "clamped to the end")
    }

    @Test("before the media is ready, play and pause record the intent and skips are refused")
    func beforeReady() {
        var machine = PlaybackStateMachine()
        #expect(machine.send(.pause) == [])
        #expect(machine.send(.skipForward) == [.refused(.mediaNotReady)])
        #expect(machine.send(.seek(to: .seconds(5))) == [.refused(.mediaNotReady)])
        #expect(machine.snapshot.skipDisabledReason == .mediaNotReady)
        #expect(machine.send(.mediaReady(fileRange)) == [], "paused before ready: stays paused")
        #expect(machine.send(.play) == [.play])
    }

    struct Toggle: CustomTestStringConvertible, Sendable {
        var playing: Bool, event: PlaybackEvent, effects: [PlaybackEffect], playingAfter: Bool
        var testDescription: String { "\(playing ? "playing" : "paused") + \(event)" }
    }

    @Test("pause and resume", arguments: [
        Toggle(playing: true, event: .pause, effects: [.pause], playingAfter: false),
        Toggle(playing: true, event: .play, effects: [], playingAfter: true),
        Toggle(playing: true, event: .togglePause, effects: [.pause], playingAfter: false),
        Toggle(playing: false, event: .play, effects: [.play], playingAfter: true),
        Toggle(playing: false, event: .pause, effects: [], playingAfter: false),
        Toggle(playing: false, event: .togglePause, effects: [.play], playingAfter: true),
    ])
    func pauseAndResume(_ c: Toggle) {
        var machine = (c.playing ? Situation.fullScreenPlaying : .fullScreenPaused).machine()
        #expect(machine.send(c.event) == c.effects)
        #expect(machine.snapshot.isPlaying == c.playingAfter)
    }

    struct Skip: CustomTestStringConvertible, Sendable {
        var from: Double, event: PlaybackEvent, to: Double?
        var testDescription: String { "at \(from)s \(event)" }
    }

    @Test("skips and seeks are clamped to the file's range", arguments: [
        Skip(from: 60, event: .skipForward, to: 75),
        Skip(from: 60, event: .skipBackward, to: 45),
        Skip(from: 110, event: .skipForward, to: 120),
        Skip(from: 5, event: .skipBackward, to: 0),
        Skip(from: 0, event: .skipBackward, to: nil),
        Skip(from: 120, event: .skipForward, to: nil),
        Skip(from: 60, event: .seek(to: .seconds(-3)), to: 0),
        Skip(from: 60, event: .seek(to: .seconds(90)), to: 90),
        Skip(from: 60, event: .seek(to: .seconds(60)), to: nil),
        Skip(from: 60, event: .seek(to: .seconds(1000)), to: 120),
    ])
    func clamping(_ c: Skip) {
        var machine = Situation.fullScreenPlaying.machine()
        machine.send(.positionChanged(.seconds(c.from)))
        let effects = machine.send(c.event)
        if let to = c.to {
            #expect(effects == [.seek(to: .seconds(to))])
            #expect(machine.snapshot.position == .seconds(to))
        } else {
            #expect(effects == [], "nothing to move: no seek")
        }
    }

    @Test("skips from a range that does not start at zero stop at its start")
    func offsetRange() {
        var machine = PlaybackStateMachine()
        machine.send(.mediaReady(PlayableRange(start: .seconds(10), end: .seconds(70))), .positionChanged(.seconds(20)))
        #expect(machine.send(.skipBackward) == [.seek(to: .seconds(10))])
        #expect(!machine.snapshot.canSkipBackward)
    }

    @Test("a second skip before a frame arrives adds to the first")
    func consecutiveSkips() {
        var machine = Situation.fullScreenPlaying.machine()
        #expect(machine.send(.skipForward) == [.seek(to: .seconds(75))])
        #expect(machine.send(.skipForward) == [.seek(to: .seconds(90))])
        machine.send(.positionChanged(.seconds(90.04)))
        #expect(machine.send(.skipBackward) == [.seek(to: .seconds(75.04))])
    }

    @Test("live input: forward skips stop at the newest frame, there is no end")
    func live() {
        let live = PlayableRange(start: .zero, end: nil)
        var machine = PlaybackStateMachine()
        machine.send(.mediaReady(live))
        #expect(machine.snapshot.isLive)
        machine.send(.positionChanged(.seconds(95)), .newestFrameChanged(.seconds(100)))
        #expect(machine.snapshot.canSkipForward)
        #expect(machine.send(.skipForward) == [.seek(to: .seconds(100))])
        #expect(machine.send(.skipForward) == [], "already at the newest frame")
        #expect(!machine.snapshot.canSkipForward)
        #expect(machine.send(.seek(to: .seconds(3600))) == [])
        #expect(machine.send(.skipBackward) == [.seek(to: .seconds(85))])
        machine.send(.newestFrameChanged(.seconds(130)))
        #expect(machine.send(.skipForward) == [.seek(to: .seconds(100))])
    }

    @Test("live input with no newest frame reported yet: the shown frame is the limit")
    func liveWithoutNewest() {
        var machine = PlaybackStateMachine()
        machine.send(.mediaReady(PlayableRange(start: .zero, end: nil)), .positionChanged(.seconds(40)))
        #expect(machine.snapshot.newestFrame == .seconds(40), "the frame shown is at least the newest")
        #expect(machine.send(.skipForward) == [])
        #expect(machine.send(.skipBackward) == [.seek(to: .seconds(25))])
    }

    @Test("end of media: --loop seeks to the start and keeps playing", arguments: [true, false])
    func reachedEnd(loops: Bool) {
        var machine = PlaybackStateMachine(configuration: .init(loops: loops))
        machine.send(.mediaReady(fileRange), .positionChanged(.seconds(119.9)))
        let effects = machine.send(.reachedEnd)
        if loops {
            #expect(effects == [.seek(to: .zero)])
            #expect(machine.snapshot.isPlaying)
            #expect(!machine.snapshot.isFinished)
        } else {
            #expect(effects == [.finished])
            #expect(!machine.snapshot.isPlaying)
            #expect(machine.snapshot.isFinished)
            #expect(machine.snapshot.position == .seconds(120))
            #expect(machine.send(.reachedEnd) == [], "reported once")
            #expect(machine.send(.play) == [.seek(to: .zero), .play], "play after the end starts over")
            #expect(!machine.snapshot.isFinished)
        }
    }

    @Test("a live stream cannot loop: its end finishes")
    func liveEndFinishes() {
        var machine = PlaybackStateMachine(configuration: .init(loops: true))
        machine.send(.mediaReady(PlayableRange(start: .zero, end: nil)), .positionChanged(.seconds(30)))
        #expect(machine.send(.reachedEnd) == [.finished])
    }

    @Test("--loop-file=2 plays the file again twice, then finishes")
    func loopCount() {
        var configuration = PlaybackStateMachine.Configuration(loops: true)
        configuration.loopCount = 2
        var machine = PlaybackStateMachine(configuration: configuration)
        machine.send(.mediaReady(PlayableRange(start: .zero, end: .seconds(10))), .positionChanged(.seconds(10)))
        #expect(machine.send(.reachedEnd) == [.seek(to: .zero)])
        machine.send(.positionChanged(.seconds(10)))
        #expect(machine.send(.reachedEnd) == [.seek(to: .zero)])
        machine.send(.positionChanged(.seconds(10)))
        #expect(machine.send(.reachedEnd) == [.finished])
    }

    @Test("a skip back from the end leaves the finished state")
    func skipAfterEnd() {
        var machine = Situation.fullScreenPlaying.machine()
        machine.send(.reachedEnd)
        #expect(machine.send(.skipBackward) == [.seek(to: .seconds(105))])
        #expect(!machine.snapshot.isFinished)
        #expect(machine.send(.play) == [.play])
    }

    @Test("the decoder is rescaled only when the render size changes")
    func renderSize() {
        var machine = Situation.fullScreenPlaying.machine()
        let full = Viewport(cells: CellSize(columns: 200, rows: 56))
        let window = Viewport(cells: CellSize(columns: 48, rows: 14))
        let sharper = Viewport(cells: window.cells, raster: CellRaster(blitter: .octant))
        #expect(machine.send(.renderSizeChanged(full)) == [.setRenderSize(full)])
        #expect(machine.send(.renderSizeChanged(full)) == [])
        #expect(machine.send(.renderSizeChanged(window)) == [.setRenderSize(window)])
        #expect(machine.send(.renderSizeChanged(sharper)) == [.setRenderSize(sharper)], "same cells, more pixels")
        #expect(machine.send(.renderSizeChanged(Viewport(cells: .zero))) == [], "an empty size is not decoded at")
        #expect(machine.send(.renderSizeChanged(full)) == [.setRenderSize(full)])
        #expect(machine.snapshot.renderSize == full)
    }
}

@Suite("Snapshot helpers and host time")
struct PlaybackSnapshotTests {
    @Test("a progress-bar click maps to a time, and the position to a fraction", arguments: [
        (0.0, 0.0), (0.5, 60.0), (1.0, 120.0), (-2.0, 0.0), (3.0, 120.0), (Double.nan, 0.0),
    ])
    func progress(_ fraction: Double, _ seconds: Double) {
        var machine = Situation.fullScreenPlaying.machine()
        #expect(machine.snapshot.progressFraction == 0.5)
        let time = machine.snapshot.time(atProgress: fraction)
        #expect(time == .seconds(seconds))
        if let time, time != machine.snapshot.position {
            #expect(machine.send(.seek(to: time)) == [.seek(to: time)])
        }
    }

    @Test("the live progress bar spans the start to the newest frame; nothing before the media is ready")
    func liveProgress() {
        var machine = PlaybackStateMachine()
        #expect(machine.snapshot.time(atProgress: 0.5) == nil)
        #expect(machine.snapshot.progressFraction == 0)
        machine.send(.mediaReady(PlayableRange(start: .zero, end: nil)), .newestFrameChanged(.seconds(80)), .positionChanged(.seconds(20)))
        #expect(machine.snapshot.progressFraction == 0.25)
        #expect(machine.snapshot.time(atProgress: 0.5) == .seconds(40))
    }

    @Test func hostTime() {
        let t = HostTime.milliseconds(1500)
        #expect(t.advanced(by: .milliseconds(250)) == .milliseconds(1750))
        #expect(t.advanced(by: .milliseconds(-2000)) == .zero)
        #expect(t.elapsed(since: .milliseconds(500)) == .seconds(1))
        #expect(HostTime.milliseconds(500).elapsed(since: t) == .zero)
    }
}
