import InsetControl
import InsetCore

/// When the scripts are told of the properties that follow the clock (`time-pos`,
/// `percent-pos`…): once a frame, as mpv tells them (its `tick`, raised as a frame is
/// shown), not on every turn of the loop. Read at the turn's own time, `time-pos` is new
/// on every turn, and a script's answer wakes a turn: a script observing `time-pos` and
/// asking anything in its handler (ani-skip's skip.lua asks `time-pos` again) had the
/// loop turn for it without rest, 0.8 of a core of the release build (docs/scripts.md).
/// Every other property is compared on every turn, as before. Which properties move on
/// their own is their row's to say (`MpvPropertyRow.moves`, which the socket's observers'
/// rate reads too), as mpv's tick raises them (player/command.c).
struct ScriptPace {
    /// Whether `name` moves with the clock, not only when something sets it.
    static func followsClock(_ name: String) -> Bool { MpvPropertyRows.row(named: name)?.moves == true }

    private var lastTick: HostTime?

    /// Whether this turn is a tick: a frame's time (`interval`) since the last one.
    mutating func tick(at now: HostTime, interval: Duration) -> Bool {
        if let lastTick, now < lastTick.advanced(by: interval) { return false }
        lastTick = now
        return true
    }

    /// The observations to compare this turn: all on a tick; else those not following the
    /// clock, and any not yet told (the first value goes at once, as in mpv).
    static func due<Observer: Hashable>(_ observations: [Observer: [Int: MpvObservation]],
                                        tick: Bool) -> [Observer: [Int: MpvObservation]] {
        guard !tick else { return observations }
        return observations.mapValues { list in
            list.filter { !followsClock($0.value.name) || $0.value.last == nil }
        }
    }
}
