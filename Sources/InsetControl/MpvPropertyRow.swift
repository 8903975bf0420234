import InsetCore

/// The part of a live property's row that needs InsetControl's types: how its value is read
/// from the `MpvState` snapshot, and what its command makes of a value set. The settings
/// table's row (`SettingsTable.property(named:)`) points here by its property names
/// (`Setting.propertyNames`), and says which command sets it (`Setting.command`);
/// `MpvIPC.value(of:in:)`, `set(_:to:in:)`, `cycle`, `add` and `multiply` look a name up
/// here instead of switching on it. `MpvPropertyTableTests` fails when a name is answered
/// here with no row, a row has no reading here, or a row's command and a setter here
/// disagree. The rows are in `MpvPropertyRows+*.swift`, grouped as the table's are.
public struct MpvPropertyRow: Sendable {
    public typealias Read = @Sendable (MpvState) -> Result<JSONValue, MpvIPC.Failure>
    public typealias Write = @Sendable (JSONValue, MpvState) -> MpvAction

    /// mpv's property names it answers (`time-pos`, `playback-time`), the row's own.
    public let names: [String]
    /// It belongs to a file: unavailable while none plays, as in mpv.
    public let ofFile: Bool
    /// Its value moves on its own while playing (`time-pos`): observers are told of it at a
    /// bounded rate (`MpvObservation.movingInterval`); the others as soon as they change.
    public let moves: Bool
    /// The player changes it as it goes, with no command or event of its own to raise it
    /// (`core-idle`, `chapter`, a file's loops left): its observers' value is read each turn,
    /// as mpv reads these on its tick (`MpvRaisedProperties`). Every other property is read
    /// only when raised.
    public let followsPlayer: Bool
    public let read: Read
    /// `set_property`: the commands for the value, or why not; nil: read only.
    public let write: Write?
    /// `cycle NAME [up|down]` when it is no plain step through the row's values (`pause`
    /// toggles, so two cycles in one turn do not read the same stale snapshot).
    public let cycle: (@Sendable (_ up: Bool, MpvState) -> MpvAction)?
    /// `add NAME STEP` when it is a command of its own (`volume` by a step), for the same reason.
    public let add: (@Sendable (Double, MpvState) -> MpvAction)?

    init(_ names: [String], ofFile: Bool = false, moves: Bool = false, followsPlayer: Bool = false, read: @escaping Read, write: Write? = nil,
         cycle: (@Sendable (Bool, MpvState) -> MpvAction)? = nil, add: (@Sendable (Double, MpvState) -> MpvAction)? = nil) {
        self.names = names
        self.ofFile = ofFile
        self.moves = moves
        self.followsPlayer = followsPlayer
        self.read = read
        self.write = write
        self.cycle = cycle
        self.add = add
    }
}

/// The rows, by each of their names.
public enum MpvPropertyRows {
    public static let all: [MpvPropertyRow] = playing + lists + settings + session + scripts

    private static let byName: [String: MpvPropertyRow] = {
        var index: [String: MpvPropertyRow] = [:]
        for row in all { for name in row.names { index[name] = row } }
        return index
    }()

    public static func row(named name: String) -> MpvPropertyRow? { byName[name] }

    /// A command's run with the reply's `data` of `set_property` (none).
    static func run(_ commands: [Command]) -> MpvAction { .run(commands, data: nil) }

    /// A value that must be a number (mpv's "unsupported format" otherwise).
    static func number(_ value: JSONValue, _ then: (Double) -> MpvAction) -> MpvAction {
        MpvIPC.number(value).map(then) ?? .fail(.propertyFormat)
    }

    static func flag(_ value: JSONValue, _ then: (Bool) -> MpvAction) -> MpvAction {
        MpvIPC.flag(value).map(then) ?? .fail(.propertyFormat)
    }
}
