import InsetCore

/// mpv's properties, read from `MpvState` and set through Inset's commands, each by its row
/// (`MpvPropertyRows`).
extension MpvIPC {
    /// Every property this layer answers live, in mpv's names, Inset's own under `inset-`:
    /// the settings table's (`SettingsTable.propertyNames`), so a property is a row first.
    public static let properties: [String] = SettingsTable.propertyNames

    /// A property's value as `get_property` gives it: its row's reading
    /// (`MpvPropertyRows`), or an option's default for a name with no row.
    public static func value(of name: String, in state: MpvState) -> Result<JSONValue, Failure> {
        guard let row = MpvPropertyRows.row(named: name) else { return item(name, in: state) ?? optionValue(of: name, in: state) }
        // What belongs to a file is unavailable while none plays, as in mpv.
        if state.idle && row.ofFile { return .failure(.propertyUnavailable) }
        return row.read(state)
    }

    /// `get_property_string`: as mpv writes a value as text (yes/no, six decimals).
    public static func text(of value: JSONValue) -> String {
        switch value {
        case .bool(let flag): flag ? "yes" : "no"
        case .double(let number): String(format: "%.6f", number)
        case .int(let number): String(number)
        case .string(let text): text
        case .null: ""
        default: value.line
        }
    }

    /// `set_property`: what to do for it, or why not (a property read only is mpv's
    /// "error accessing property"; a value of the wrong kind its "unsupported format").
    public static func set(_ name: String, to value: JSONValue, in state: MpvState) -> MpvAction {
        // `options/NAME` of a live property is the property (mpv's options.lua sets `options/script-opts`).
        let live = name.hasPrefix("options/") ? MpvPropertyRows.row(named: String(name.dropFirst("options/".count))) : nil
        guard let row = live ?? MpvPropertyRows.row(named: name) else { return setOption(name, to: value) }
        return row.write?(value, state) ?? .fail(.propertyError)
    }

    /// A number as mpv's clients send it (a JSON number, or text); nil for NaN and the
    /// infinities (`"nan"`, `"inf"`), which name no time, volume, speed or entry, so every
    /// request that takes a number refuses them in one place.
    static func number(_ value: JSONValue) -> Double? {
        let number: Double? = switch value {
        case .int(let number): Double(number)
        case .double(let number): number
        case .string(let text): Double(text)
        default: nil
        }
        return number.flatMap { $0.isFinite ? $0 : nil }
    }

    static func flag(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let flag): flag
        case .string("yes"), .string("true"): true
        case .string("no"), .string("false"): false
        default: nil
        }
    }
}
