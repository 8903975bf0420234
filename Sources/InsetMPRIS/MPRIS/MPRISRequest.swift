import InsetCore

/// What an MPRIS call asks of the player: commands of the command table, carried out as a
/// key's or the control socket's are (ARCHITECTURE.md, "The path of a key"), or a file to
/// open. Pure: `MPRISRequest.action` decides, the app carries it out.
public struct MPRISAction: Equatable, Sendable {
    public var commands: [Command]
    /// A file's path or a URL to play (`OpenUri`).
    public var open: String?
    /// `Stop`: the player reports Stopped until it plays again.
    public var stops: Bool

    public init(_ commands: [Command] = [], open: String? = nil, stops: Bool = false) {
        self.commands = commands; self.open = open; self.stops = stops
    }

    /// A call the spec says has no effect in this state (Next at the last file).
    public static let nothing = MPRISAction()
}

/// Why a call is answered with an error: the D-Bus error's name and its message.
public struct MPRISRefusal: Error, Equatable, Sendable {
    public var name: String
    public var message: String

    public init(_ name: String, _ message: String) { self.name = name; self.message = message }

    static func invalidArguments(_ message: String) -> MPRISRefusal {
        MPRISRefusal("org.freedesktop.DBus.Error.InvalidArgs", message)
    }
}

public enum MPRISRequest {
    /// The action a method of org.mpris.MediaPlayer2 or its Player asks for, with `state`
    /// the player's now (nil: nothing plays).
    public static func action(interface: String, member: String, arguments: [BusValue],
                              state: MPRISState?) -> Result<MPRISAction, MPRISRefusal> {
        switch (interface, member) {
        case (MPRISProperties.root, "Raise"): return .success(.nothing)
        case (MPRISProperties.root, "Quit"): return .success(MPRISAction([.quit]))
        case (MPRISProperties.player, _): return playerAction(member, arguments, state)
        default:
            return .failure(MPRISRefusal("org.freedesktop.DBus.Error.UnknownMethod", "no method \(interface).\(member)"))
        }
    }

    private static func playerAction(_ member: String, _ arguments: [BusValue],
                                     _ state: MPRISState?) -> Result<MPRISAction, MPRISRefusal> {
        switch member {
        // Stopped (at the end, or by Stop), PlayPause plays, as Play does.
        case "PlayPause": return .success(MPRISAction([.pause(state?.status == .stopped ? false : nil)]))
        case "Play": return .success(MPRISAction([.pause(false)]))
        case "Pause": return .success(MPRISAction([.pause(true)]))
        case "Stop":
            guard let state else { return .success(.nothing) }
            return .success(MPRISAction([.pause(true), .seekTo(state.start)], stops: true))
        case "Next": return .success(state?.canGoNext == true ? MPRISAction([.playlist(.next)]) : .nothing)
        case "Previous": return .success(state?.canGoPrevious == true ? MPRISAction([.playlist(.previous)]) : .nothing)
        case "Seek":
            guard arguments.count == 1, case .int64(let offset) = arguments[0] else {
                return .failure(.invalidArguments("Seek takes an offset in microseconds (x)"))
            }
            guard let state, state.canSeek else { return .success(.nothing) }
            // Any Int64 may come: held within the times the player's sums are safe in.
            return .success(MPRISAction([.seek(by: MediaTime(clampingMicroseconds: offset))]))
        case "SetPosition":
            guard arguments.count == 2, case .objectPath(let track) = arguments[0], case .int64(let position) = arguments[1] else {
                return .failure(.invalidArguments("SetPosition takes a track id (o) and a position in microseconds (x)"))
            }
            // The spec: another track's id (a stale request) or a position outside the track
            // is ignored.
            guard let state, state.canSeek, track == state.trackID, position >= 0,
                  state.length.map({ position <= $0.microseconds }) ?? true else { return .success(.nothing) }
            return .success(MPRISAction([.seekTo(state.start + MediaTime(clampingMicroseconds: position))]))
        case "OpenUri":
            guard arguments.count == 1, case .string(let uri) = arguments[0] else {
                return .failure(.invalidArguments("OpenUri takes a URI (s)"))
            }
            guard let location = MPRISProperties.location(ofURI: uri) else {
                return .failure(.invalidArguments("'\(uri)': the schemes played are " + MPRISProperties.uriSchemes.joined(separator: ", ")))
            }
            return .success(MPRISAction(open: location))
        default:
            return .failure(MPRISRefusal("org.freedesktop.DBus.Error.UnknownMethod", "no method \(MPRISProperties.player).\(member)"))
        }
    }

    /// The action `Set` of a property asks for: Volume and Rate are written, the rest read only.
    public static func setting(interface: String, property: String, to value: BusValue,
                               state: MPRISState?) -> Result<MPRISAction, MPRISRefusal> {
        guard let known = MPRISProperties.values(of: interface, state), known.contains(where: { $0.key == property }) else {
            return .failure(MPRISRefusal("org.freedesktop.DBus.Error.UnknownProperty", "no property \(interface).\(property)"))
        }
        guard interface == MPRISProperties.player, property == "Volume" || property == "Rate" else {
            return .failure(MPRISRefusal("org.freedesktop.DBus.Error.PropertyReadOnly", "\(property) is read only"))
        }
        guard let number = value.number, number.isFinite else {
            return .failure(.invalidArguments("\(property) takes a number (d)"))
        }
        guard state != nil else { return .success(.nothing) }
        if property == "Volume" {
            // The spec: below 0 is 0. Inset's sound goes no louder than 100%.
            return .success(MPRISAction([.volume(.to(Int((min(1, max(0, number)) * 100).rounded())))]))
        }
        // The spec: a rate of 0 pauses.
        if number <= 0 { return .success(MPRISAction([.pause(true)])) }
        let hundredths = Int((min(PlaybackSpeed.fastest.factor, max(PlaybackSpeed.slowest.factor, number)) * 100).rounded())
        return .success(MPRISAction([.speed(.to(PlaybackSpeed(clamping: hundredths)))]))
    }
}
