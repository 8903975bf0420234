import InsetCore

/// mpv's `cycle`, `add`, `multiply` and `cycle-values` on any property that can be set: the
/// value read by its row (`MpvPropertyRows`), stepped as the settings table's row says (its
/// type: a flag toggles, a choice goes to its next word, a number moves by the step and is
/// held to the row's range), then set through the row's setter. No property is named here:
/// a new settable row can be cycled and added to as it is. A row whose step is a command of
/// its own (`add volume -10` is Inset's `volume -10`, `cycle pause` a toggle) carries it
/// (`MpvPropertyRow.cycle`, `.add`), so two steps in one turn do not both start from the
/// same snapshot.
extension MpvIPC {
    /// `cycle NAME [up|down]`, `add NAME [STEP]`, `multiply NAME FACTOR`,
    /// `cycle-values [!reverse] NAME VALUE…`.
    static func step(_ command: String, _ rest: [JSONValue], in state: MpvState) -> MpvAction {
        var words = rest
        let reverse = command == "cycle-values" && words.first == .string("!reverse")
        if reverse { words.removeFirst() }
        guard case .string(let name)? = words.first else { return .fail(.invalidParameter) }
        let arguments = Array(words.dropFirst())
        guard let row = MpvPropertyRows.row(named: name), let setting = SettingsTable.property(named: name) else {
            return .fail(.propertyNotFound)
        }
        guard let write = row.write else { return .fail(.propertyError) }
        func set(_ value: JSONValue) -> MpvAction { replied(write(value, state)) }
        switch command {
        case "cycle":
            let up = arguments.first != .string("down")
            if let cycle = row.cycle { return cycle(up, state) }
            guard let current = try? value(of: name, in: state).get() else { return .fail(.propertyUnavailable) }
            switch setting.type {
            case .flag: return flag(current).map { set(.bool(!$0)) } ?? .fail(.propertyError)
            case .choice(let choices, _):
                // The next word that changes something: `inf` and `yes` are one loop-file.
                let now = text(of: current)
                let start = choices.firstIndex(of: now).map { $0 + (up ? 1 : -1) } ?? (up ? 0 : -1)
                let same = write(.string(now), state)
                let words = (0..<choices.count).map { choices[((start + (up ? $0 : -$0)) % choices.count + choices.count) % choices.count] }
                return set(.string(words.first { write(.string($0), state) != same } ?? words[0]))
            default: return moved(name, setting.type, by: up ? 1 : -1, in: state, set)
            }
        case "add":
            let step = arguments.isEmpty ? 1 : number(arguments[0])
            guard let step else { return .fail(.invalidParameter) }
            if let add = row.add { return add(step, state) }
            return moved(name, setting.type, by: step, in: state, set)
        case "multiply":
            guard arguments.count == 1, let factor = number(arguments[0]) else { return .fail(.invalidParameter) }
            guard let current = try? value(of: name, in: state).get(), let base = number(current) else { return .fail(.propertyError) }
            return set(.double(held(base * factor, to: setting.type)))
        default:
            guard !arguments.isEmpty else { return .fail(.invalidParameter) }
            let current = (try? value(of: name, in: state).get()).map(text(of:))
            let at = arguments.firstIndex { same(text(of: $0), current) }
            let next = at.map { ($0 + (reverse ? -1 : 1) + arguments.count) % arguments.count } ?? (reverse ? arguments.count - 1 : 0)
            return set(arguments[next])
        }
    }

    /// A number's step: the value read, moved, held to the row's range, set.
    private static func moved(_ name: String, _ type: SettingType, by step: Double, in state: MpvState,
                              _ set: (JSONValue) -> MpvAction) -> MpvAction {
        guard let current = try? value(of: name, in: state).get(), let base = number(current) else { return .fail(.propertyError) }
        switch type {
        case .integer: return set(.int(Int(held((base + step).rounded(), to: type))))
        case .number, .numberOrDefault, .choice(_, integers: _?): return set(.double(held(base + step, to: type)))
        default: return .fail(.propertyError)
        }
    }

    /// A value held to the row's range (mpv clamps a step at the option's bounds).
    static func held(_ number: Double, to type: SettingType) -> Double {
        let range: ClosedRange<Double>? = switch type {
        case .number(let range), .numberOrDefault(let range): range
        case .integer(let range?), .choice(_, integers: let range?): Double(range.lowerBound)...Double(range.upperBound)
        default: nil
        }
        guard let range else { return max(-1e15, min(1e15, number)) }
        return max(range.lowerBound, min(range.upperBound, number))
    }

    /// Two values' texts are the same value: as words, or as numbers (`1.5`, `1.500000`).
    private static func same(_ given: String, _ current: String?) -> Bool {
        guard let current else { return false }
        if let left = Double(given), let right = Double(current) { return abs(left - right) < 1e-9 }
        return given == current
    }

    /// A setter's action as a command's: mpv answers a command with `data: null`.
    private static func replied(_ action: MpvAction) -> MpvAction {
        if case .run(let commands, nil) = action { return .run(commands, data: .null) }
        return action
    }
}
