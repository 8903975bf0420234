import InsetCore

/// An `observe_property` held for one observer (a socket client, a Lua script): which
/// property, whether as text, and the value it was last told. Both the socket's desk and the
/// scripts' read their observations through `MpvObservation.changes`, so a property is
/// compared and sent the same way to either.
///
/// When a change is told: a property set through mpv's IPC is told at once, where it was set
/// (`MpvDesk` calls `changes(…, raised: true)` before the reply); the rest is compared once a
/// turn, and a property whose value moves on its own while playing (`time-pos`,
/// `percent-pos`: `MpvPropertyRow.moves`) at most every `movingInterval` per observer. Told
/// every turn, a script observing `time-pos` woke 60 times a second and cost 0.8 of a core
/// (docs/scripts.md); mpv itself coalesces its property notifications likewise.
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

    /// At most 10 changes a second of a moving property to one observer: a clock that reads
    /// tenths, a progress bar, a skip script's check of the time all keep up.
    public static let movingInterval: Duration = .milliseconds(100)

    public init(name: String, asString: Bool) {
        self.name = name
        self.asString = asString
        moves = MpvPropertyRows.row(named: name)?.moves ?? false
    }

    /// Each observed property read once, however many observe it; a `property-change` to
    /// each observer (only `observer`, when given) whose value changed, the first always, as
    /// in mpv; the value told is kept. A moving property told less than `movingInterval`
    /// before `now` waits, unless the change is `raised` (a set, a seek: told at once); with no
    /// `now`, every change is told (the caller has no clock).
    public static func changes<Observer: Hashable>(_ observations: inout [Observer: [Int: MpvObservation]],
                                                   in state: MpvState, only observer: Observer? = nil,
                                                   at now: HostTime? = nil, raised: Bool = false,
                                                   send: (Observer, JSONValue) -> Void) {
        var values: [String: JSONValue?] = [:]
        for (who, list) in observations where observer == nil || who == observer {
            for (id, observation) in list {
                if observation.moves, !raised, observation.last != nil, let now, let told = observation.toldAt,
                   now.elapsed(since: told) < movingInterval { continue }
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
}
