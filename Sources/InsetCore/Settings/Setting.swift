/// One row of the settings table (`SettingsTable`): a setting or property, under Inset's
/// name and mpv's, with the type every reader parses its value by, its default, whether
/// the config file has it, which command sets it while playing and whether a client can
/// observe it; and what the command line does with mpv's spelling of it (`use`).
public struct Setting: Sendable {
    /// Inset's name: the config key (when `inConfig`), `inset ctl get/set NAME`.
    public var name: String
    /// mpv's names for it, the option's first (`volume`; `force-media-title`, `title`); empty
    /// for a setting only Inset has.
    public var mpvNames: [String]
    public var type: SettingType
    /// The default as mpv prints it (`100.000`, `none`, `no`), parsed by `type`.
    public var defaultText: String
    /// Whether the config file takes it, under `name`.
    public var inConfig: Bool
    /// The command (the command table's name) that changes it while playing (`volume`,
    /// `speed`), or mpv's `set` for one a session keeps that no command of Inset's changes
    /// (`loop-file`, `video`); nil when only the start of playback reads it. A live property
    /// with a command has a setter in mpv's IPC (`MpvPropertyRow.write`), one without none.
    public var command: String?
    /// Whether `observe_property` / `inset ctl observe` report its changes.
    public var observable: Bool
    /// mpv's property names that mpv's IPC (`MpvIPC.value(of:in:)`) answers live for it
    /// (`time-pos`, `playback-time`); empty when the row is an option only, read as its
    /// default under `options/NAME`. `SettingsTable.propertyNames` lists them all.
    public var propertyNames: [String]
    public var use: Use
    /// One line for `--help`, the docs and the table's tests.
    public var summary: String

    /// What the play command does with the option as mpv spells it.
    public enum Use: Sendable {
        /// Inset's own option takes it: the arguments the parsed value becomes (none: the
        /// default, nothing to say).
        case arguments(@Sendable (SettingValue) -> [String])
        /// Inset's option `FLAG VALUE` (`--volume 50`), the value as the closure writes it (nil:
        /// nothing given). Named here, not hidden in a closure, so the play command's list of
        /// options that take the next word is the table's (`SettingsTable.insetOptionsWithValue`).
        case option(String, @Sendable (SettingValue) -> String?)
        /// The word goes to Inset's parser as given: Inset's option has mpv's name and its
        /// own meaning (`--sub FILE`).
        case insetSpelling
        /// Kept by value for the code that uses it: the play command's `AppOptions.settings`
        /// (`SettingValues`), the command line's over the config file's over the default.
        /// The way for a new setting that no option of Inset's spells.
        case value
        /// Parsed and checked as mpv would, then dropped with one log line saying why:
        /// nothing it changes applies to Inset yet, or another part is building it.
        case ignored(String)
    }

    public init(_ name: String, mpv mpvNames: [String]? = nil, _ type: SettingType, default defaultText: String,
                config inConfig: Bool = false, command: String? = nil, observable: Bool = false,
                property propertyNames: [String] = [], use: Use, _ summary: String) {
        self.name = name
        self.mpvNames = mpvNames ?? [name]
        self.type = type
        self.defaultText = defaultText
        self.inConfig = inConfig
        self.command = command
        self.observable = observable
        self.propertyNames = propertyNames
        self.use = use
        self.summary = summary
    }

    /// The default, parsed (a row whose default does not parse is a bug the tests catch).
    public var defaultValue: SettingValue? {
        try? type.parse(defaultText, option: name)
    }
}

extension Setting.Use {
    /// Inset's option `--NAME VALUE`, the value as it is printed.
    public static func option(_ flag: String) -> Self { .option(flag) { $0.text } }

    /// Inset's flag `--NAME` when the value is yes (a flag, or a choice's `yes`).
    public static func flag(_ flag: String) -> Self {
        .arguments { value in value == .flag(true) || value == .text("yes") ? [flag] : [] }
    }
}
