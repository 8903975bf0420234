import InsetCore
import InsetMedia
import InsetRender

/// Colours of the library and details panes, and the short texts their columns show.
/// Shared by both panes so that a file reads the same in the list and in its details.
enum LibraryTheme {
    static let background = RGB(16, 16, 20)
    static let text = CellStyle(foreground: RGB(220, 220, 224), background: background)
    static let title = CellStyle(foreground: RGB(250, 200, 60), background: background, attributes: .bold)
    static let header = CellStyle(foreground: RGB(150, 150, 160), background: RGB(30, 30, 36), attributes: .bold)
    static let dim = CellStyle(foreground: RGB(120, 120, 128), background: background)
    /// A failure's reason: red, dimmed, so it reads as information rather than an alarm.
    static let failed = CellStyle(foreground: RGB(230, 100, 90), background: background, attributes: .dim)
    static let hint = CellStyle(foreground: RGB(150, 150, 160), background: RGB(24, 24, 28))
    static let hintKey = CellStyle(foreground: RGB(250, 200, 60), background: RGB(24, 24, 28), attributes: .bold)

    /// The selected row's background: bright while the pane has focus, grey while the
    /// PiP window (or another pane) has it, so the user sees where keys go.
    static func selection(focused: Bool) -> RGB { focused ? RGB(38, 79, 140) : RGB(56, 56, 64) }

    static let blank = Cell(glyph: Cell.space, foreground: text.foreground.packed, background: background.packed)
    /// Where the preview's picture does not reach: black, as the player's letterbox bars.
    static let pictureBar = Cell(glyph: Cell.space, foreground: 0, background: 0)

    /// `style` on another background (a selected row keeps each column's colour).
    static func style(_ style: CellStyle, on background: RGB) -> CellStyle {
        CellStyle(foreground: style.foreground, background: background, attributes: style.attributes)
    }
}

/// What the list's columns say about an entry.
enum LibraryFormat {
    /// `text` cut to `limit` columns with `…`, without leaving a space before the `…`.
    static func fit(_ text: String, toColumns limit: Int) -> String {
        var cut = CellGrid.truncated(text, toColumns: limit)
        guard cut.hasSuffix("…"), cut != text else { return cut }
        cut.removeLast()
        while cut.last == " " { cut.removeLast() }
        return cut + "…"
    }

    /// `M:SS` or `H:MM:SS`; `LIVE` without a known end; `…` while probing; empty when failed.
    static func duration(_ entry: LibraryEntry) -> String {
        switch entry.state {
        case .probing: return "…"
        case .failed, .stream: return ""
        case .ready(let info): return info.duration.map(\.clockString) ?? "LIVE"
        }
    }

    /// How far a file was watched when last left, `37%`; empty when it was not (or its
    /// length is not known yet).
    static func watched(_ position: MediaTime?, of entry: LibraryEntry) -> String {
        guard let position, let info = entry.info, let duration = info.duration, duration > .zero else { return "" }
        let percent = Int(((position - info.start).seconds / duration.seconds * 100).rounded(.down))
        return "\(min(99, max(0, percent)))%"
    }

    /// `812 B`, `1.4 MB`, …, decimal units as `inset probe` prints them; empty when unknown.
    static func size(_ bytes: Int64?) -> String {
        bytes.map(ProbeReport.byteCount) ?? ""
    }

    /// The video codec and coded size (`h264 640x480`), `no video (mp3)` for audio files.
    static func video(_ entry: LibraryEntry) -> String {
        switch entry.state {
        case .probing: return "…"
        case .failed: return ""
        case .stream: return "stream"
        case .ready(let info):
            if let v = info.video { return "\(v.codec) \(v.width)x\(v.height)" }
            return info.audio.map { "no video (\($0.codec))" } ?? "no video"
        }
    }
}
