import InsetCore

/// The properties something changed since the observers were last told: raised by the code
/// that changed them (a command, whatever asked for it: a key, a script, MPRIS, the socket;
/// a session setting; a file opening, loaded, ending; a seek), as mpv's `mp_notify_property`
/// and its table of what each event changes (`mp_event_property_change`, player/command.c).
/// The observers of a raised property are told its value if it differs from the one they
/// were last told; an observed property nobody raised is not read at all, but for the few
/// that change as the player goes (`MpvPropertyRow.moves`, `followsPlayer`), which mpv too
/// reads on its tick. Before, every observed property was read and compared on every turn,
/// whatever had happened.
public struct MpvRaisedProperties: Equatable, Sendable {
    /// Every property: something happened that changes what any of them reads (a file
    /// opened or ended, the focus moved to another video). mpv's `"*"`.
    public private(set) var all = false
    public private(set) var names: Set<String> = []

    public init() {}

    public static let everything: MpvRaisedProperties = {
        var raised = MpvRaisedProperties()
        raised.raiseAll()
        return raised
    }()

    public var isEmpty: Bool { !all && names.isEmpty }

    /// Whether `name` is raised: itself, or the property it is a part of (`playlist/0/filename`
    /// is `playlist`'s, `options/volume` `volume`'s), as mpv notifies a property's sub-paths.
    public func contains(_ name: String) -> Bool {
        if all || names.contains(name) { return true }
        // Asked for every observation on every turn: no array of parts for a plain name.
        guard let slash = name.firstIndex(of: "/") else { return false }
        let head = name[..<slash]
        guard head == "options" else { return names.contains(String(head)) }
        return names.contains(String(name[name.index(after: slash)...].prefix { $0 != "/" }))
    }

    /// `names` changed, and what reads them with them (`dependents`).
    public mutating func raise<Names: Sequence<String>>(_ names: Names) {
        guard !all else { return }
        for name in names {
            // The row's every name: `time-pos` is `playback-time` too.
            self.names.formUnion(MpvPropertyRows.row(named: name)?.names ?? [name])
            for dependent in Self.dependents[name] ?? [] { self.names.formUnion(MpvPropertyRows.row(named: dependent)?.names ?? [dependent]) }
        }
    }

    public mutating func raiseAll() {
        all = true
        names.removeAll()
    }

    public mutating func formUnion(_ other: MpvRaisedProperties) {
        if other.all { raiseAll() } else { raise(other.names) }
    }

    /// The properties a settings row's change reaches: its own names, as mpv's IPC spells
    /// them (`Setting.propertyNames`).
    public mutating func raise(_ row: Setting) { raise(row.propertyNames) }

    /// A command changed what the rows naming it (`Setting.command`) read: those are raised.
    /// A command no row names may change anything (it moves the focus to the other video,
    /// closes the window, opens a file): then every property is.
    public mutating func raise(changedBy command: Command) {
        let rows = SettingsTable.propertyRows.filter { $0.command == command.name }
        if rows.isEmpty { raiseAll() } else { rows.forEach { raise($0) } }
    }

    /// Properties whose reading is made of another's, where neither moves nor follows the
    /// player on its own (`core-idle` after a pause does, `playtime-remaining` after a speed
    /// moves): a track chosen is `track-list`'s `selected` too (mpv raises both on
    /// `MPV_EVENT_TRACK_SWITCHED`); a seek's time is the others' of the clock, told at once.
    static let dependents: [String: [String]] = [
        "aid": ["track-list"], "sid": ["track-list"],
        "time-pos": ["percent-pos", "time-remaining", "playtime-remaining", "chapter"],
        "playlist-pos": ["playlist"], "playlist-count": ["playlist"],
    ]
}

extension MpvSessionSetting {
    /// The property a session setting is (its row's, `command: "set"`), raised where it is set.
    public var propertyNames: [String] {
        switch self {
        case .video: ["video"]
        case .loopFile: ["loop-file"]
        case .loopPlaylist: ["loop-playlist"]
        case .scriptOptions: ["options/script-opts", "script-opts"]
        }
    }
}
