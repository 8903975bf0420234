import InsetControl
import InsetCore

/// What mpv's IPC has asked of the director beyond Inset's commands, and mpv's events as
/// the director raises them where they happen (a file opening, loaded, ended; a seek; the
/// first frame after one; nothing left to play), for `MpvDesk` to send. Before, the desk
/// compared snapshots once a turn and called a jump of more than a second a seek.
///
/// UI thread, inside the director.
struct MpvSessionState {
    /// mpv's events, raised by the code that does the thing.
    enum Event: Equatable {
        case startFile(entry: Int?)
        case fileLoaded
        case seek
        case playbackRestart
        case endFile(reason: String)
        case idle

        var json: JSONValue {
            switch self {
            case .startFile(let entry):
                return MpvIPC.event("start-file", entry.map { ["playlist_entry_id": .int($0 + 1)] } ?? [:])
            case .fileLoaded: return MpvIPC.event("file-loaded")
            case .seek: return MpvIPC.event("seek")
            case .playbackRestart: return MpvIPC.event("playback-restart")
            case .endFile(let reason): return MpvIPC.event("end-file", ["reason": .string(reason)])
            case .idle: return MpvIPC.event("idle")
            }
        }
    }

    /// `loadfile`'s per-file options, by the path they were given with.
    var fileOptions: [String: MpvFileOptions] = [:]
    /// `set_property video no|0` (invidtui's, before an audio-only `loadfile`): the files
    /// opened from now on play their sound alone; `yes|1|auto` shows pictures again.
    var videoOff: Bool?
    /// Raised and not yet sent. Bounded: with no mpv client nothing takes them.
    private(set) var events: [Event] = []
    /// The videos whose `file-loaded` was said, and those whose `end-file` was: a seek
    /// is one of a loaded file, and a file ends once.
    var loaded: Set<ObjectIdentifier> = []
    var ended: Set<ObjectIdentifier> = []

    /// The same events for the Lua scripts (`ScriptDesk`), kept only while scripts run.
    private(set) var scriptEvents: [Event] = []
    var keepsScriptEvents = false

    static let mostEventsKept = 256

    /// The properties changed since the socket's observers, and the scripts', were told
    /// (`MpvSessionState+Properties`).
    var raisedProperties = MpvRaisedProperties()
    var scriptRaisedProperties = MpvRaisedProperties()

    mutating func raise(_ event: Event) {
        raise(properties: event.changes)
        if events.count >= Self.mostEventsKept { events.removeFirst(events.count - Self.mostEventsKept + 1) }
        events.append(event)
        guard keepsScriptEvents else { return }
        if scriptEvents.count >= Self.mostEventsKept { scriptEvents.removeFirst() }
        scriptEvents.append(event)
    }

    mutating func takeScriptEvents() -> [Event] {
        defer { scriptEvents.removeAll(keepingCapacity: true) }
        return scriptEvents
    }

    mutating func takeEvents() -> [Event] {
        defer { events.removeAll(keepingCapacity: true) }
        return events
    }
}
