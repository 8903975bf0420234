import InsetCore
import Testing
@testable import InsetControl

/// A property that moves on its own (`time-pos`) is told at most 10 times a second to each
/// observer; one that changes when something is done (`pause`) as soon as it changes; a
/// raised change (a set) at once, whatever the rate (`MpvObservation.changes`).
@Suite struct MpvObservationRateTests {
    /// One observer of `time-pos` and `pause` through a second of 60 turns, the time moving
    /// each turn and the pause flipping every tenth (raised where it flips, unless
    /// `raisesPause` is false): what it was told, by name.
    static func told(raisedEvery: Int? = nil, clock: Bool = true, raisesPause: Bool = true) -> [String: Int] {
        var observations: [String: [Int: MpvObservation]] = [
            "script": [1: MpvObservation(name: "time-pos", asString: false), 2: MpvObservation(name: "pause", asString: false)],
        ]
        var state = MpvState()
        state.idle = false
        state.duration = 100
        var counts: [String: Int] = [:]
        for turn in 0..<60 {
            var raised = MpvRaisedProperties()
            state.time = Double(turn) / 60
            if turn % 10 == 0 {
                state.paused.toggle()
                if raisesPause { raised.raise(["pause"]) }
            }
            let now = HostTime.milliseconds(UInt64(1000 + turn * 1000 / 60))
            if let raisedEvery, turn % raisedEvery == 0 { raised.raise(["time-pos"]) }
            MpvObservation.changes(&observations, in: state, at: clock ? now : nil, raised: raised) { _, event in
                if case .string(let name)? = event["name"] { counts[name, default: 0] += 1 }
            }
        }
        return counts
    }

    @Test("time-pos moving each of 60 turns of a second is told 10 times; pause each of its 6 changes")
    func movingPropertiesAreBounded() {
        let counts = Self.told()
        #expect(counts["time-pos"] == 10, "told \(counts["time-pos"] ?? 0) times in a second")
        #expect(counts["pause"] == 6)
        #expect(MpvPropertyRows.row(named: "percent-pos")?.moves == true)
        #expect(MpvPropertyRows.row(named: "pause")?.moves == false)
    }

    @Test("a raised change is told at once, past the bound; with no clock every change is told")
    func raisedAndUnclocked() {
        #expect(Self.told(raisedEvery: 3)["time-pos"] ?? 0 >= 20, "every third turn raised")
        #expect(Self.told(clock: false)["time-pos"] == 60)
    }

    /// The turn's comparison of every observed property is gone: a change nobody raised is
    /// not read, so a `pause` flipped without its raise is told once, its first value.
    @Test("pause flipped 6 times and never raised: only its first value is told")
    func unraisedIsNotRead() {
        #expect(Self.told(raisesPause: false)["pause"] == 1)
    }
}
