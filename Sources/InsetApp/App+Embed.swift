import InsetCore
import InsetLog
import InsetRender
import InsetTerminal

/// Embed mode (`inset --embed COLSxROWS+X+Y`): the composed screen is the rectangle, drawn
/// at its place on the terminal, and nothing outside it is written (ARCHITECTURE.md,
/// "Embed mode"). The pieces: the embedded `TerminalSession` (no alternate screen, no
/// modes, the rectangle erased on every way out), the rasterizer's origin and embedded
/// frames (no clear, the cursor saved and put back), pictures moved to the rectangle and
/// their kitty images deleted on the way out.
extension App {
    static let saveCursor: [UInt8] = [0x1B, UInt8(ascii: "7")]
    static let restoreCursor: [UInt8] = [0x1B, UInt8(ascii: "8")]

    /// What the terminal can show, without asking it: an embedded player shares the
    /// keyboard with the program beside it (a shell, a file manager), which would read the
    /// terminal's replies as typed keys. Kitty graphics when the environment names kitty
    /// (inside tmux as Unicode placeholders, as always there), else cells; `--graphics`
    /// says otherwise. The cell's size comes from the tty's window size when it has pixels.
    static func embeddedCapabilities(_ session: TerminalSession, environment: [String: String]) -> TerminalCapabilities {
        var capabilities = TerminalCapabilities(environment: environment)
        capabilities.kittyGraphics = capabilities.kittyInEnvironment || environment["TERM"] == "xterm-kitty"
        if let cell = session.windowCellPixels {
            capabilities.cellPixels = cell
            capabilities.cellPixelsSource = .windowSize
        }
        Log.info("embedded: \(capabilities), not asked")
        return capabilities
    }

    /// Sets the painter to draw the rectangle in place, and the session to delete the
    /// kitty picture before it erases the rectangle, on whichever way out.
    static func embed(_ painter: FramePainter, _ session: TerminalSession, pictures: (any PictureOutput)?) {
        painter.rasterizer.embedded = true
        painter.rasterizer.origin = session.origin
        guard let pictures else { return }
        let bytes = OutputBuffer(capacity: 256)
        let imageIDs = pictures.usesPlaceholders ? [PicturePresenter.PlaceholderImage.player] : [PicturePresenter.imageID]
        pictures.delete(imageIDs: imageIDs, into: bytes)
        guard !bytes.isEmpty else { return }
        session.setFarewell(bytes.withUnsafeBytes { Array($0) })
    }
}
