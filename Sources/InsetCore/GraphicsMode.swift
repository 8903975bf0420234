/// How pictures reach the screen: the kitty graphics protocol, sixel, or character cells
/// (half blocks and the like), which every terminal can show.
public enum GraphicsMode: String, CaseIterable, Sendable {
    case kitty
    case sixel
    case cells
}

/// What `--graphics` asks for: one mode, or `auto` to take the best the terminal says it
/// can do. The raw values are the spellings the command line takes.
public enum GraphicsChoice: String, CaseIterable, Sendable {
    case auto
    case kitty
    case sixel
    case cells

    /// The mode to use on a terminal with these capabilities. An explicit choice is taken
    /// as given, even when the terminal did not claim it: the user may know better (a
    /// terminal that answers no queries but draws sixel all the same).
    public func resolved(for capabilities: TerminalCapabilities) -> GraphicsMode {
        switch self {
        case .auto: capabilities.bestGraphics()
        case .kitty: .kitty
        case .sixel: .sixel
        case .cells: .cells
        }
    }
}
