import InsetControl
import InsetCore

/// mpv's properties raised where they change (`MpvRaisedProperties`), for the two desks
/// that tell observers: the socket's (`MpvDesk`) and the scripts' (`ScriptDesk`), each
/// taking its own copy, as the events are kept for each.
///
/// UI thread, inside the director.
extension MpvSessionState {
    mutating func raise(properties: MpvRaisedProperties) {
        raisedProperties.formUnion(properties)
        if keepsScriptEvents { scriptRaisedProperties.formUnion(properties) }
    }

    mutating func raise(properties names: [String]) {
        var raised = MpvRaisedProperties()
        raised.raise(names)
        raise(properties: raised)
    }

    /// Those raised since the socket's observers were last told; none after.
    mutating func takeRaisedProperties() -> MpvRaisedProperties {
        defer { raisedProperties = MpvRaisedProperties() }
        return raisedProperties
    }

    mutating func takeScriptRaisedProperties() -> MpvRaisedProperties {
        defer { scriptRaisedProperties = MpvRaisedProperties() }
        return scriptRaisedProperties
    }
}

extension MpvSessionState.Event {
    /// What the event changes, as mpv's table says for its own (`mp_event_property_change`):
    /// a file opening, loaded, ended, or nothing left to play changes every property; a seek
    /// and the first frame after it whether it seeks and is at the end (the time itself is
    /// raised by the command that asked for the seek, and moves with the clock after).
    var changes: MpvRaisedProperties {
        switch self {
        case .startFile, .fileLoaded, .endFile, .idle:
            return .everything
        case .seek, .playbackRestart:
            var raised = MpvRaisedProperties()
            raised.raise(["seeking", "core-idle", "eof-reached"])
            return raised
        }
    }
}

extension Director {
    /// `command` was carried out (or tried): what its rows read is raised, whatever asked
    /// for it (a key, a mouse button, a script, MPRIS, the socket).
    func raiseProperties(changedBy command: Command) {
        var raised = MpvRaisedProperties()
        raised.raise(changedBy: command)
        mpvSessionState.raise(properties: raised)
    }
}
