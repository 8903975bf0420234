/// The terminal multiplexer between the player and the terminal, from the environment, and
/// which pictures pass through it. What the environment says of the terminal outside
/// (kitty's KITTY_WINDOW_ID, inherited by every process started under it) is no promise
/// that a picture reaches it:
/// - GNU screen cuts a string sequence past about 768 bytes and prints the rest as text
///   (a kitty picture came out as a screenful of base64); dvtm drops every picture
///   protocol (a blank rectangle). Inside either, only cells are drawn. Either anywhere
///   in the chain (STY or DVTM inherited through a tmux inside them) cuts the pictures of
///   whatever runs inside, so either wins over tmux and Zellij.
/// - Zellij (0.45) takes kitty pictures as direct placements only (no Unicode
///   placeholders, no shared memory) and sixel; not iTerm2's images.
/// - tmux passes kitty and iTerm2 pictures wrapped (placeholders for kitty: the app's
///   choice), and 3.4 and later draw sixel themselves when built with it, which only
///   `#{sixel_support}` says (`tmuxSixel`).
/// abduco passes everything and replays nothing on attach: it needs no rule here, the
/// player redraws everything on the SIGWINCH an attach sends.
public enum Multiplexer: String, Sendable, CaseIterable {
    case none
    case tmux
    case screen
    case dvtm
    case zellij

    /// From the variables each sets in the programs it runs: STY (screen's session
    /// name), DVTM (its version), ZELLIJ (0), TMUX (its socket); TERM as the innermost one
    /// sets it when its own variable was cleared (`screen*` is tmux's too, so only
    /// without TMUX).
    public init(environment: [String: String]) {
        func set(_ name: String) -> Bool { !(environment[name] ?? "").isEmpty }
        let term = environment["TERM"] ?? ""
        let tmux = set("TMUX")
        if set("DVTM") || term.hasPrefix("dvtm") {
            self = .dvtm
        } else if set("STY") || !tmux && term.hasPrefix("screen") {
            self = .screen
        } else if set("ZELLIJ") {
            self = .zellij
        } else if tmux || term.hasPrefix("tmux") {
            self = .tmux
        } else {
            self = .none
        }
    }

    /// Whether any picture protocol reaches the terminal through it.
    public var passesPictures: Bool { self != .screen && self != .dvtm }

    /// Kitty pictures must be placed directly: Zellij draws no Unicode placeholders.
    public var forbidsKittyPlaceholders: Bool { self == .zellij }

    /// Kitty pictures must travel in the escapes: Zellij reads no shared memory.
    public var forbidsSharedMemory: Bool { self == .zellij }

    /// The way to draw pictures here, given the one wanted (asked for, or the terminal's
    /// best) and, inside tmux, whether tmux draws sixel itself (`#{sixel_support}`).
    public func graphics(_ wanted: GraphicsMode, tmuxSixel: Bool = false) -> GraphicsMode {
        switch self {
        case .screen, .dvtm:
            return .cells
        case .zellij:
            return wanted == .iterm ? .cells : wanted
        case .tmux:
            return wanted == .cells && tmuxSixel ? .sixel : wanted
        case .none:
            return wanted
        }
    }

    /// tmux's answer to `display -p '#{sixel_support}'`: "1" where it draws sixel; tmux
    /// before 3.4 knows no such format and prints an empty line.
    public static func tmuxDrawsSixel(answer: String) -> Bool {
        answer.split(whereSeparator: { $0 == "\n" || $0 == " " }) == ["1"]
    }
}
