import InsetCore

extension Play {
    /// The options whose next word is their value, for `PathArguments`: every `@Option`
    /// of Play.swift, by its long name, with those declared `parsing: .unconditional` in the second
    /// set too. An option missing here would have its value read as a path (and the parser
    /// then report the value missing). The options a row of the settings table names
    /// (`Setting.Use.option`: `--volume`, `--title`) come from the table; the rest, options
    /// with no row yet, are listed here and in each group's `optionsWithValue`.
    static let optionsWithValue: Set<String> = Set([
        "--prefix", "--colors", "--linear", "--threads", "--blitter", "--graphics",
        "--sub", "--sub-file", "--sub-lang", "--sub-charset", "--audio-lang", "--config", "--embed",
        "--audio-file", "--ytdl", "--ytdl-path",
        // The parser's own, on the root command: `--generate-completion-script bash`.
        "--generate-completion-script",
    ]).union(SettingsTable.insetOptionsWithValue)
        .union(MpvSpelledArguments.optionsWithValue).union(SoundArguments.optionsWithValue).union(MusicArguments.optionsWithValue)
        .union(LinkArguments.optionsWithValue).union(KeptSettingsArguments.optionsWithValue).union(EmbedArguments.optionsWithValue)
    static let unconditionalOptions: Set<String> = Set(["--threads"]).union(SettingsTable.insetUnconditionalOptions)
        .union(MpvSpelledArguments.unconditionalOptions).union(SoundArguments.unconditionalOptions)
}
