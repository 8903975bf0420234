import InsetCore

/// An `observe_property` held for one observer (a socket client, a Lua script): which
/// property, whether as text, and the value it was last told. Both the socket's desk and the
/// scripts' read their observations through `MpvObservation.changes`, so a property is
/// compared and sent the same way to either.
///
/// When a change is told: when something raises the property (`MpvRaisedProperties`: the
/// command, the session setting, the file's event that changed it, where it happened), at
/// once; a property set through mpv's IPC before that request's reply (`MpvDesk`). A
/// property whose value moves on its own while playing (`time-pos`, `percent-pos`:
/// `MpvPropertyRow.moves`) at most every `movingInterval` per observer, unless raised (a
/// seek); one the player changes as it goes without an event of its own (`core-idle`,
/// `chapter`: `MpvPropertyRow.followsPlayer`) is read each turn, as mpv reads them on its
/// tick. Told every turn, a script observing `time-pos` woke 60 times a second and cost 0.8
/// of a core (docs/scripts.md); mpv itself coalesces its property notifications likewise.
public struct MpvObservation: Sendable {
    public var name: String
    public var asString: Bool
    /// Nil before the first event; `.some(nil)` while the property was unavailable.
    public var last: JSONValue??
    /// When its value was last told; a moving property is not told again before
    /// `movingInterval` has passed.
    public var toldAt: HostTime?
    /// Its row says its value moves on its own (`MpvPropertyRow.moves`).
    let moves: Bool
    /// Its row says the player changes it as it goes (`MpvPropertyRow.followsPlayer`).
    let followsPlayer: Bool

    /// At most 10 changes a second of a moving property to one observer: a clock that reads
    /// tenths, a progress bar, a skip script's check of the time all keep up.
    public static let movingInterval: Duration = .milliseconds(100)

    public init(name: String, asString: Bool) {
        self.name = name
        self.asString = asString
        let row = MpvPropertyRows.row(named: name)
        moves = row?.moves ?? false
        followsPlayer = row?.followsPlayer ?? false
    }

    /// Each observed property that is due read once, however many observe it; a
    /// `property-change` to each observer (only `observer`, when given) whose value changed,
    /// the first always, as in mpv; the value told is kept. Due: not yet told, `raised`, or
    /// following the player; a moving one when `movingInterval` has passed since it was told
    /// (with no `now`, always: the caller has no clock). Nothing else is read.
    public static func changes<Observer: Hashable>(_ observations: inout [Observer: [Int: MpvObservation]],
                                                   in state: MpvState, only observer: Observer? = nil,
                                                   at now: HostTime? = nil, raised: MpvRaisedProperties = MpvRaisedProperties(),
                                                   send: (Observer, JSONValue) -> Void) {
        var values: [String: JSONValue?] = [:]
        for (who, list) in observations where observer == nil || who == observer {
            for (id, observation) in list where observation.isDue(raised: raised, at: now) {
                let value = values[observation.name] ?? (try? MpvIPC.value(of: observation.name, in: state).get())
                values[observation.name] = .some(value)
                let said = observation.asString ? value.map { JSONValue.string(MpvIPC.text(of: $0)) } : value
                if let last = observation.last, last == said { continue }
                observations[who]?[id]?.last = .some(said)
                if let now { observations[who]?[id]?.toldAt = now }
                send(who, MpvIPC.propertyChange(id: id, name: observation.name, value: said))
            }
        }
    }

    private func isDue(raised: MpvRaisedProperties, at now: HostTime?) -> Bool {
        if last == nil || raised.contains(name) || followsPlayer { return true }
        guard moves else { return false }
        guard let now, let toldAt else { return true }
        return now.elapsed(since: toldAt) >= Self.movingInterval
    }
}
