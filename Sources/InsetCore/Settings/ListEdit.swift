/// One of mpv's list suffixes applied to a list option (`--sub-files-append=a.srt`,
/// `--script-opts-add=k=v`, `--vf-clr`): what it does to the list so far. The command line
/// and the config file apply edits in order, as mpv does, starting from the default.
public enum ListEdit: Hashable, Sendable {
    case set([String])
    case append([String])
    case prepend([String])
    case clear
    /// Items (or a key/value list's keys) taken out.
    case remove([String])
    /// An item added when absent, taken out when present.
    case toggle(String)
    case setPairs([SettingValue.KeyValue])
    case appendPairs([SettingValue.KeyValue])

    /// The edit `--OPTION-ACTION=text` makes, for a type whose `actions` list the action.
    /// `-append` and `-toggle` take their text whole (one item, one pair: commas kept); `-add`,
    /// `-pre`, `-set` and `-remove` take a list as the plain option does; `-clr` no value.
    public static func parse(_ action: String, _ text: String?, of type: SettingType, option: String) throws(SettingRefusal) -> ListEdit {
        let name = "\(option)-\(action)"
        if action == "clr" {
            guard text == nil || text == "" else { throw SettingRefusal(name, .noParameter) }
            return .clear
        }
        guard let text else { throw SettingRefusal(name, .missingParameter) }
        if case .pairs = type {
            switch action {
            case "append":
                guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
                    throw SettingRefusal(name, .unparsable, "expected '=' and a value")
                }
                return .appendPairs([.init(String(text[..<equals]), String(text[text.index(after: equals)...]))])
            case "add": return .appendPairs(try SettingType.pairs(text, option: name))
            case "set": return .setPairs(try SettingType.pairs(text, option: name))
            case "remove": return .remove(SettingType.items(text, separator: ","))
            default: throw SettingRefusal(name, .notFound)
            }
        }
        let separator: Character = if case .list(pathSeparated: true) = type { ":" } else { "," }
        let items = SettingType.items(text, separator: separator)
        switch action {
        case "append": return .append([text])
        case "add": return .append(items)
        case "pre": return .prepend(items)
        case "set": return .set(items)
        case "remove", "del": return .remove(items)
        case "toggle": return .toggle(text)
        default: throw SettingRefusal(name, .notFound)
        }
    }

    /// The list after this edit.
    public func applied(to value: SettingValue) -> SettingValue {
        switch (self, value) {
        case (.setPairs(let pairs), _): return .pairs(pairs)
        case (.appendPairs(let added), .pairs(var pairs)):
            // mpv: a key given again replaces its value in place.
            for pair in added {
                if let index = pairs.firstIndex(where: { $0.key == pair.key }) { pairs[index] = pair } else { pairs.append(pair) }
            }
            return .pairs(pairs)
        case (.appendPairs(let added), _): return ListEdit.appendPairs(added).applied(to: .pairs([]))
        case (.remove(let keys), .pairs(let pairs)): return .pairs(pairs.filter { !keys.contains($0.key) })
        case (.clear, .pairs): return .pairs([])
        default: break
        }
        let items: [String] = if case .list(let items) = value { items } else { [] }
        switch self {
        case .set(let new): return .list(new)
        case .append(let new): return .list(items + new)
        case .prepend(let new): return .list(new + items)
        case .clear: return .list([])
        case .remove(let gone): return .list(items.filter { !gone.contains($0) })
        case .toggle(let item): return .list(items.contains(item) ? items.filter { $0 != item } : items + [item])
        case .setPairs, .appendPairs: return value
        }
    }
}
