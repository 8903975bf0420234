import InsetControl
import InsetCore

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
    /// The video last seen and whether it had ended, for `end-file` and `file-loaded`.
    private var lastVideo: ObjectIdentifier?
    /// Whether the events have a starting point: the first mpv client came after the file
    /// loaded, and is not told it loaded.
    private var watching = false
    private var lastEnded = false
    private var lastPosition: (time: Double, at: HostTime, playing: Bool, speed: Double)?
    /// A seek said already (asked by an mpv client) until then: the jump it makes is not
    /// said twice.
    private var seekSaidUntil: HostTime?

    private struct Observation {
        var name: String
        var asString: Bool
        /// Nil before the first event; `.some(nil)` while the property was unavailable.
        var last: JSONValue??
    }

    init(server: ControlServer) { self.server = server }

    func answer(_ request: ControlRequest, _ director: Director, at now: HostTime) -> [AppEffect] {
        // Before the first request acts (a `loadfile` replaces the file): what it ends is told.
        startWatching(director)
        let state = director.mpvState(at: now)
        switch MpvIPC.translate(request.arguments, in: state) {
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
                if case .seek = command { saySeek(at: now) } else if case .seekTo = command { saySeek(at: now) }
            }
            server.reply(to: request, result: data)
            return effects
        case .load(let path, let append):
            // mpv answers with the new entry's id, which counts from 1.
            let entry = JSONValue.object(["playlist_entry_id": .int(director.catalog.count + 1)])
            return finish(request, director.loadFile(path, append: append, at: now), director, data: entry)
        case .playEntry(let index):
            return finish(request, director.playEntry(index, at: now), director, data: nil)
        case .key(let key):
            return finish(request, director.keyFromOutside(key, at: now), director, data: .null)
        }
    }

    private func finish(_ request: ControlRequest, _ outcome: Director.CommandOutcome, _ director: Director,
                        data: JSONValue?) -> [AppEffect] {
        switch outcome {
        case .done: server.reply(to: request, result: data)
        case .refused(let why): server.reply(to: request, failure: .commandFailed, reason: why)
        }
        return director.takeEffects()
    }

    private func saySeek(at now: HostTime) {
        server.broadcastToMpvClients(MpvIPC.event("seek"))
        server.broadcastToMpvClients(MpvIPC.event("playback-restart"))
        seekSaidUntil = now.advanced(by: .milliseconds(500))
        lastPosition = nil
    }

    /// The events due this turn: a file loaded or ended, a seek made from anywhere (keys,
    /// `inset ctl`), and each observed property that changed.
    func sendEvents(_ director: Director, at now: HostTime) {
        let gone = Set(observations.keys).subtracting(server.connectedClients)
        gone.forEach { observations[$0] = nil }
        let listed = observations.values.contains { $0.values.contains { $0.name == "playlist" } }
        let state = director.mpvState(at: now, withPlaylist: listed)
        startWatching(director)
        let video = director.focusedVideo.map(ObjectIdentifier.init)
        if video != lastVideo {
            if lastVideo != nil { sayEndFile(lastEnded ? "eof" : "stop") }
            if video != nil {
                let entry: [String: JSONValue] = ["playlist_entry_id": .int((state.playlistPosition ?? 0) + 1)]
                server.broadcastToMpvClients(MpvIPC.event("start-file", entry))
                server.broadcastToMpvClients(MpvIPC.event("file-loaded"))
                server.broadcastToMpvClients(MpvIPC.event("playback-restart"))
            } else {
                server.broadcastToMpvClients(MpvIPC.event("idle"))
            }
            lastVideo = video
            lastPosition = nil
        }
        lastEnded = state.eof
        if video != nil { noticeJump(state, at: now) }
        sendChanges(state, only: nil)
    }

    private func startWatching(_ director: Director) {
        guard !watching else { return }
        watching = true
        lastVideo = director.focusedVideo.map(ObjectIdentifier.init)
    }

    /// A position that moved other than by playing is a seek.
    private func noticeJump(_ state: MpvState, at now: HostTime) {
        defer { lastPosition = (state.time, now, !state.paused && !state.eof, state.speed) }
        if let until = seekSaidUntil, now < until { return }
        seekSaidUntil = nil
        guard let last = lastPosition else { return }
        let expected = last.time + (last.playing ? MediaTime(now.elapsed(since: last.at)).seconds * last.speed : 0)
        if abs(state.time - expected) > 1.0 {
            server.broadcastToMpvClients(MpvIPC.event("seek"))
            server.broadcastToMpvClients(MpvIPC.event("playback-restart"))
        }
    }

    private func sayEndFile(_ reason: String) {
        server.broadcastToMpvClients(MpvIPC.event("end-file", ["reason": .string(reason)]))
    }

    private func sendChanges(_ state: MpvState, only client: Int?) {
        // Each property read once a turn, however many observe it.
        var values: [String: JSONValue?] = [:]
        for (observer, list) in observations where client == nil || observer == client {
            for (id, observation) in list {
                let value: JSONValue?
                if let known = values[observation.name] {
                    value = known
                } else {
                    value = try? MpvIPC.value(of: observation.name, in: state).get()
                    values[observation.name] = .some(value)
                }
                let said = observation.asString ? value.map { JSONValue.string(MpvIPC.text(of: $0)) } : value
                if let last = observation.last, last == said { continue }
                observations[observer]?[id]?.last = .some(said)
                server.send(event: MpvIPC.propertyChange(id: id, name: observation.name, value: said), to: observer)
            }
        }
    }

    /// The player is going: what plays ends, and mpv's last event.
    func finish(_ director: Director) {
        // A single file played to its end ends the player: that file's end is its eof.
        let ended = director.focusedVideo.map { $0.snapshot.isFinished } ?? lastEnded
        if lastVideo != nil || director.focusedVideo != nil { sayEndFile(ended ? "eof" : "quit") }
        server.broadcastToMpvClients(MpvIPC.event("shutdown"))
    }

    var isWatched: Bool { server.hasMpvClients }
}
