extension Play {
    /// The options whose next word is their value, for `PathArguments`: every `@Option`
    /// of Play.swift, by its long name, with those declared `parsing: .unconditional` in the second
    /// set too. An option missing here would have its value read as a path (and the parser
    /// then report the value missing), so a new option is added here as well.
    static let optionsWithValue: Set<String> = Set([
        "--prefix", "--colors", "--start", "--linear", "--threads", "--blitter", "--graphics", "--volume", "--speed",
        "--sub", "--sub-file", "--sub-lang", "--sub-charset", "--audio-lang", "--config", "--socket", "--screenshot-dir", "--embed",
        "--audio-file", "--ytdl", "--ytdl-path", "--ytdl-format", "--ytdl-raw-options",
        // The parser's own, on the root command: `--generate-completion-script bash`.
        "--generate-completion-script",
    ]).union(MpvSpelledArguments.optionsWithValue).union(SoundArguments.optionsWithValue).union(MusicArguments.optionsWithValue).union(LinkArguments.optionsWithValue)
        .union(KeptSettingsArguments.optionsWithValue).union(WatchLaterArguments.optionsWithValue)
        .union(EmbedArguments.optionsWithValue)
    static let unconditionalOptions: Set<String> = Set(["--start", "--threads", "--volume", "--speed"])
        .union(MpvSpelledArguments.unconditionalOptions).union(SoundArguments.unconditionalOptions)
        .union(EmbedArguments.unconditionalOptions)
}
