import InsetControl
import InsetCore

/// The control socket's requests carried to the director, and its events out (ARCHITECTURE.md,
/// "The path of a key"): a request's words are a command of the one command table (`pause`,
/// `seek +15`), or `get PROPERTY`; observers hear the state when it changes and the time
/// each second.
///
/// UI thread: the loop calls `serve` once per turn; the server's own thread only reads and
/// writes the connections.
final class ControlDesk {
    let server: ControlServer
    /// mpv's requests and events (`MpvIPC`), beside Inset's own.
    let mpv: MpvDesk
    private var lastState: StateEvent?
    private var lastSecond: Int64?

    init(server: ControlServer) { self.server = server; mpv = MpvDesk(server: server) }

    /// Answers every waiting request and sends the events due; returns what the commands
    /// asked of the loop.
    func serve(_ director: Director, at now: HostTime) -> [AppEffect] {
        var effects: [AppEffect] = []
        for request in server.takeRequests() {
            effects += request.dialect == .mpv ? mpv.answer(request, director, at: now) : answer(request, director, at: now)
        }
        if server.hasObservers { sendEvents(director.controlledVideoStatus(at: now)) }
        mpv.sendEvents(director, at: now)
        return effects
    }

    /// Tells the observers the player is going.
    func finish(_ director: Director) {
        server.broadcast(.object(["event": .string("quit")]))
        mpv.finish(director)
        server.stop()
    }

    private func answer(_ request: ControlRequest, _ director: Director, at now: HostTime) -> [AppEffect] {
        if request.words.first == "get" {
            let state = director.mpvState(at: now, withPlaylist: false)
            switch request.words.count == 2 ? ControlDesk.reading(request.words[1], in: state) : .failure(.propertyNotFound) {
            case .success(let value): server.reply(to: request, result: value)
            // A file's property with no file; a live stream's duration is null, as before.
            case .failure(.propertyUnavailable): state.idle ? server.reply(to: request, error: "nothing is playing")
                                                            : server.reply(to: request, result: .null)
            case .failure: server.reply(to: request, error: ControlDesk.expectedGet)
            }
            return []
        }
        let command: Command
        do {
            command = try Command(words: request.words)
        } catch {
            server.reply(to: request, error: error.reason + "; or get PROPERTY, observe")
            return []
        }
        let (outcome, effects) = director.executeFromOutside(command, at: now)
        switch outcome {
        case .done: server.reply(to: request)
        case .refused(let why): server.reply(to: request, error: why)
        }
        return effects
    }

    /// The state when it changed (playing, paused, ended; in the window or not; the file),
    /// and the time when its second changed. Asked once a turn: the JSON is built only for
    /// what is sent.
    private func sendEvents(_ status: VideoStatus?) {
        let state = status.map { StateEvent(state: $0.ended ? "ended" : $0.paused ? "paused" : "playing",
                                            pip: $0.inWindow, file: $0.file) }
            ?? StateEvent(state: "idle", pip: false, file: nil)
        if state != lastState {
            server.broadcast(state.json)
            lastState = state
        }
        guard let status else { return }
        let second = status.time.microseconds / 1_000_000
        if second != lastSecond {
            server.broadcast(.object(["event": .string("time"), "time": .double(status.time.seconds)]))
            lastSecond = second
        }
    }

    /// What a `state` event says.
    private struct StateEvent: Equatable {
        var state: String
        var pip: Bool
        /// Nil when nothing plays.
        var file: String?

        var json: JSONValue {
            var fields: [String: JSONValue] = ["event": .string("state"), "state": .string(state)]
            if let file { fields["pip"] = .bool(pip); fields["file"] = .string(file) }
            return .object(fields)
        }
    }
}
