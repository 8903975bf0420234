import CLuaJIT
import Foundation
import InsetControl
import InsetLog

/// One script: its own thread and Lua state (LuaJIT), running the prelude (mpv's `mp`
/// API in Lua, `ScriptPrelude`), which loads the script and then takes its events from
/// `queue` until `shutdown`. It calls the player through `player`, waiting for each
/// answer; a busy script stalls only itself, and once busy (`lowerIfBusy`) runs at a lower
/// priority than the player's threads. An error ends the script with one log line.
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

    /// The thread's id and CPU clock, and its CPU time when it last stopped waiting (nil
    /// while it waits: for an event, or for the player's answer).
    private var threadID = 0
    private var cpuClock: Int32 = -1
    private var runningSince: Double?
    public private(set) var lowered = false
    /// The thread's id for the system (Linux's tid), once it runs.
    public var systemThreadID: Int { lock.withLock { threadID } }

    public init(_ identity: ScriptIdentity, settings: ScriptSettings, player: any ScriptPlayer) {
        self.identity = identity
        self.settings = settings
        self.player = player
    }

    /// Starts the thread; `onEnd` runs on it when the script ends (its error, or nil).
    public func start(onEnd: @escaping @Sendable (ScriptThread, String?) -> Void) {
        let thread = Thread { [self] in
            let clock = inset_script_cpu_clock()
            lock.withLock {
                threadID = inset_script_thread_id()
                cpuClock = clock
                runningSince = inset_script_cpu_seconds(clock)
            }
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

    /// The script waits (true: for an event or an answer) or runs Lua again (false).
    fileprivate func noteWaits(_ waits: Bool) {
        let clock = lock.withLock { cpuClock }
        let now = waits ? nil : inset_script_cpu_seconds(clock)
        lock.withLock { runningSince = now }
    }

    /// A script that has run `limit` seconds of CPU without waiting (`while true do end`)
    /// goes below the player's threads (nice 19), for good: it gets what the player leaves.
    /// A script that waits for its events, as scripts do, keeps the player's priority, so
    /// that its answers come when it is told something. Any thread; true when lowered now.
    @discardableResult
    public func lowerIfBusy(after limit: Double = 0.1) -> Bool {
        let (since, clock, thread) = lock.withLock { (lowered ? nil : runningSince, cpuClock, threadID) }
        guard let since, inset_script_cpu_seconds(clock) - since >= limit else { return false }
        inset_script_lower_priority(thread)
        lock.withLock { lowered = true }
        Log.info("script \(identity.name): busy \(limit) s without waiting; below the player from now (nice 19)")
        return true
    }

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
        noteWaits(true)
        defer { noteWaits(false) }
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
    script.noteWaits(true)
    defer { script.noteWaits(false) }
    if let event = script.queue.take(timeout: timeout) { return strdup(event.line) }
    // Closed and empty: the player is going, the script's loop ends as at `shutdown`.
    return script.queue.isClosed ? strdup(#"{"event":"shutdown"}"#) : nil
}

private func withCStrings<Result>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> Result) -> Result {
    let copies = strings.map { strdup($0) }
    defer { copies.forEach { free($0) } }
    return body(copies.map { UnsafePointer($0) })
}
