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

    /// `inset ctl get NAME`'s own names, answered from the video's status: each is a row of the
    /// settings table by Inset's name (`ControlNamesTableTests`); any other row is answered
    /// through mpv's IPC (`ControlDesk+Settings`).
    static let properties = ["time", "duration", "paused", "pip", "file", "speed", "title"]

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
            if request.words.count == 2, let name = request.words.last, !ControlDesk.properties.contains(name),
               let value = ControlDesk.setting(name, in: director.mpvState(at: now, withPlaylist: false)) {
                server.reply(to: request, result: value)
                return []
            }
            guard request.words.count == 2, let name = request.words.last, ControlDesk.properties.contains(name) else {
                server.reply(to: request, error: "expected get " + ControlDesk.properties.joined(separator: " | "))
                return []
            }
            guard let status = director.controlledVideoStatus(at: now) else {
                server.reply(to: request, error: "nothing is playing")
                return []
            }
            server.reply(to: request, result: ControlDesk.property(name, of: status))
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

    static func property(_ name: String, of status: VideoStatus) -> JSONValue {
        switch name {
        case "time": .double(status.time.seconds)
        case "duration": status.duration.map { .double($0.seconds) } ?? .null
        case "paused": .bool(status.paused)
        case "pip": .bool(status.inWindow)
        case "speed": .double(status.speed.factor)
        case "title": .string(status.title)
        default: .string(status.file)
        }
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
