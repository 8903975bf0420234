extension App {
    /// The exit status mpv's `quit CODE` asked for, nil when none did.
    public var quitCode: Int32? { director.outcome.quitCode }
}
