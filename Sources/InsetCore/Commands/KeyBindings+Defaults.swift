extension KeyBindings {
    /// The keys as they ship: what the `?` overlay and the README list before any config.
    public static let defaults = KeyBindings(tables: [
        .player: bindings([
            ("Space", .pause(nil)),
            ("Left", .seek(by: .seconds(-15))), ("Right", .seek(by: .seconds(15))),
            ("WheelDown", .seek(by: .seconds(-5))), ("WheelUp", .seek(by: .seconds(5))),
            ("PgUp", .chapter(.previous)), ("PgDn", .chapter(.next)),
            (".", .frameStep(forward: true)), (",", .frameStep(forward: false)),
            (">", .playlist(.next)), ("<", .playlist(.previous)),
            ("b", .abLoop),
            ("[", .speed(.down)), ("]", .speed(.up)), ("Backspace", .speed(.reset)),
            ("s", .screenshot),
            ("p", .pip),
            ("Esc", .library),
        ]),
        .window: bindings([
            ("Space", .pause(nil)),
            ("Left", .seek(by: .seconds(-15))), ("Right", .seek(by: .seconds(15))),
            ("PgUp", .chapter(.previous)), ("PgDn", .chapter(.next)),
            (".", .frameStep(forward: true)), (",", .frameStep(forward: false)),
            (">", .playlist(.next)), ("<", .playlist(.previous)),
            ("b", .abLoop),
            ("[", .speed(.down)), ("]", .speed(.up)), ("Backspace", .speed(.reset)),
            ("Enter", .restore), ("f", .restore),
            ("x", .closeWindow),
            ("w", .swap),
            ("S-Left", .windowMove(.left)), ("H", .windowMove(.left)),
            ("S-Right", .windowMove(.right)), ("L", .windowMove(.right)),
            ("S-Up", .windowMove(.up)), ("K", .windowMove(.up)),
            ("S-Down", .windowMove(.down)), ("J", .windowMove(.down)),
            ("+", .windowSize(1)), ("=", .windowSize(1)), ("-", .windowSize(-1)),
            ("s", .windowStash),
            ("Esc", .focus(.pane)),
        ]),
        .library: bindings([
            ("Up", .select(.previous)), ("k", .select(.previous)),
            ("Down", .select(.next)), ("j", .select(.next)),
            ("PgUp", .select(.pageUp)), ("PgDn", .select(.pageDown)),
            ("Home", .select(.first)), ("g", .select(.first)),
            ("End", .select(.last)), ("G", .select(.last)),
            ("Enter", .open),
            ("i", .details), ("Right", .details),
        ]),
        .details: bindings([
            ("Enter", .open),
            ("Esc", .library), ("Left", .library), ("Backspace", .library), ("h", .library),
        ]),
        .shell: bindings([
            ("Tab", .focus(.window)),
        ]),
        .global: bindings([
            ("q", .quit), ("C-c", .quit),
            ("?", .help),
            ("!", .shell),
            ("Tab", .focus(.toggle)),
            ("f", .restore), ("x", .closeWindow), ("w", .swap),
            ("m", .mute), ("9", .volume(.by(-10))), ("0", .volume(.by(10))),
            ("c", .subtitles(.next)),
            ("a", .audio(.next)),
            ("End", .liveEdge), ("l", .liveEdge),
        ]),
    ])

    private static func bindings(_ list: [(String, Command)]) -> [Binding] {
        list.map { name, command in
            guard let trigger = Trigger(name: name) else { preconditionFailure("no key named \(name)") }
            return Binding(trigger: trigger, command: command)
        }
    }
}

extension KeyBindings {
    /// The same tables with the skips of `seek ±15` by `step` instead (`skip-step` in the
    /// config file).
    public func withSkipStep(_ step: MediaTime) -> KeyBindings {
        var changed = self
        for (context, table) in tables {
            changed.tables[context] = table.map { binding in
                guard case .seek(let by) = binding.command, abs(by.microseconds) == 15_000_000 else { return binding }
                return Binding(trigger: binding.trigger, command: .seek(by: by.microseconds < 0 ? -step : step))
            }
        }
        return changed
    }
}
