import InsetControl
import InsetCore
import InsetLog

/// The control socket's mpv side (ARCHITECTURE.md, "The path of a key"): mpv's requests,
/// read by `MpvIPC`, carried out through the director as Inset's own commands, and mpv's
/// events (`file-loaded`, `end-file`, `seek`, `playback-restart`, `property-change`…) to
/// the clients that speak mpv's protocol.
///
/// UI thread, as `ControlDesk`, which hands it the mpv requests and asks for its events
/// once a turn.
final class MpvDesk {
    let server: ControlServer
    /// What each client observes, by the id it gave, and the value it was last told.
    private var observations: [Int: [Int: Observation]] = [:]

    private typealias Observation = MpvObservation

    /// Where `script-message` goes: the Lua scripts (`ScriptDesk`), when any run. Returns
    /// why not, if the message has nowhere to go (mpv: `script-message-to` an unknown name).
    var scriptMessages: ((_ target: String?, _ arguments: [String]) -> String?)?

    init(server: ControlServer) { self.server = server }

    func answer(_ request: ControlRequest, _ director: Director, at now: HostTime) -> [AppEffect] {
        let state = director.mpvState(at: now)
        // `inset ctl set paused yes`: Inset's names too, mpv's by one lookup in the table.
        let arguments = request.replyShape == .inset ? MpvIPC.withMpvNames(request.arguments) : request.arguments
        switch MpvIPC.translate(arguments, in: state) {
        case .answer(let data):
            server.reply(to: request, result: data)
            return []
        case .fail(let failure):
            server.reply(to: request, failure: failure)
            return []
        case .observe(let id, let name, let asString):
            // Bounded per client (an id observed again replaces its observation).
            let observed = observations[request.client]?.count ?? 0
            if observations[request.client]?[id] == nil && observed >= MpvIPC.mostObservationsPerClient {
                server.reply(to: request, failure: .commandFailed,
                             reason: "at most \(MpvIPC.mostObservationsPerClient) properties observed at once")
                return []
            }
            server.reply(to: request)
            observations[request.client, default: [:]][id] = Observation(name: name, asString: asString)
            sendChanges(state, only: request.client)
            return []
        case .unobserve(let id):
            let known = observations[request.client]?.removeValue(forKey: id) != nil
            if known { server.reply(to: request) } else { server.reply(to: request, failure: .invalidParameter) }
            return []
        case .run(let commands, let data):
            var effects: [AppEffect] = []
            for command in commands {
                let (outcome, more) = director.executeFromOutside(command, at: now)
                effects += more
                if case .refused(let why) = outcome {
                    server.reply(to: request, failure: .commandFailed, reason: why)
                    return effects
                }
            }
            raiseChanges(director, at: now)
            server.reply(to: request, result: data)
            return effects
        case .load(let path, let append, let options):
            // mpv writes the replaced file's watch_later entry (--save-position-on-quit), as at quit.
            if !append, let replaced = director.focusedVideo { director.saveWatchLater(of: replaced) }
            // mpv answers with the new entry's id, which counts from 1.
            let entry = JSONValue.object(["playlist_entry_id": .int(director.catalog.count + 1)])
            return finish(request, director.loadFile(path, append: append, options: options, at: now), director, data: entry, at: now)
        case .insert(let path, let index, let options):
            let entry = JSONValue.object(["playlist_entry_id": .int(director.catalog.count + 1)])
            return finish(request, director.insertFile(path, at: index, options: options, at: now), director, data: entry, at: now)
        case .move(let from, let to):
            return finish(request, director.moveEntry(from: from, to: to), director, data: .null, at: now)
        case .bind(let key, let command):
            return finish(request, director.bindFromOutside(key, to: command), director, data: .null, at: now)
        case .quit(let code):
            director.quitFromOutside(code: code)
            return finish(request, .done, director, data: .null, at: now)
        case .stop:
            // mpv writes the stopped file's watch_later entry too (quitting, the director writes it again at the end).
            if let stopped = director.focusedVideo { director.saveWatchLater(of: stopped) }
            return finish(request, director.stopFromOutside(at: now), director, data: .null, at: now)
        case .setSession(let setting):
            director.setSession(setting)
            return finish(request, .done, director, data: nil, at: now)
        case .playEntry(let index):
            return finish(request, director.playEntry(index, at: now), director, data: nil, at: now)
        case .key(let key):
            return finish(request, director.keyFromOutside(key, at: now), director, data: .null, at: now)
        case .scriptMessage(let target, let arguments):
            // No script running: as mpv, a message to all is nobody's; one to a name is refused.
            let why = scriptMessages?(target, arguments) ?? target.map { "no script named \($0)" }
            return finish(request, why.map { .refused($0) } ?? .done, director, data: .null, at: now)
        case .refused(let why):
            Log.info("mpv IPC: \(why)")
            server.reply(to: request, failure: .commandFailed, reason: why)
            return []
        }
    }

    private func finish(_ request: ControlRequest, _ outcome: Director.CommandOutcome, _ director: Director,
                        data: JSONValue?, at now: HostTime) -> [AppEffect] {
        switch outcome {
        case .done:
            raiseChanges(director, at: now)
            server.reply(to: request, result: data)
        case .refused(let why): server.reply(to: request, failure: .commandFailed, reason: why)
        }
        return director.takeEffects()
    }

    /// The events due this turn, raised by the director where each thing happened (a file
    /// opening, loaded, ended; a seek; the first frame after one; idle), then each observed
    /// property raised since (`MpvRaisedProperties`) whose value changed, and those that
    /// move or follow the player. Nothing is kept for clients to come: one that connects
    /// later is not told what happened before it.
    func sendEvents(_ director: Director, at now: HostTime) {
        let events = director.mpvSessionState.takeEvents()
        let raised = director.mpvSessionState.takeRaisedProperties()
        guard isWatched else { return }
        for event in events { server.broadcastToMpvClients(event.json) }
        let gone = Set(observations.keys).subtracting(server.connectedClients)
        gone.forEach { observations[$0] = nil }
        guard !observations.isEmpty else { return }
        sendChanges(director.mpvState(at: now, withPlaylist: listsPlaylist), only: nil, at: now, raised: raised)
    }

    /// What a request just changed, raised by the director as it did it, is told to every
    /// observer at once, before its reply, not at the end of the turn (`MpvObservation`): a
    /// client that sets `pause` and observes it hears the change first, as it happened first.
    private func raiseChanges(_ director: Director, at now: HostTime) {
        guard !observations.isEmpty else { return }
        let raised = director.mpvSessionState.takeRaisedProperties()
        sendChanges(director.mpvState(at: now, withPlaylist: listsPlaylist), only: nil, at: now, raised: raised)
    }

    private var listsPlaylist: Bool { observations.values.contains { $0.values.contains { $0.name == "playlist" } } }

    private func sendChanges(_ state: MpvState, only client: Int?, at now: HostTime? = nil,
                             raised: MpvRaisedProperties = MpvRaisedProperties()) {
        MpvObservation.changes(&observations, in: state, only: client, at: now, raised: raised) { server.send(event: $1, to: $0) }
    }

    /// The player is going: what was raised and not sent, what still plays ends (`quit`),
    /// and mpv's last event.
    func finish(_ director: Director) {
        director.raiseQuitting()
        sendEvents(director, at: .now())
        server.broadcastToMpvClients(MpvIPC.event("shutdown"))
    }

    var isWatched: Bool { server.hasMpvClients }
}
