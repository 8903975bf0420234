import InsetCore

/// mpv's options as properties, read from the settings table and mpv's catalogue: in mpv
/// every option is also a property (`get_property hwdec`) and under `options/NAME`. A setting
/// Inset plays by (`volume`, `speed`) answers its live value; any other of mpv's options its
/// default, which Inset keeps (it ignores them); a name neither knows is not found.
extension MpvIPC {
    /// `options/NAME`, or an option's own name that is no property of Inset's.
    static func optionValue(of name: String, in state: MpvState) -> Result<JSONValue, Failure> {
        let option = name.hasPrefix("options/") ? String(name.dropFirst("options/".count)) : name
        if option != name, properties.contains(option) { return value(of: option, in: state) }
        guard let found = try? MpvOptionName.resolve(option), found.action == nil, !found.negated else {
            return .failure(.propertyNotFound)
        }
        // A value the code uses (`Setting.Use.value`): what was given, else the default.
        if case .row(let row) = found.target, case .value = row.use, let value = state.settings[row.name] {
            return .success(json(value))
        }
        let defaultText: String = switch found.target {
        case .row(let row): row.defaultText
        case .catalogue(let entry): entry.defaultText
        }
        guard let value = try? found.target.type.parse(defaultText, option: option) else { return .success(.string(defaultText)) }
        return .success(json(value))
    }

    /// `set_property` of an option Inset does not play by: the value is checked by the
    /// option's type, as mpv would (a wrong one is mpv's "unsupported format"), then changes
    /// nothing, as the command line ignores it.
    static func setOption(_ name: String, to value: JSONValue) -> MpvAction {
        let option = name.hasPrefix("options/") ? String(name.dropFirst("options/".count)) : name
        guard let found = try? MpvOptionName.resolve(option), found.action == nil, !found.negated else {
            return .fail(.propertyNotFound)
        }
        guard (try? found.target.type.parse(optionText(of: value), option: option)) != nil else { return .fail(.propertyFormat) }
        return .run([], data: nil)
    }

    /// A value a client sends as the option's text, as the command line would spell it:
    /// flags as yes/no, a whole number as digits (so an integer option takes 80.0, as mpv's
    /// does), lists joined by commas, key/value objects as `k=v,…`; nil for null.
    static func optionText(of value: JSONValue) -> String? {
        switch value {
        case .bool(let flag): flag ? "yes" : "no"
        case .int(let number): String(number)
        case .double(let number) where number.isFinite && number == number.rounded() && abs(number) < 1e15: String(Int64(number))
        case .double(let number): String(number)
        case .string(let text): text
        case .array(let items): items.map { MpvIPC.text(of: $0) }.joined(separator: ",")
        case .object(let fields): fields.keys.sorted().map { "\($0)=\(MpvIPC.text(of: fields[$0]!))" }.joined(separator: ",")
        case .null: nil
        }
    }

    /// A parsed value as mpv's JSON gives it: flags as booleans, numbers as numbers, lists as
    /// arrays, key/value lists as objects, the rest as text.
    static func json(_ value: SettingValue) -> JSONValue {
        switch value {
        case .flag(let on): .bool(on)
        case .integer(let number): .int(Int(clamping: number))
        case .number(let number): .double(number)
        case .text(let text): .string(text)
        case .position, .time: .string(value.text)
        case .list(let items): .array(items.map(JSONValue.string))
        case .pairs(let pairs): .object(Dictionary(pairs.map { ($0.key, JSONValue.string($0.value)) }, uniquingKeysWith: { $1 }))
        }
    }
}
