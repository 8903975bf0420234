/// An option named on mpv's command line or in a config file, found as mpv 0.35 finds it
/// (`m_config_mogrify_cli_opt`): the name itself, a row of `SettingsTable` first, then
/// mpv's catalogue; an alias followed to its option; a list suffix (`--sub-files-append`);
/// `--no-NAME` for a flag or a choice. A removed option is refused as mpv refuses it.
public struct MpvOptionName: Sendable {
    public enum Target: Sendable {
        case row(Setting)
        case catalogue(MpvOptionCatalogue.Entry)

        public var type: SettingType {
            switch self {
            case .row(let row): row.type
            case .catalogue(let entry): if case .option(let type) = entry.kind { type } else { .text }
            }
        }
    }

    /// What a value given to it is: a value of the option's type, or an edit of a list.
    public enum Given: Sendable {
        case value(SettingValue)
        case edit(ListEdit)
    }

    /// The name as given, for messages.
    public var given: String
    public var target: Target
    /// The list suffix, if the name had one (`append`).
    public var action: String?
    /// `--no-NAME`: the value is no.
    public var negated: Bool

    /// The option `name` names, nil for a name mpv and the table do not know (Inset's own,
    /// or a mistake for the parser to refuse); throws for an option mpv removed.
    public static func resolve(_ name: String) throws(SettingRefusal) -> MpvOptionName? {
        if let found = try lookUp(name, given: name, depth: 0) { return found }
        for action in ["append", "add", "set", "clr", "pre", "remove", "del", "toggle", "help"] where name.hasSuffix("-\(action)") {
            let base = String(name.dropLast(action.count + 1))
            if var found = try lookUp(base, given: name, depth: 0), found.action == nil, found.target.type.actions.contains(action) {
                found.action = action
                return found
            }
        }
        if name.hasPrefix("no-"), var found = try lookUp(String(name.dropFirst(3)), given: name, depth: 0),
           found.action == nil, found.target.type.negatable {
            found.negated = true
            return found
        }
        return nil
    }

    private static func lookUp(_ name: String, given: String, depth: Int) throws(SettingRefusal) -> MpvOptionName? {
        if let row = SettingsTable.setting(named: name), row.mpvNames.contains(name) {
            return MpvOptionName(given: given, target: .row(row), action: nil, negated: false)
        }
        guard let entry = MpvOptionCatalogue.entry(named: name), depth < 4 else { return nil }
        switch entry.kind {
        case .option: return MpvOptionName(given: given, target: .catalogue(entry), action: nil, negated: false)
        case .removed: throw SettingRefusal(name, .notFound, "mpv removed --\(name)")
        case .alias(let target):
            if let found = try lookUp(target, given: given, depth: depth + 1) { return found }
            // An alias of a list's suffix (`--sub-file` is `--sub-files-append`).
            if let found = try resolve(target) { var named = found; named.given = given; return named }
            // mpv keeps a few aliases of options this build lacks (`--noar`): it refuses them.
            throw SettingRefusal(given, .notFound, "mpv's --\(given) stands for --\(target), which this mpv does not have")
        }
    }

    /// The value `text` gives it (nil: given with no `=`), or mpv's refusal.
    public func value(_ text: String?) throws(SettingRefusal) -> Given {
        let type = target.type
        if negated {
            guard text == nil else { throw SettingRefusal(given, .noParameter, "a --no-* option can't take parameters") }
            return .value(try type.parse("no", option: given))
        }
        if let action {
            if action == "help" { return .edit(.append([])) }
            return .edit(try ListEdit.parse(action, text, of: type, option: given.dropLast(action.count + 1).description))
        }
        return .value(try type.parse(text, option: given))
    }
}
