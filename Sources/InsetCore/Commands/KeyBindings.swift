/// Which command each key and mouse wheel step runs, one table per place the keyboard can
/// be: the default tables below, changed by the config file's `[keys.*]` lines. The `?`
/// overlay, `inset keys` and docs/keys.md are written from the same tables.
public struct KeyBindings: Sendable, Equatable {
    /// Where a key is read. A key is looked up in the focused place's table first, then in
    /// the tables it falls back to (`lookupOrder`), so `q` in `global` quits everywhere but
    /// in the shell pane, where keys go to the shell.
    public enum Context: String, Sendable, CaseIterable {
        /// The full-screen video.
        case player
        /// The floating window, when it has the focus.
        case window
        /// The window's video while the library or a file's details have the keys: the
        /// README's keys that play (Space, ←/→, p) reach it before the pane's own (issue 48).
        case windowVideo = "window-video"
        case library
        /// A file's details.
        case details
        /// The shell pane, after the prefix chord (every other key goes to the shell).
        case shell
        /// Every pane, after its own table.
        case global

        public var title: String {
            switch self {
            case .player: "the full-screen video"
            case .window: "the floating window (when focused)"
            case .windowVideo: "the window's video, over the library or details (before their keys)"
            case .library: "the library"
            case .details: "a file's details"
            case .shell: "the shell pane, after the prefix chord"
            case .global: "everywhere (after the pane's own keys)"
            }
        }
    }

    /// What can be bound: a key, or a step of the mouse wheel.
    public enum Trigger: Hashable, Sendable, CustomStringConvertible {
        case key(KeyPress)
        case wheel(up: Bool)

        public init?(name: String) {
            switch name.lowercased() {
            case "wheelup", "wheel-up": self = .wheel(up: true)
            case "wheeldown", "wheel-down": self = .wheel(up: false)
            default:
                guard let press = KeyPress(name: name) else { return nil }
                self = .key(press)
            }
        }

        public var description: String {
            switch self {
            case .key(let press): press.description
            case .wheel(let up): up ? "WheelUp" : "WheelDown"
            }
        }
    }

    public struct Binding: Hashable, Sendable {
        public var trigger: Trigger
        public var command: Command
    }

    /// Each context's bindings in the order the help lists them.
    public internal(set) var tables: [Context: [Binding]]
    /// How far the skip buttons of the bar and the window go, and what their labels say:
    /// the config's `skip-step` (`withSkipStep`), the keys' ±15 s otherwise.
    public internal(set) var skipStep = PlaybackEvent.skipInterval

    public init(tables: [Context: [Binding]]) { self.tables = tables }

    /// The command `trigger` runs in `context` alone, without the fallbacks.
    public func command(for trigger: Trigger, in context: Context) -> Command? {
        tables[context]?.first { $0.trigger == trigger }?.command
    }

    /// The command `trigger` runs in the first of `contexts` that binds it.
    public func command(for trigger: Trigger, in contexts: [Context]) -> Command? {
        for context in contexts { if let command = command(for: trigger, in: context) { return command } }
        return nil
    }

    /// Binds `trigger` to `command` in `context` (nil unbinds it there), replacing what it ran.
    public mutating func bind(_ trigger: Trigger, to command: Command?, in context: Context) {
        var table = tables[context] ?? []
        if let index = table.firstIndex(where: { $0.trigger == trigger }) {
            if let command { table[index].command = command } else { table.remove(at: index) }
        } else if let command {
            table.append(Binding(trigger: trigger, command: command))
        }
        tables[context] = table
    }

    /// The context's bindings as the help lists them: the triggers of one command together
    /// (`Enter, f`), in the table's order.
    public func grouped(in context: Context) -> [(triggers: [Trigger], command: Command)] {
        var groups: [(triggers: [Trigger], command: Command)] = []
        for binding in tables[context] ?? [] {
            if let index = groups.firstIndex(where: { $0.command == binding.command }) {
                groups[index].triggers.append(binding.trigger)
            } else {
                groups.append(([binding.trigger], binding.command))
            }
        }
        return groups
    }
}
