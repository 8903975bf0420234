import Foundation
import InsetControl
import InsetLog

/// The scripts the user loaded, each a `ScriptThread`: started together, handed the
/// player's events, asked to end at quit. With no script there is no host (the app keeps
/// none), so no thread and no cost.
public final class ScriptHost: @unchecked Sendable {
    public let scripts: [ScriptThread]
    private let lock = NSLock()
    private var endings: [(ScriptIdentity, String?)] = []

    /// The scripts at `paths`, not yet started, at the player's priority until one is busy
    /// (`lowerBusy`).
    public init(paths: [String], settings: ScriptSettings, player: any ScriptPlayer) {
        var seen: [String: Int] = [:]
        scripts = paths.map { path in
            // Two scripts of one name are told apart as mpv does (`name`, `name2`…).
            let base = ScriptIdentity.name(of: path)
            seen[base, default: 0] += 1
            let name = seen[base]! > 1 ? "\(base)\(seen[base]!)" : base
            return ScriptThread(ScriptIdentity(name: name, path: path), settings: settings, player: player)
        }
    }

    /// Starts every script; `onEnd` hears (on the script's thread) one that ended by
    /// itself, with its error.
    public func start(onEnd: @escaping @Sendable (ScriptIdentity, String?) -> Void = { _, _ in }) {
        for script in scripts {
            script.start { [weak self] thread, failure in
                self?.lock.withLock { self?.endings.append((thread.identity, failure)) }
                onEnd(thread.identity, failure)
            }
        }
    }

    /// The scripts that ended since the last call, with their errors (nil: a clean end).
    public func takeEndings() -> [(ScriptIdentity, String?)] {
        lock.withLock {
            defer { endings.removeAll() }
            return endings
        }
    }

    public func script(named name: String) -> ScriptThread? { scripts.first { $0.identity.name == name } }

    /// An event for every script still running.
    public func broadcast(_ event: JSONValue) {
        for script in scripts { script.queue.post(event) }
    }

    /// `shutdown` to each script, and no event after it.
    public func shutdown() {
        for script in scripts {
            script.queue.post(MpvIPC.event("shutdown"))
            script.queue.close()
        }
    }

    /// Each script busy for a tenth of a second of CPU without waiting goes to nice 19
    /// (`ScriptThread.lowerIfBusy`); asked once a turn by the player's loop.
    public func lowerBusy() {
        for script in scripts { script.lowerIfBusy() }
    }

    public var allEnded: Bool { scripts.allSatisfy { $0.join(within: 0) } }

    /// A script still busy is stopped by its hook; one that does not stop even so (a C
    /// call that never returns) is left to the process's end. Returns the names left.
    @discardableResult
    public func interruptBusy(within wait: Double = 0.2) -> [String] {
        var busy = scripts.filter { !$0.join(within: 0) }
        busy.forEach { $0.interrupt() }
        busy = busy.filter { !$0.join(within: wait) }
        for script in busy { Log.error("script \(script.identity.name) did not stop; left to the process's end") }
        return busy.map(\.identity.name)
    }

    /// At quit, with nobody left to answer requests: `shutdown`, `grace` seconds for the
    /// scripts' handlers, then `interruptBusy`, waiting `interruptWait` seconds for the
    /// interrupted (a busy script runs at nice 19, and on a loaded machine its thread may
    /// wait that long for a core before its hook sees the interrupt).
    @discardableResult
    public func stop(grace: Double = 0.3, interruptWait: Double = 0.2) -> [String] {
        shutdown()
        let deadline = Date(timeIntervalSinceNow: grace)
        for script in scripts { _ = script.join(within: max(0, deadline.timeIntervalSinceNow)) }
        return interruptBusy(within: interruptWait)
    }
}
