import Foundation
import InsetControl
import InsetScripts

/// A player for the host's tests: answers `get_property` from `properties`, anything else
/// with success, and keeps every request (with the script that sent it) for the test to
/// wait on. The app's own player (`ScriptDesk`) is tested end to end.
final class RecordingPlayer: ScriptPlayer, @unchecked Sendable {
    private let condition = NSCondition()
    private var requests: [(script: String, words: [JSONValue])] = []
    var properties: [String: JSONValue] = [:]

    func call(_ request: [JSONValue], from script: ScriptIdentity) -> JSONValue {
        condition.lock()
        requests.append((script.name, request))
        let property: JSONValue? = if request.count == 2, case .string(let name) = request[1] { properties[name] } else { nil }
        condition.broadcast()
        condition.unlock()
        if case .string("get_property")? = request.first {
            guard let property else { return MpvIPC.reply(id: nil, data: nil, error: "property unavailable") }
            return MpvIPC.reply(id: nil, data: property, error: nil)
        }
        return MpvIPC.reply(id: nil, data: nil, error: nil)
    }

    /// The first request (from `script`, when given) whose words start with `prefix`,
    /// waiting up to `seconds` for it.
    func request(startingWith prefix: [JSONValue], from script: String? = nil, within seconds: Double = 5) -> [JSONValue]? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let found = requests.first(where: { (script == nil || $0.script == script) && $0.words.starts(with: prefix) }) {
                return found.words
            }
            if !condition.wait(until: deadline) { return nil }
        }
    }

    /// `mp.commandv("script-message", …)`'s words after the command, from the first such request.
    func message(_ name: String, from script: String? = nil) -> [String]? {
        request(startingWith: [.string("script-message"), .string(name)], from: script)?.dropFirst(2).map { value in
            if case .string(let text) = value { return text }
            return value.line
        }
    }
}

/// A folder of its own for a test's scripts and config, removed after.
struct ScriptFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "inset-scripts-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path + "/script-opts", withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) -> String {
        let file = path + "/" + name
        FileManager.default.createFile(atPath: file, contents: Data(text.utf8))
        return file
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }

    /// A host of the scripts given as (file name, Lua text), started.
    func host(_ scripts: [(String, String)], options: [(key: String, value: String)] = [],
              player: RecordingPlayer) -> ScriptHost {
        let paths = scripts.map { write($0.0, $0.1) }
        let host = ScriptHost(paths: paths, settings: ScriptSettings(options: options, configFolder: path), player: player)
        host.start()
        return host
    }
}
