extension KeyBindings {
    /// The keys as they ship: what the `?` overlay and docs/keys.md list before any config.
    /// Each row of the command table says its own keys and their place in each context's
    /// list; gathered here in that order.
    public static let defaults: KeyBindings = {
        let keys = CommandTable.rows.flatMap(\.keys).enumerated()
        let tables = Dictionary(grouping: keys, by: \.element.context).mapValues { keys in
            keys.sorted { ($0.element.place, $0.offset) < ($1.element.place, $1.offset) }.map { binding(for: $0.element) }
        }
        return KeyBindings(tables: tables)
    }()

    private static func binding(for key: CommandTable.DefaultKey) -> Binding {
        guard let trigger = Trigger(name: key.key) else { preconditionFailure("no key named \(key.key)") }
        return Binding(trigger: trigger, command: key.command)
    }
}

extension KeyBindings {
    /// The same tables with the skips of `seek ±15` by `step` instead (`skip-step` in the
    /// config file).
    public func withSkipStep(_ step: MediaTime) -> KeyBindings {
        var changed = self
        changed.skipStep = step
        for (context, table) in tables {
            changed.tables[context] = table.map { binding in
                guard case .seek(let by) = binding.command, abs(by.microseconds) == 15_000_000 else { return binding }
                return Binding(trigger: binding.trigger, command: .seek(by: by.microseconds < 0 ? -step : step))
            }
        }
        return changed
    }
}
