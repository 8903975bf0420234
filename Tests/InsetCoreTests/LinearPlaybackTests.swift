import Testing
import InsetCore

@Suite("Linear playback (--linear)")
struct LinearPlaybackTests {
    static let ranges = try! LinearRanges(parsing: "0:00-0:30,1:00-1:10")

    struct Case: CustomTestStringConvertible, Sendable {
        var at: Double, linear: Bool
        var testDescription: String { "at \(at)s" }
    }

    @Test("skips are refused inside a range and allowed outside", arguments: [
        Case(at: 0, linear: true), Case(at: 10, linear: true), Case(at: 29.9, linear: true),
        Case(at: 30, linear: false), Case(at: 45, linear: false), Case(at: 60, linear: true),
        Case(at: 69.99, linear: true), Case(at: 70, linear: false), Case(at: 100, linear: false),
    ])
    func skipInsideAndOutside(_ c: Case) {
        var machine = Situation.fullScreenPlaying.machine(.init(linear: Self.ranges))
        machine.send(.positionChanged(.seconds(c.at)))
        #expect(machine.snapshot.isLinear == c.linear)
        #expect(machine.snapshot.canSkip == !c.linear, "controls draw the skips greyed")
        #expect(PiPControl.skipBackward.isEnabled(in: machine.snapshot) == (!c.linear && c.at > 0))
        let backward = machine.send(.skipBackward)
        if c.linear {
            #expect(backward == [.refused(.linearPlayback)])
            #expect(machine.send(.skipForward) == [.refused(.linearPlayback)])
            #expect(machine.send(.seek(to: .seconds(100))) == [.refused(.linearPlayback)], "progress-bar clicks too")
            #expect(machine.snapshot.position == .seconds(c.at))
        } else {
            #expect(backward == [.seek(to: .seconds(max(0, c.at - 15)))])
        }
    }

    @Test("a forward jump from outside stops at the start of the next range instead of passing it")
    func forwardJumpStopsAtRange() {
        var machine = Situation.fullScreenPlaying.machine(.init(linear: Self.ranges))
        machine.send(.positionChanged(.seconds(50)))
        #expect(machine.send(.skipForward) == [.seek(to: .seconds(60))])
        #expect(machine.send(.skipForward) == [.refused(.linearPlayback)])
        machine.send(.positionChanged(.seconds(40)))
        #expect(machine.send(.seek(to: .seconds(110))) == [.seek(to: .seconds(60))])
    }

    @Test("a backward jump may land inside a range (watching it again)")
    func backwardIntoRange() {
        var machine = Situation.fullScreenPlaying.machine(.init(linear: Self.ranges))
        machine.send(.positionChanged(.seconds(80)))
        #expect(machine.send(.skipBackward) == [.seek(to: .seconds(65))])
        #expect(machine.snapshot.isLinear)
    }

    @Test("--linear without ranges refuses every skip; pause and PiP still work")
    func linearEverywhere() {
        var machine = Situation.fullScreenPlaying.machine(.init(linear: .all))
        #expect(machine.send(.skipForward) == [.refused(.linearPlayback)])
        #expect(machine.send(.skipBackward) == [.refused(.linearPlayback)])
        #expect(machine.snapshot.skipDisabledReason == .linearPlayback)
        #expect(machine.send(.pause) == [.pause])
        #expect(machine.send(.startPiP) == [.willStart, .animate(.enter)])
    }

    @Test("--start and --loop are not skips: linear playback does not refuse them")
    func startAndLoopAreNotSkips() {
        var machine = PlaybackStateMachine(configuration: .init(loops: true, linear: .all, startPosition: .seconds(30)))
        #expect(machine.send(.mediaReady(fileRange)) == [.seek(to: .seconds(30)), .play])
        #expect(machine.send(.reachedEnd) == [.seek(to: .zero)])
    }
}

@Suite("LinearRanges(parsing:)")
struct LinearRangesParsingTests {
    struct Good: CustomTestStringConvertible, Sendable {
        var text: String, spans: [LinearRanges.Span]
        var testDescription: String { "'\(text)'" }
    }

    static func span(_ a: Double, _ b: Double?) -> LinearRanges.Span {
        LinearRanges.Span(start: .seconds(a), end: b.map { .seconds($0) })
    }

    @Test(arguments: [
        Good(text: "0:00-0:30,1:00-1:10", spans: [span(0, 30), span(60, 70)]),
        Good(text: " 1:00-1:10 , 0:00-0:30 ", spans: [span(0, 30), span(60, 70)]),
        Good(text: "0:10-0:20,0:15-0:40", spans: [span(10, 40)]),
        Good(text: "0:10-0:20,0:20-0:30", spans: [span(10, 30)]),
        Good(text: "1:00-", spans: [span(60, nil)]),
        Good(text: "-0:30", spans: [span(0, 30)]),
        Good(text: "0:30-1:00,0:45-", spans: [span(30, nil)]),
        Good(text: "1:00:00-1:00:30.5", spans: [span(3600, 3630.5)]),
        Good(text: "90-100", spans: [span(90, 100)]),
        Good(text: "all", spans: [span(0, nil)]),
    ])
    func parses(_ c: Good) throws {
        let ranges = try LinearRanges(parsing: c.text)
        #expect(ranges.spans == c.spans)
    }

    @Test(arguments: ["", "  ", "0:30", "abc-0:30", "0:30-xyz", "0:30-0:10", "0:30-0:30", "-", "0:10-0:20,,0:30-0:40", "0:10-0:20-0:30", "-1:00-0:10"])
    func rejects(_ text: String) {
        #expect(throws: LinearRanges.ParseError.self) { try LinearRanges(parsing: text) }
    }

    @Test func errorIsOneLineNamingTheItem() {
        do {
            _ = try LinearRanges(parsing: "0:00-0:30,1:10-1:00")
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "invalid linear range '1:10-1:00': the end is not after the start")
        }
    }

    @Test func containsIsHalfOpen() throws {
        let ranges = try LinearRanges(parsing: "0:10-0:20")
        #expect(!ranges.contains(.seconds(9.999)))
        #expect(ranges.contains(.seconds(10)))
        #expect(ranges.contains(.seconds(19.999)))
        #expect(!ranges.contains(.seconds(20)))
        #expect(LinearRanges.none.contains(.zero) == false)
        #expect(LinearRanges.all.contains(.seconds(1e6)))
        #expect(ranges.description == "0:10-0:20")
    }
}
