import Foundation
import InsetControl

/// `inset keys`: the keys the user's scripts bind (`mp.add_key_binding`), found as mpv
/// finds them, by loading each script: its main chunk runs with a player that keeps the
/// bindings, has no property and does nothing, then the script goes without its
/// `shutdown` handlers. A script still loading after `seconds` is stopped.
public enum ScriptKeyListing {
    public struct Binding: Sendable, Equatable {
        public var key: String
        public var name: String
        public var script: String
    }

    public static func bindings(paths: [String], settings: ScriptSettings, within seconds: Double = 2) -> [Binding] {
        guard !paths.isEmpty else { return [] }
        let player = ListingPlayer()
        let host = ScriptHost(paths: paths, settings: settings, player: player)
        host.start()
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline && !host.scripts.allSatisfy({ $0.hasLoaded || $0.join(within: 0) }) { usleep(5000) }
        host.scripts.forEach { $0.leave() }
        for script in host.scripts { _ = script.join(within: 0.2) }
        host.interruptBusy()
        return player.bindings
    }
}

/// The player of `ScriptKeyListing`: bindings kept, properties unavailable, commands done
/// by nobody (a script loading only for its keys plays nothing).
private final class ListingPlayer: ScriptPlayer, @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [ScriptKeyListing.Binding] = []

    var bindings: [ScriptKeyListing.Binding] { lock.withLock { kept } }

    func call(_ request: [JSONValue], from script: ScriptIdentity) -> JSONValue {
        let words = request.map { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        }
        switch words.first ?? nil {
        case "inset-bind"? where words.count == 4:
            if let key = words[1], let name = words[2], !key.isEmpty {
                lock.withLock { kept.append(.init(key: key, name: name, script: script.name)) }
            }
        case "inset-unbind"?:
            lock.withLock { kept.removeAll { $0.script == script.name && $0.name == words.last ?? nil } }
        case "get_property"?, "get_property_string"?:
            return MpvIPC.reply(id: nil, data: nil, error: MpvIPC.Failure.propertyUnavailable.rawValue)
        default:
            break
        }
        return MpvIPC.reply(id: nil, data: nil, error: nil)
    }
}
