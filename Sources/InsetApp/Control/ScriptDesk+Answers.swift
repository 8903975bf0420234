import InsetControl
import InsetCore
import InsetLog
import InsetScripts

/// What a script's request does: mpv's IPC answers it (`MpvIPC.translate` over the
/// director's state, carried out as the socket's requests are), but for what is the
/// scripts' own: observations kept per script, the OSD, key bindings, messages.
extension ScriptDesk {
    func answer(_ request: [JSONValue], from script: ScriptIdentity, _ director: Director, at now: HostTime) -> JSONValue {
        func success(_ data: JSONValue? = nil) -> JSONValue { MpvIPC.reply(id: nil, data: data, error: nil) }
        func failure(_ failure: MpvIPC.Failure, _ reason: String? = nil) -> JSONValue {
            if let reason { Log.info("script \(script.name): \(reason)") }
            return MpvIPC.reply(id: nil, data: nil, error: failure.rawValue, reason: reason)
        }
        let words = request.map { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        }
        switch words.first ?? nil {
        case "show-text"?:
            guard let text = words.dropFirst().first ?? nil else { return failure(.invalidParameter) }
            let milliseconds = words.count > 2 ? words[2].flatMap { Int($0) } ?? 1000 : 1000
            director.show(message: text, for: .milliseconds(max(1, min(60_000, milliseconds))), at: now)
            return success()
        case "osd-overlay"?:
            return overlay(words, from: script, director, at: now)
        case "print-text"?:
            Log.info("[\(script.name)] \(words.dropFirst().compactMap { $0 }.joined(separator: " "))")
            return success()
        case "inset-bind"?:
            guard words.count == 4, let keyName = words[1], let name = words[2] else { return failure(.invalidParameter) }
            let key = keyName.isEmpty ? nil : MpvIPC.scriptKey(keyName)
            if !keyName.isEmpty && key == nil { return failure(.invalidParameter, "no key \(keyName)") }
            bindings.removeAll { $0.script == script.name && $0.name == name }
            bindings.append(ScriptKeyBinding(key: key, keyName: keyName, script: script.name, name: name))
            listKeys(director)
            return success()
        case "inset-unbind"?:
            bindings.removeAll { $0.script == script.name && $0.name == words.last ?? nil }
            listKeys(director)
            return success()
        default:
            break
        }
        let state = director.mpvState(at: now)
        switch MpvIPC.translate(request, in: state) {
        case .answer(let data): return success(data)
        case .fail(let why): return failure(why)
        case .observe(let id, let name, let asString):
            guard (observations[script.name]?.count ?? 0) < MpvIPC.mostObservationsPerClient else {
                return failure(.commandFailed, "at most \(MpvIPC.mostObservationsPerClient) properties observed at once")
            }
            observations[script.name, default: [:]][id] = Observation(name: name, asString: asString)
            return success()
        case .unobserve(let id):
            return observations[script.name]?.removeValue(forKey: id) != nil ? success() : failure(.invalidParameter)
        case .run(let commands, let data):
            for command in commands {
                if case .refused(let why) = director.executeFromOutside(command, at: now).0 { return failure(.commandFailed, why) }
            }
            return success(data)
        case .load(let path, let append, let options):
            return outcome(director.loadFile(path, append: append, options: options, at: now), failure, success)
        case .insert(let path, let index, let options):
            return outcome(director.insertFile(path, at: index, options: options, at: now), failure, success)
        case .move(let from, let to): return outcome(director.moveEntry(from: from, to: to), failure, success)
        case .bind(let key, let command): return outcome(director.bindFromOutside(key, to: command), failure, success)
        case .quit(let code):
            director.quitFromOutside(code: code)
            return success()
        case .stop: return outcome(director.stopFromOutside(at: now), failure, success)
        case .setSession(let setting):
            director.setSession(setting)
            return success()
        case .playEntry(let index): return outcome(director.playEntry(index, at: now), failure, success)
        case .key(let key): return outcome(director.keyFromOutside(key, at: now), failure, success)
        case .scriptMessage(let target, let arguments):
            return deliver(to: target, arguments).map { failure(.commandFailed, $0) } ?? success()
        case .refused(let why): return failure(.commandFailed, why)
        }
    }

    /// The `?` list's lines for the scripts' keys: the key, the binding's name and its script.
    func listKeys(_ director: Director) {
        director.overlays.scriptKeys = bindings.compactMap { binding in
            binding.key.map { ($0.description, "\(binding.name) (script \(binding.script))") }
        }
    }

    private func outcome(_ outcome: Director.CommandOutcome, _ failure: (MpvIPC.Failure, String?) -> JSONValue,
                         _ success: (JSONValue?) -> JSONValue) -> JSONValue {
        switch outcome {
        case .done: success(nil)
        case .refused(let why): failure(.commandFailed, why)
        }
    }

    /// Each observed property raised since the last turn (`MpvRaisedProperties`) or
    /// following the player read once, however many scripts observe it (those following the
    /// clock once a frame, `ScriptPace`); a `property-change` to a script whose value changed
    /// (the first always, as in mpv), in place of one it has not yet taken.
    func sendChanges(_ director: Director, at now: HostTime) {
        let raised = director.mpvSessionState.takeScriptRaisedProperties()
        guard observations.values.contains(where: { !$0.isEmpty }) else { return }
        let tick = pace.tick(at: now, interval: .seconds(1 / max(1, director.frontFrameRate)))
        var due = ScriptPace.due(observations, tick: tick)
        guard due.values.contains(where: { !$0.isEmpty }) else { return }
        // The list's paths, also for a path into it (`playlist/0/filename`, `playlist/count`).
        let listed = due.values.contains { $0.values.contains { $0.name == "playlist" || $0.name.hasPrefix("playlist/") } }
        let state = director.mpvState(at: now, withPlaylist: listed)
        MpvObservation.changes(&due, in: state, at: now, raised: raised) { name, event in host.script(named: name)?.queue.postChange(event) }
        for (script, list) in due {
            for (id, observation) in list where observations[script]?[id] != nil { observations[script]?[id] = observation }
        }
    }
}
