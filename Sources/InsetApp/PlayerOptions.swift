import InsetCore

/// What the command line asked the player for.
public struct PlayerOptions: Sendable {
    public var path: String
    public var colorMode: ColorMode?
    public var showStats: Bool
    public var loop: Bool
    public var start: MediaTime?
    public var threads: Int?
    public var linear: LinearRanges
    public var pipAllowed: Bool
    public var automaticPiP: Bool

    public init(path: String, colorMode: ColorMode? = nil, showStats: Bool = false, loop: Bool = false,
                start: MediaTime? = nil, threads: Int? = nil, linear: LinearRanges = .none,
                pipAllowed: Bool = true, automaticPiP: Bool = true) {
        self.path = path; self.colorMode = colorMode; self.showStats = showStats; self.loop = loop
        self.start = start; self.threads = threads; self.linear = linear
        self.pipAllowed = pipAllowed; self.automaticPiP = automaticPiP
    }
}

/// How a playback session ended, for the exit status and the closing line.
public struct PlaybackSummary: Sendable {
    public var framesShown: Int
    public var framesDropped: Int
    /// Wall time from the first frame shown to the end, in seconds.
    public var wallSeconds: Double
    /// The signal that ended playback (SIGTERM, SIGHUP), if one did.
    public var signal: Int32?
}
