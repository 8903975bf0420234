import InsetControl

/// What a script may ask of the player: mpv's command arrays (`["get_property",
/// "time-pos"]`, `["set_property", "pause", true]`, `["seek", 85, "absolute"]`,
/// `["observe_property", 1, "time-pos"]`, `["show-text", "…"]`), answered as mpv's IPC
/// answers them (`{"error": "success", "data": …}`). The app implements it over mpv's IPC
/// functions, answered on the player's loop; the script's thread waits for the answer.
public protocol ScriptPlayer: AnyObject, Sendable {
    func call(_ request: [JSONValue], from script: ScriptIdentity) -> JSONValue
}

/// Which script a request comes from: its name (`skip` for skip.lua, as mpv names it) and
/// the queue its events go to.
public struct ScriptIdentity: Sendable, Hashable {
    public let name: String
    public let path: String

    public init(name: String, path: String) {
        self.name = name
        self.path = path
    }

    /// mpv's name for a script: its file's name without the extension (`skip.lua` is
    /// `skip`), a folder script by its folder, every character but ASCII letters and digits
    /// made `_` (`pause-history.lua` is `pause_history`, whose options are
    /// `pause_history-KEY`), as mpv's scripting.c makes it.
    public static func name(of path: String) -> String {
        var last = path.split(separator: "/").last.map(String.init) ?? path
        if last == "main.lua" { last = path.split(separator: "/").dropLast().last.map(String.init) ?? last }
        if let dot = last.lastIndex(of: "."), dot != last.startIndex { last = String(last[..<dot]) }
        return String(last.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "_" })
    }
}
