import Testing
@testable import InsetCore

@Suite("Playback speed: its value, its command, its event")
struct PlaybackSpeedTests {
    @Test("speeds are read as people write them, from 0.25 to 4",
          arguments: [("1.5", 150), ("2x", 200), ("2×", 200), ("150%", 150), ("0.25", 25), ("4", 400), ("1", 100),
                      ("0.75X", 75), ("3.00", 300)])
    func reads(_ text: String, _ hundredths: Int) {
        #expect(PlaybackSpeed(text: text)?.hundredths == hundredths)
    }

    @Test("anything else is refused, a number too long for an Int too", arguments: ["0.2", "5", "4.01", "abc", "-1", "1e2", "", "1.2.3", "nan", "x", "%", " 2", "0x2",
                                               "100000000000000000000", String(repeating: "9", count: 400), "100000000000000000000%"])
    func refuses(_ text: String) {
        #expect(PlaybackSpeed(text: text) == nil)
    }

    @Test("written as the bar says it")
    func written() {
        #expect(PlaybackSpeed(clamping: 150).description == "1.5×")
        #expect(PlaybackSpeed(clamping: 25).description == "0.25×")
        #expect(PlaybackSpeed(clamping: 200).description == "2×")
        #expect(PlaybackSpeed(clamping: 30).number == "0.3")
        #expect(PlaybackSpeed(clamping: 105).number == "1.05")
        #expect(PlaybackSpeed(clamping: 1000) == .fastest)
        #expect(PlaybackSpeed(clamping: 0) == .slowest)
    }

    @Test("up and down step along the ladder; the ends stay; a speed off the ladder goes to its neighbours")
    func ladder() {
        #expect(PlaybackSpeed.normal.faster.hundredths == 125)
        #expect(PlaybackSpeed.normal.slower.hundredths == 75)
        #expect(PlaybackSpeed.fastest.faster == .fastest)
        #expect(PlaybackSpeed.slowest.slower == .slowest)
        #expect(PlaybackSpeed(clamping: 110).faster.hundredths == 125)
        #expect(PlaybackSpeed(clamping: 110).slower.hundredths == 100)
        var speed = PlaybackSpeed.slowest
        var seen = [speed]
        while speed != .fastest { speed = speed.faster; seen.append(speed) }
        #expect(seen == PlaybackSpeed.ladder)
    }

    @Test("media and wall time convert both ways, even at the longest time")
    func arithmetic() {
        let double = PlaybackSpeed(clamping: 200), half = PlaybackSpeed(clamping: 50)
        #expect(double.media(inWall: .seconds(3)) == .seconds(6))
        #expect(half.media(inWall: .seconds(3)) == .seconds(1.5))
        #expect(double.wall(forMedia: .seconds(3)) == .seconds(1.5))
        #expect(PlaybackSpeed(clamping: 150).wall(forMedia: .milliseconds(40)) == MediaTime(microseconds: 26_666))
        #expect(PlaybackSpeed.fastest.media(inWall: .longest).microseconds > MediaTime.longest.microseconds)
        #expect(PlaybackSpeed.slowest.wall(forMedia: .milliseconds(-100)) == .milliseconds(-400))
    }

    @Test("speed commands read and write back", arguments: ["speed up", "speed down", "speed reset", "speed 1.5", "speed 0.25", "speed 4"])
    func commands(_ text: String) throws {
        let command = try Command(parsing: text)
        #expect(command.description == text)
        #expect(try Command(words: command.words) == command)
    }

    @Test("a speed command's values and refusals")
    func commandValues() throws {
        #expect(try Command(parsing: "speed 2x") == .speed(.to(PlaybackSpeed(clamping: 200))))
        #expect(try Command(parsing: "speed +") == .speed(.up))
        do { _ = try Command(parsing: "speed 9"); Issue.record("speed 9 was taken") } catch {
            #expect(error.reason.contains("'9' is not up, down, reset or a speed from 0.25 to 4"), "\(error.reason)")
        }
        #expect(Command.SpeedChange.reset.applied(to: .fastest) == .normal)
        #expect(Command.SpeedChange.up.applied(to: .normal).hundredths == 125)
    }

