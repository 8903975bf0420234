/// What a terminal said it can do when asked: its name, its DA1 features, whether it
/// speaks the kitty graphics protocol, the size of a cell in pixels, and whether tmux
/// stands between us and it. Built by `TerminalCapabilityProbe` from the replies.
public struct TerminalCapabilities: Sendable, Hashable {
    /// Where `cellPixels` came from.
    public enum CellPixelsSource: String, Sendable, Hashable {
        /// The terminal's reply to `CSI 16 t`.
        case query = "CSI 16 t"
        /// The tty's window size (TIOCGWINSZ pixels over cells): no reply to `CSI 16 t`,
        /// which xterm leaves unanswered unless allowWindowOps is set.
        case windowSize = "TIOCGWINSZ"
    }

    /// Whether the terminal replied to anything at all.
    public var answered = false
    /// XTVERSION's text ("kitty(0.39.1)", "XTerm(379)", "tmux 3.3a"), nil without a reply.
    public var terminalName: String?
    /// DA1's numbers after `?`: the device class (62, 63, 64) then its features.
    public var primaryAttributes: [Int] = []
    /// Whether the kitty graphics query was answered `OK`.
    public var kittyGraphics = false
    /// One cell in pixels, nil when neither the terminal nor the tty said.
    public var cellPixels: PixelSize?
    /// Where `cellPixels` came from, nil when it is nil.
    public var cellPixelsSource: CellPixelsSource?
    /// Whether tmux is in between: TMUX was set, or tmux answered XTVERSION itself.
    public var insideTmux = false
    /// Whether the environment says kitty runs this (KITTY_WINDOW_ID, which kitty sets and
    /// tmux hands on to its panes from the environment its server started in). Inside tmux
    /// this is the only sign of the terminal outside: tmux answers XTVERSION and DA1
    /// itself and drops the kitty query. It can be stale (a session started in kitty,
    /// attached later from another terminal); `--graphics` overrides.
    public var kittyInEnvironment = false

    /// The terminal the environment names (`TerminalCapabilities+ITerm`): TERM_PROGRAM,
    /// LC_TERMINAL or a terminal's own variable, nil when none does.
    public var programInEnvironment: String?
    /// iTerm2's version, from its reply to `CSI 1337 n`; nil where that is unanswered.
    public var iTermVersion: String?

    public init() {}

    /// What is known before asking: whether the process runs inside tmux (TMUX is set).
    public init(environment: [String: String]) {
        insideTmux = !(environment["TMUX"] ?? "").isEmpty
        kittyInEnvironment = !(environment["KITTY_WINDOW_ID"] ?? "").isEmpty
        programInEnvironment = Self.program(in: environment)
    }

    /// Inside tmux with kitty outside it: pictures go as kitty's Unicode placeholders.
    public var kittyOutsideTmux: Bool { insideTmux && kittyInEnvironment }

    /// Whether DA1 lists feature 4, sixel graphics.
    public var sixel: Bool { primaryAttributes.dropFirst().contains(4) }

    /// Whether the terminal draws the octant characters (U+1CD00-1CDE5) itself, as it does
    /// box drawing, rather than from a font that may not have them.
    public var drawsOctantsNatively: Bool {
        guard let name = terminalName?.lowercased() else { return false }
        return Self.octantDrawingTerminals.contains { name.hasPrefix($0) }
    }

    /// XTVERSION names (lower case) of terminals known to draw octants themselves.
    static let octantDrawingTerminals = ["kitty", "foot", "wezterm", "ghostty"]

    /// The best way to show pictures here: kitty graphics if the terminal said OK (and is
    /// not one whose kitty support is partial, `kittyIsPartial`), or, inside tmux (which
    /// answers for itself, so the terminal never says), if the environment names kitty
    /// outside (the app then uses placeholders); else iTerm2's inline images where the
    /// terminal is one that draws them (`drawsITermImages`, by its name, the environment or
    /// its answer to `CSI 1337 n`: there they are the native path,
    /// and JPEG is lighter than sixel); else sixel if DA1 lists it, else character cells.
    public func bestGraphics() -> GraphicsMode {
        if insideTmux ? kittyInEnvironment : kittyGraphics && !kittyIsPartial { return .kitty }
        if drawsITermImages { return .iterm }
        if sixel { return .sixel }
        return .cells
    }

    /// Takes one reply into account.
    public mutating func record(_ reply: TerminalReply) {
        answered = true
        switch reply {
        case .primaryAttributes(let numbers):
            primaryAttributes = numbers
        case .terminalVersion(let name):
            terminalName = name
            if name.lowercased().hasPrefix("tmux") { insideTmux = true }
        case .kittyGraphics(_, let message):
            kittyGraphics = message == "OK"
        case .cellPixels(let size):
            cellPixels = size
            cellPixelsSource = .query
        case .iTermVersion(let version):
            iTermVersion = version
        case .other:
            break
        }
    }

    /// The cell size the tty's window size implies, when the terminal did not answer
    /// `CSI 16 t`: TIOCGWINSZ's pixels (which some terminals leave at zero) over its cells,
    /// rounded down, since xterm counts its border in the pixels.
    public static func cellPixels(window: PixelSize, cells: CellSize) -> PixelSize? {
        guard !window.isEmpty, !cells.isEmpty else { return nil }
        let cell = PixelSize(width: window.width / cells.columns, height: window.height / cells.rows)
        return isPlausibleCell(cell) ? cell : nil
    }

    /// The cell sizes taken from a terminal: a few hundred pixels a side at most (a 4K
    /// screen at a huge font is about 100x200). A reply of `CSI 6;40000;40000t` made the
    /// pictures' buffers 3.7 TB and aborted the player; past this the reply is not taken,
    /// as if there were none.
    public static let plausibleCellSide = 1...512

    public static func isPlausibleCell(_ size: PixelSize) -> Bool {
        plausibleCellSide.contains(size.width) && plausibleCellSide.contains(size.height)
    }
}
