import InsetCore

/// What an mpv request asks of the player, once `MpvIPC` has read it: a reply at once, or
/// Inset's commands to run (the reply then says whether they ran), or one of the few acts
/// that are not commands of Inset's table.
public enum MpvAction: Equatable, Sendable {
    /// Success at once, with this `data` (none for nil).
    case answer(JSONValue?)
    case fail(MpvIPC.Failure)
    /// Inset's commands, in order; the first refused fails the request. `data` is the
    /// reply's on success (mpv answers a command with `null`, a `set_property` with none).
    case run([Command], data: JSONValue?)
    /// `loadfile`: play it now, or add it to the end of the list, with its own options.
    case load(String, append: Bool, options: MpvFileOptions)
    /// `loadfile URL insert-at[-play] INDEX`: listed at that entry (from 0), the entries
    /// from there on moved down one; played when nothing plays, as an appended file.
    case insert(String, at: Int, options: MpvFileOptions)
    /// `playlist-move FROM TO`: entry FROM takes the place of entry TO (TO may be the count:
    /// the end), as mpv's; the entry playing plays on.
    case move(from: Int, to: Int)
    /// `keybind KEY COMMAND`: the key runs the command from now on; nil unbinds it.
    case bind(KeyPress, Command?)
    /// `quit [CODE]`: the player quits, the process exiting with CODE.
    case quit(code: Int32)
    /// `stop`: what plays stops; with `--idle` the player stays up with nothing.
    case stop
    /// A session's setting set (`video`, `loop-file`, `loop-playlist`).
    case setSession(MpvSessionSetting)
    /// `playlist-pos` set: play the list's entry.
    case playEntry(Int)
    case observe(id: Int, name: String, asString: Bool)
    case unobserve(id: Int)
    /// `keypress`: the key, as if typed (Inset's bindings, not mpv's).
    case key(KeyPress)
    /// `script-message[-to]`, `script-binding`: the words for the Lua scripts (all, or the
    /// one named), as mpv's `client-message` event.
    case scriptMessage(target: String?, arguments: [String])
    /// Refused with this reason, in one line (`load-script` from the socket).
    case refused(String)
}