    @Test("[ ] and Backspace are the speed keys in the player and the window, as in mpv")
    func keys() {
        for context in [KeyBindings.Context.player, .window] {
            #expect(KeyBindings.defaults.command(for: KeyBindings.Trigger(name: "[")!, in: context) == .speed(.down))
            #expect(KeyBindings.defaults.command(for: KeyBindings.Trigger(name: "]")!, in: context) == .speed(.up))
            #expect(KeyBindings.defaults.command(for: KeyBindings.Trigger(name: "Backspace")!, in: context) == .speed(.reset))
        }
    }
}

@Suite("Playback speed in the state machine")
struct SpeedStateMachineTests {
    let faster = PlaybackSpeed(clamping: 200)

    @Test("before the media is ready the speed is kept, then set before play; the start seek comes first")
    func beforeReady() {
        var machine = PlaybackStateMachine(configuration: .init(startPosition: .seconds(30)))
        #expect(machine.send(.setSpeed(faster)) == [])
        #expect(machine.snapshot.speed == faster)
        #expect(machine.send(.mediaReady(fileRange)) == [.seek(to: .seconds(30)), .setSpeed(faster), .play])
    }

    @Test("--speed: the configured speed is set when the media is ready")
    func configured() {
        var machine = PlaybackStateMachine(configuration: .init(speed: faster))
        #expect(machine.snapshot.speed == faster)
        #expect(machine.send(.mediaReady(fileRange)) == [.setSpeed(faster), .play])
        var normal = PlaybackStateMachine()
        #expect(normal.send(.mediaReady(fileRange)) == [.play])
    }

    @Test("in every situation a new speed is one effect and changes nothing else; the same speed is none",
          arguments: Situation.allCases.filter { $0 != .notReady })
    func everywhere(_ situation: Situation) {
        var machine = situation.machine()
        let before = machine.snapshot
        #expect(machine.send(.setSpeed(faster)) == [.setSpeed(faster)])
        var after = machine.snapshot
        #expect(after.speed == faster)
        after.speed = before.speed
        #expect(after == before)
        #expect(machine.send(.setSpeed(faster)) == [])
    }

    @Test("the speed holds across seeks, pause, the end and a restart")
    func holds() {
        var machine = Situation.fullScreenPlaying.machine()
        machine.send(.setSpeed(faster))
        #expect(machine.send(.skip(by: .seconds(15))) == [.seek(to: .seconds(75))])
        #expect(machine.send(.pause) == [.pause])
        #expect(machine.send(.reachedEnd) == [.finished])
        #expect(machine.send(.play) == [.seek(to: .zero), .play])
        #expect(machine.snapshot.speed == faster)
    }
}

@Suite("The playback clock at another speed")
struct SpeedClockTests {
    let t0 = HostTime.milliseconds(1_000)

    @Test("runs at its speed; a change keeps the time gone by; paused, a change moves nothing")
    func runs() {
        var clock = PlaybackClock(at: .seconds(10), host: t0, running: true)
        clock.setSpeed(PlaybackSpeed(clamping: 200), at: t0)
        #expect(clock.time(at: t0.advanced(by: .seconds(1))) == .seconds(12))
        clock.setSpeed(PlaybackSpeed(clamping: 50), at: t0.advanced(by: .seconds(1)))
        #expect(clock.time(at: t0.advanced(by: .seconds(1))) == .seconds(12))
        #expect(clock.time(at: t0.advanced(by: .seconds(3))) == .seconds(13))
        clock.pause(at: t0.advanced(by: .seconds(3)))
        clock.setSpeed(.fastest, at: t0.advanced(by: .seconds(4)))
        #expect(clock.time(at: t0.advanced(by: .seconds(5))) == .seconds(13))
        clock.resume(at: t0.advanced(by: .seconds(5)))
        #expect(clock.time(at: t0.advanced(by: .seconds(6))) == .seconds(17))
        clock.set(.seconds(1), at: t0.advanced(by: .seconds(6)))
        #expect(clock.time(at: t0.advanced(by: .milliseconds(6_500))) == .seconds(3))
    }
}
