import Foundation
import InsetControl
import InsetCore
import InsetLog
import InsetScripts

/// The player's side of mpv's Lua scripts (docs/scripts.md): what a script asks
/// (`ScriptPlayer.call`, mpv's command arrays) is answered on the loop, once a turn, with
/// mpv's IPC functions over the director's `MpvState` (`MpvIPC.value`, `set`,
/// `translate`), never on the paint path; mpv's events and each observed property that
/// changed go to the scripts' queues. Only made when a script was loaded.
///
/// `call` runs on a script's thread and waits; everything else on the UI thread.
final class ScriptDesk: ScriptPlayer, @unchecked Sendable {
    private(set) var host: ScriptHost!
    private let waker: LoopWaker
    private let lock = NSLock()
    private var waiting: [Call] = []
    private var closed = false
    /// By script name: what it observes, by its id, and the value it was last told.
    var observations: [String: [Int: Observation]] = [:]
    /// The keys scripts bound (`mp.add_key_binding`), in the order bound.
    var bindings: [ScriptKeyBinding] = []
    /// When the properties following the clock are compared (once a frame).
    var pace = ScriptPace()
    /// The scripts' OSD overlays, and the line of them last put on the bar.
    var overlayLines = ScriptOverlayLines()
    var shownOverlayLine: String?

    typealias Observation = MpvObservation

    /// One request waiting for the loop, and its answer.
    final class Call: @unchecked Sendable {
        let request: [JSONValue]
        let script: ScriptIdentity
        var reply = MpvIPC.reply(id: nil, data: nil, error: MpvIPC.Failure.commandFailed.rawValue, reason: "the player is quitting")
        let answered = DispatchSemaphore(value: 0)
        init(_ request: [JSONValue], _ script: ScriptIdentity) { self.request = request; self.script = script }
    }

    private init(waker: LoopWaker) { self.waker = waker }

    /// The scripts the user loaded (`--script`, `--scripts`, the config folder's), started;
    /// nil when there are none: no thread, nothing kept.
    static func start(options: AppOptions, director: Director) -> ScriptDesk? {
        let configFolder = options.loadsConfigFolderScripts ? ScriptSettings.configFolder() : nil
        let found = ScriptSources.paths(given: options.scripts, configFolder: configFolder,
                                        loadFolder: options.loadsConfigFolderScripts)
        // In the log, as mpv says it on the terminal; the bar is left to what plays (ani-cli's
        // older ani-skip names a skip.lua that may not be there).
        for line in found.skipped { Log.error(line) }
        guard !found.paths.isEmpty else { return nil }
        let desk = ScriptDesk(waker: director.waker)
        director.mpvSessionState.keepsScriptEvents = true
        let settings = ScriptSettings(options: options.scriptOptions.map { ($0.key, $0.value) }, configFolder: configFolder)
        desk.host = ScriptHost(paths: found.paths, settings: settings, player: desk)
        let waker = director.waker
        desk.host.start { _, _ in waker.wake() }
        Log.info("scripts: \(desk.host.scripts.map(\.identity.name).joined(separator: ", "))")
        return desk
    }

    func call(_ request: [JSONValue], from script: ScriptIdentity) -> JSONValue {
        let call = Call(request, script)
        let taken = lock.withLock {
            if closed { return false }
            waiting.append(call)
            return true
        }
        guard taken else { return call.reply }
        waker.wake()
        call.answered.wait()
        return call.reply
    }

    /// Once a turn: mpv's events to the scripts, their requests answered, the observed
    /// properties that changed sent; a script that ended with an error said on the bar.
    func serve(_ director: Director, at now: HostTime) -> [AppEffect] {
        for event in director.mpvSessionState.takeScriptEvents() { host.broadcast(event.json) }
        host.lowerBusy()
        answerWaiting(director, at: now)
        sendChanges(director, at: now)
        for (script, failure) in host.takeEndings() {
            observations[script.name] = nil
            bindings.removeAll { $0.script == script.name }
            listKeys(director)
            overlayLines.remove(script: script.name)
            if let failure { director.show(message: "script \(script.name): \(failure)", at: now) }
        }
        if shownOverlayLine != nil || overlayLines.line != nil { showOverlays(director, at: now) }
        return director.takeEffects()
    }

    private func answerWaiting(_ director: Director, at now: HostTime) {
        let calls = lock.withLock {
            defer { waiting.removeAll() }
            return waiting
        }
        for call in calls {
            call.reply = answer(call.request, from: call.script, director, at: now)
            call.answered.signal()
        }
    }

    /// A message for the scripts (`script-message`, from a script or the socket), to all or
    /// the one named: why not, if there is no such script.
    func deliver(to target: String?, _ arguments: [String]) -> String? {
        let event = MpvIPC.event("client-message", ["args": .array(arguments.map(JSONValue.string))])
        guard let target else {
            host.broadcast(event)
            return nil
        }
        guard let script = host.script(named: target) else { return "no script named \(target)" }
        script.queue.post(event)
        return nil
    }

    /// A key a script bound, taken from Inset's keys while the player reads them (not in
    /// the shell pane): true when a script had it.
    func takeKey(_ press: KeyPress, _ director: Director) -> Bool {
        if director.front == .shell && director.focus == .pane { return false }
        guard let binding = bindings.last(where: { $0.key == press }) else { return false }
        _ = deliver(to: binding.script, ["key-binding", binding.name, "p-", binding.keyName])
        return true
    }

    /// At quit: `end-file` and `shutdown` to each script, their last requests answered for
    /// a moment, then what still runs is stopped (ScriptHost.interruptBusy).
    func finish(_ director: Director) {
        director.raiseQuitting()
        for event in director.mpvSessionState.takeScriptEvents() { host.broadcast(event.json) }
        host.shutdown()
        let deadline = HostTime.now().advanced(by: .milliseconds(300))
        while !host.allEnded && HostTime.now() < deadline {
            answerWaiting(director, at: .now())
            usleep(2000)
        }
        let left = lock.withLock {
            closed = true
            defer { waiting.removeAll() }
            return waiting
        }
        left.forEach { $0.answered.signal() }
        host.interruptBusy()
    }
}

/// A key bound by a script: the key as Inset reads it, the binding's name in its script.
struct ScriptKeyBinding: Equatable {
    var key: KeyPress?
    var keyName: String
    var script: String
    var name: String
}
