/// How pictures reach the screen: the kitty graphics protocol, sixel, iTerm2's inline
/// images (OSC 1337 `File=`, JPEG), or character cells (half blocks and the like), which
/// every terminal can show. The raw values are the
/// spellings `--graphics` takes; its `auto` is no mode (nil): the terminal's best,
/// `TerminalCapabilities.bestGraphics()`. A mode given is taken as given, even when the
/// terminal did not claim it: the user may know better.
public enum GraphicsMode: String, CaseIterable, Sendable {
    case kitty
    case sixel
    case iterm
    case cells
}
