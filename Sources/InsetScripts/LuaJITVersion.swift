import CLuaJIT

/// LuaJIT's version, as the scripts' engine was built with it (`inset doctor`).
public enum LuaJITVersion {
    /// `2.1.0-beta3`: the headers' "LuaJIT 2.1.0-beta3" without the name.
    public static var text: String {
        let full = String(cString: inset_luajit_version())
        return full.hasPrefix("LuaJIT ") ? String(full.dropFirst(7)) : full
    }
}
