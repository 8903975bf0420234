/// The capability probe without its I/O: the queries to write, then the bytes read back,
/// until the terminal has answered or the caller's time is up. The terminal module does
/// the writing, reading and timing; this decides what the bytes mean and when to stop.
///
/// DA1 is asked last because every terminal answers it and answers in order: once its
/// reply is in, every other reply that will ever come has come, and the probe can stop
/// long before the timeout.
public struct TerminalCapabilityProbe: Sendable {
    /// The kitty graphics query (a 1x1 RGB image, `a=q` so nothing is stored or shown),
    /// XTVERSION, the cell size in pixels (`CSI 16 t`), iTerm2's version (`CSI 1337 n`, a
    /// device status report others ignore), and DA1 last, in one write: a terminal that
    /// answers none of the others still answers DA1, so they cost it nothing.
    public static let queries: [UInt8] = kittyGraphicsQuery + commonQueries

    static let kittyGraphicsQuery: [UInt8] = Array("\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\".utf8)
    static let commonQueries: [UInt8] = Array(("\u{1B}[>0q" + "\u{1B}[16t" + "\u{1B}[1337n" + "\u{1B}[c").utf8)

    /// What this probe writes: `queries`, less the kitty graphics query inside tmux. tmux
    /// passes no APC on to the terminal outside; it takes one for the pane's title, which
    /// stayed `Gi=31,s=1,…` after the player quit. Nothing is lost: inside tmux kitty is
    /// known from the environment only (`TerminalCapabilities.bestGraphics`), and the
    /// pictures themselves go through tmux's passthrough.
    public var queriesToWrite: [UInt8] {
        capabilities.insideTmux ? Self.commonQueries : Self.queries
    }

    /// What the replies so far say.
    public private(set) var capabilities: TerminalCapabilities
    /// Whether DA1 has been answered: nothing more will come.
    public private(set) var isComplete = false
    private var parser = TerminalReplyParser()

    /// A probe of the terminal a process with `environment` runs in (TMUX marks tmux).
    public init(environment: [String: String]) {
        capabilities = TerminalCapabilities(environment: environment)
    }

    /// Takes the bytes of one read; returns whether the probe is complete.
    @discardableResult
    public mutating func receive<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        for reply in parser.feed(bytes) {
            capabilities.record(reply)
            if case .primaryAttributes = reply { isComplete = true }
        }
        return isComplete
    }

    /// Ends the probe: fills in the cell size from the tty's window size when the terminal
    /// did not give it, and hands back the keys the user typed meanwhile (with any reply
    /// cut off by the timeout, which the input decoder skips).
    public mutating func finish(windowPixels: PixelSize?, cells: CellSize?) -> (TerminalCapabilities, leftoverInput: [UInt8]) {
        if capabilities.cellPixels == nil, let windowPixels, let cells,
           let cell = TerminalCapabilities.cellPixels(window: windowPixels, cells: cells) {
            capabilities.cellPixels = cell
            capabilities.cellPixelsSource = .windowSize
        }
        return (capabilities, parser.finish())
    }
}
