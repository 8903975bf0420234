import InsetCore

/// What the bus is told as the player goes: PropertiesChanged with the Player properties
/// that changed since the last turn, and Seeked when the position jumped rather than ran
/// (a seek from a key, the control socket or MPRIS itself). Position is never in
/// PropertiesChanged: the spec has clients extrapolate it from Rate, and Seeked corrects
/// them. Pure: the app asks once a turn, with the time.
public struct MPRISSignals {
    /// What the last turn published, Position left out.
    private var published: [BusEntry]?
    /// The last turn's track, position and how fast it ran then (0 when not playing).
    private var last: (track: String, position: MediaTime, at: HostTime, rate: Double)?

    /// A position further than this from where the last turn's would have run to is a seek.
    /// Frame steps and the clock's jitter between turns stay under it.
    public static let seekTolerance = MediaTime(microseconds: 500_000)

    public init() {}

    public struct Due: Equatable, Sendable {
        /// The properties whose values changed, with their new values (PropertiesChanged).
        public var changed: [BusEntry]
        /// The new position, when it jumped (Seeked).
        public var seeked: MediaTime?

        public init(changed: [BusEntry], seeked: MediaTime?) { self.changed = changed; self.seeked = seeked }
    }

    public mutating func due(_ state: MPRISState?, at now: HostTime) -> Due {
        let values = MPRISProperties.playerValues(state).filter { $0.key != "Position" }
        var changed: [BusEntry] = []
        if let published {
            changed = values.filter { entry in published.first { $0.key == entry.key }?.value != entry.value }
        }
        published = values
        var seeked: MediaTime?
        if let state {
            let position = state.position
            // A position that did not move is a stall (buffering, the next file opening
            // while the last state holds), not a seek.
            if let last, last.track == state.trackID, position != last.position {
                let ran = MediaTime(seconds: MediaTime(now.elapsed(since: last.at)).seconds * last.rate)
                let expected = last.position + ran
                if abs((position - expected).microseconds) > Self.seekTolerance.microseconds { seeked = position }
            }
            last = (state.trackID, position, now, state.status == .playing ? state.speed.factor : 0)
        } else {
            last = nil
        }
        return Due(changed: changed, seeked: seeked)
    }
}
