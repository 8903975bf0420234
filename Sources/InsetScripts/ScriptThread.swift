import CLuaJIT
import Foundation
import InsetControl
import InsetLog

/// One script: its own thread and Lua state (LuaJIT), running the prelude (mpv's `mp`
/// API in Lua, `ScriptPrelude`), which loads the script and then takes its events from
/// `queue` until `shutdown`. It calls the player through `player`, waiting for each
/// answer; a busy script stalls only itself, and runs at a lower priority than the
/// player's threads. An error ends the script with one log line.
public final class ScriptThread: @unchecked Sendable {
    public let identity: ScriptIdentity
    public let queue = ScriptQueue()
    let player: any ScriptPlayer
    let settings: ScriptSettings
    private let ended = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var state: OpaquePointer?
    private var thread: Thread?
    /// Why the script ended (its error), once it has; nil for a clean end.
    public private(set) var failure: String?
    private var finished = false
    private var waited = false

    /// Whether the thread runs at nice 19 (`ScriptHost.init`).
    let yielding: Bool

    public init(_ identity: ScriptIdentity, settings: ScriptSettings, player: any ScriptPlayer, yielding: Bool = true) {
        self.yielding = yielding
        self.identity = identity
        self.settings = settings
        self.player = player
    }

    /// Starts the thread; `onEnd` runs on it when the script ends (its error, or nil).
    public func start(onEnd: @escaping @Sendable (ScriptThread, String?) -> Void) {
        let thread = Thread { [self] in
            // A script in a busy loop gets what the player leaves (nice 19 for this thread).
            if yielding { inset_script_lower_priority() }
            let outcome = run()
            lock.withLock { failure = outcome; finished = true }
            queue.close()
            if let outcome { Log.error("script \(identity.name): \(outcome)") }
            onEnd(self, outcome)
            ended.signal()
        }
        thread.name = "script \(identity.name)"
        // LuaJIT's C stack for deep scripts; Foundation's secondary threads get 512 KB.
        thread.stackSize = 8 << 20
        self.thread = thread
        thread.start()
    }

    private func run() -> String? {
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard let state = inset_script_open(context, scriptCall, scriptWait) else { return "no memory for a Lua state" }
        lock.withLock { self.state = state }
        let arguments = [identity.name, identity.path, settings.configFolder ?? "", JSONValue.object(settings.options).line]
        var error: UnsafeMutablePointer<CChar>?
        let status = withCStrings(arguments) { pointers in
            inset_script_run(state, ScriptPrelude.text, "@mp_defaults.lua", pointers, Int32(pointers.count), &error)
        }
        lock.withLock { self.state = nil }
        inset_script_close(state)
        guard status != 0 else { return nil }
        defer { free(error) }
        // The message on one line, as every log line is.
        return error.map { String(cString: $0) }?.replacingOccurrences(of: "\n", with: " ") ?? "failed"
    }

    /// Stops a script still running Lua (a loop that never ends) at its next instruction,
    /// with an error; its queue closes.
    public func interrupt() {
        queue.close()
        lock.withLock { if let state { inset_script_interrupt(state) } }
    }

    /// The script has run its main chunk and waited for an event once (its bindings and
    /// observations are made).
    public var hasLoaded: Bool { lock.withLock { waited } }

    /// The script goes at its next event, without its `shutdown` handlers (`inset keys`).
    public func leave() {
        queue.post(MpvIPC.event("inset-leave"))
        queue.close()
    }

    fileprivate func noteWaiting() { lock.withLock { waited = true } }

    /// Waits up to `seconds` for the thread to end; false if it has not.
    public func join(within seconds: Double) -> Bool {
        if lock.withLock({ finished }) { return true }
        guard ended.wait(timeout: .now() + seconds) == .success else { return false }
        ended.signal()
        return true
    }

    fileprivate func call(_ text: String) -> JSONValue {
        guard case .array(let request)? = try? JSONValue(parsing: text), case .string(let name)? = request.first else {
            return MpvIPC.reply(id: nil, data: nil, error: MpvIPC.Failure.invalidParameter.rawValue)
        }
        // mp.msg's lines go to Inset's log here, on the script's thread.
        if name == "inset-log", request.count == 3, case .string(let level) = request[1], case .string(let line) = request[2] {
            let text = "[\(identity.name)] \(line)"
            switch level {
            case "fatal", "error", "warn": Log.error(text)
            case "info", "v": Log.info(text)
            default: Log.debug(text)
            }
            return MpvIPC.reply(id: nil, data: nil, error: nil)
        }
        return player.call(request, from: identity)
    }
}

private func scriptCall(_ context: UnsafeMutableRawPointer?, _ request: UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>? {
    guard let context, let request else { return nil }
    let script = Unmanaged<ScriptThread>.fromOpaque(context).takeUnretainedValue()
    return strdup(script.call(String(cString: request)).line)
}

private func scriptWait(_ context: UnsafeMutableRawPointer?, _ timeout: Double) -> UnsafeMutablePointer<CChar>? {
    guard let context else { return nil }
    let script = Unmanaged<ScriptThread>.fromOpaque(context).takeUnretainedValue()
    script.noteWaiting()
    if let event = script.queue.take(timeout: timeout) { return strdup(event.line) }
    // Closed and empty: the player is going, the script's loop ends as at `shutdown`.
    return script.queue.isClosed ? strdup(#"{"event":"shutdown"}"#) : nil
}

private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
}
