/// The values of the settings whose row keeps them (`Setting.Use.value`), by Inset's name:
/// what the command line and the config file gave, for the code that uses them
/// (`AppOptions.settings`). A setting not given reads as its row's default.
public struct SettingValues: Sendable, Equatable {
    private var values: [String: SettingValue]

    public init(_ values: [String: SettingValue] = [:]) { self.values = values }

    /// The value given, else the row's default; nil for a name with no row.
    public subscript(name: String) -> SettingValue? {
        values[name] ?? SettingsTable.setting(named: name)?.defaultValue
    }

    /// Whether the value was given (on the command line or in the config file).
    public func isGiven(_ name: String) -> Bool { values[name] != nil }

    public mutating func set(_ name: String, _ value: SettingValue) { values[name] = value }

    /// These values over `other`'s (the command line's over the config file's).
    public func over(_ other: SettingValues) -> SettingValues {
        SettingValues(other.values.merging(values) { _, mine in mine })
    }

    /// A flag's value (a choice's `yes` too); false for anything else.
    public func flag(_ name: String) -> Bool {
        self[name] == .flag(true) || self[name] == .text("yes")
    }

    public func text(_ name: String) -> String? { self[name]?.text }

    public func list(_ name: String) -> [String] {
        if case .list(let items)? = self[name] { return items }
        return []
    }

    public func pairs(_ name: String) -> [SettingValue.KeyValue] {
        if case .pairs(let pairs)? = self[name] { return pairs }
        return []
    }

    /// `NAME=VALUE` for the play command's hidden `--mpv-setting`, which carries a value from
    /// the mpv spelling's rewrite to the parser: lists with `\` before a comma, key/value
    /// pairs with mpv's `%LENGTH%` quoting, so any text survives.
    public static func argument(_ name: String, _ value: SettingValue) -> String {
        let text: String = switch value {
        case .list(let items): items.map { $0.replacingAll("\\", "\\\\").replacingAll(",", "\\,") }.joined(separator: ",")
        case .pairs(let pairs): pairs.map { "\($0.key)=%\($0.value.utf8.count)%\($0.value)" }.joined(separator: ",")
        default: value.text
        }
        return "\(name)=\(text)"
    }

    /// Reads `argument(_:_:)`'s text back; nil for a name with no row or a value its type refuses.
    public static func parse(argument: String) -> (String, SettingValue)? {
        guard let equals = argument.firstIndex(of: "=") else { return nil }
        let name = String(argument[..<equals]), text = String(argument[argument.index(after: equals)...])
        guard let row = SettingsTable.setting(named: name) else { return nil }
        switch row.type {
        case .list, .objects: return (row.name, .list(SettingType.items(text, separator: ",")))
        case .pairs: return (try? SettingType.pairs(text, option: name)).map { (row.name, .pairs($0)) }
        default: return (try? row.type.parse(text, option: name)).map { (row.name, $0) }
        }
    }
}

private extension String {
    func replacingAll(_ target: Character, _ replacement: String) -> String {
        var result = ""
        for c in self { if c == target { result += replacement } else { result.append(c) } }
        return result
    }
}
