/// mpv's `mp` API (player/lua/defaults.lua, options.lua, the Lua side of lua.c) written
/// again in Lua over a few primitives in C (CLuaJIT): each script's state runs this chunk,
/// which builds `mp`, `mp.msg`, `mp.options` and `mp.utils`, loads the script and runs its
/// events. The Lua is kept in Swift strings so that the binary carries it (no resource to
/// install); docs/scripts.md lists what differs from mpv's.
enum ScriptPrelude {
    static let text = json + mpTable + hooks + assdraw + extras + modules
}
