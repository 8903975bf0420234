import InsetCore
import InsetLog

/// Inset on the session bus as an MPRIS media player (`org.mpris.MediaPlayer2.inset.
/// instancePID`): the keyboard's media keys, `playerctl` and the desktop's media widget
/// reach it here. The bus's plumbing is `SessionBus`; what each call means for the player,
/// and each state for the properties, is `MPRISRequest` and `MPRISProperties`. The player
/// is spoken to through two closures a turn: its state now, and the actions to carry out.
///
/// UI thread: the loop calls `serve` once per turn, and polls `descriptor` while it waits.
public final class MediaPlayerService {
    private let bus: SessionBus
    private var signals = MPRISSignals()
    /// When the state is next looked at for the signals, if no call comes first.
    private var nextLook: HostTime?

    /// How often the state is looked at for PropertiesChanged and Seeked when no call came:
    /// it was every turn of the loop, a frame's worth of allocations (the properties,
    /// Metadata's dictionary, the list searched for the neighbours) for widgets that redraw
    /// a few times a second.
    static let lookInterval = Duration.milliseconds(250)

    init(bus: SessionBus) { self.bus = bus }

    /// On the session bus under the player's name; nil, said in one log line, when there is
    /// no session bus (SSH, CI, a console) or the name cannot be had: the player plays on
    /// without it.
    public static func start(pid: Int32) -> MediaPlayerService? {
        do {
            let service = MediaPlayerService(bus: try SessionBus(name: MPRISProperties.busName(pid: pid),
                                                                 path: MPRISProperties.objectPath))
            Log.info("MPRIS: on the session bus as \(MPRISProperties.busName(pid: pid))")
            return service
        } catch .noBus(let why) {
            Log.info("MPRIS: off, no session bus (\(why))")
        } catch {
            Log.info("MPRIS: off, \(error)")
        }
        return nil
    }

    /// The bus's socket, for the loop's poll; nil once the bus has gone.
    public var descriptor: Int32? { bus.descriptor }

    /// Answers the calls that came since the last turn: properties and introspection here,
    /// what acts on the player through `perform`. `state` is asked afresh for each call, so
    /// a call sees what the one before it did. Then tells the bus what changed.
    public func serve(state: () -> MPRISState?, perform: (MPRISAction) -> Void, at now: HostTime) {
        let wasOpen = bus.isOpen
        let calls = bus.takeCalls()
        for call in calls { answer(call, state: state, perform: perform) }
        if wasOpen && !bus.isOpen { Log.info("MPRIS: off, the session bus went away") }
        guard bus.isOpen else { return }
        if calls.isEmpty, let nextLook, now < nextLook { return }
        nextLook = now.advanced(by: Self.lookInterval)
        let due = signals.due(state(), at: now)
        if !due.changed.isEmpty {
            bus.signal(from: MPRISProperties.objectPath, interface: MPRISProperties.properties, member: "PropertiesChanged",
                       [.string(MPRISProperties.player), .dictionary(due.changed), .strings([])])
        }
        if let position = due.seeked {
            bus.signal(from: MPRISProperties.objectPath, interface: MPRISProperties.player, member: "Seeked",
                       [.int64(position.microseconds)])
        }
    }

    /// Leaves the bus (the name goes with the connection).
    public func stop() { bus.close() }

    private func answer(_ call: BusCall, state: () -> MPRISState?, perform: (MPRISAction) -> Void) {
        let arguments = call.arguments
        switch (call.interface, call.member) {
        case (MPRISProperties.introspectable, "Introspect"):
            bus.reply(to: call, [.string(MPRISIntrospection.xml)])
        case (MPRISProperties.properties, "Get"):
            guard arguments.count == 2, case .string(let interface) = arguments[0], case .string(let name) = arguments[1] else {
                return refuse(call, .invalidArguments("Get takes an interface and a property name (ss)"))
            }
            guard let value = MPRISProperties.values(of: interface, state())?.first(where: { $0.key == name })?.value else {
                return refuse(call, MPRISRefusal("org.freedesktop.DBus.Error.UnknownProperty", "no property \(interface).\(name)"))
            }
            bus.reply(to: call, [.variant(value)])
        case (MPRISProperties.properties, "GetAll"):
            guard arguments.count == 1, case .string(let interface) = arguments[0] else {
                return refuse(call, .invalidArguments("GetAll takes an interface name (s)"))
            }
            // The spec: an interface the object does not have has no properties.
            bus.reply(to: call, [.dictionary(MPRISProperties.values(of: interface, state()) ?? [])])
        case (MPRISProperties.properties, "Set"):
            guard arguments.count == 3, case .string(let interface) = arguments[0], case .string(let name) = arguments[1] else {
                return refuse(call, .invalidArguments("Set takes an interface, a property name and a value (ssv)"))
            }
            carryOut(MPRISRequest.setting(interface: interface, property: name, to: arguments[2], state: state()), call, perform)
        default:
            carryOut(MPRISRequest.action(interface: call.interface, member: call.member, arguments: arguments, state: state()),
                     call, perform)
        }
    }

    /// The spec's methods answer at once: what they started shows in the properties.
    private func carryOut(_ result: Result<MPRISAction, MPRISRefusal>, _ call: BusCall, _ perform: (MPRISAction) -> Void) {
        switch result {
        case .success(let action):
            if action != .nothing { perform(action) }
            bus.reply(to: call)
        case .failure(let refusal):
            refuse(call, refusal)
        }
    }

    private func refuse(_ call: BusCall, _ refusal: MPRISRefusal) {
        bus.reply(to: call, error: refusal.name, refusal.message)
    }
}
