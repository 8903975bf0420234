/// An `observe_property` held for one observer (a socket client, a Lua script): which
/// property, whether as text, and the value it was last told. Both the socket's desk and the
/// scripts' read their observations through `MpvObservation.changes`, so a property is
/// compared and sent the same way to either.
public struct MpvObservation: Sendable {
    public var name: String
    public var asString: Bool
    /// Nil before the first event; `.some(nil)` while the property was unavailable.
    public var last: JSONValue??

    public init(name: String, asString: Bool) {
        self.name = name
        self.asString = asString
    }

    /// Each observed property read once, however many observe it; a `property-change` to
    /// each observer (only `observer`, when given) whose value changed, the first always, as
    /// in mpv; the value told is kept.
    public static func changes<Observer: Hashable>(_ observations: inout [Observer: [Int: MpvObservation]],
                                                   in state: MpvState, only observer: Observer? = nil,
                                                   send: (Observer, JSONValue) -> Void) {
        var values: [String: JSONValue?] = [:]
        for (who, list) in observations where observer == nil || who == observer {
            for (id, observation) in list {
                let value = values[observation.name] ?? (try? MpvIPC.value(of: observation.name, in: state).get())
                values[observation.name] = .some(value)
                let said = observation.asString ? value.map { JSONValue.string(MpvIPC.text(of: $0)) } : value
                if let last = observation.last, last == said { continue }
                observations[who]?[id]?.last = .some(said)
                send(who, MpvIPC.propertyChange(id: id, name: observation.name, value: said))
            }
        }
    }
}
