import Foundation
import InsetCore
import InsetLog
import InsetRender
import InsetTerminal

extension App {
    /// Asks the terminal what it draws (graphics protocols, the cell's size in pixels),
    /// unless the command line already said everything: `--graphics cells` with a blitter.
    /// A terminal that does not answer costs the probe's timeout once, at start.
    static func askTerminal(_ session: TerminalSession, _ options: AppOptions,
                            environment: [String: String]) -> TerminalCapabilities {
        guard options.graphics != .cells || options.blitter == nil,
              let outcome = session.probe(environment: environment) else {
            return TerminalCapabilities(environment: environment)
        }
        Log.info("terminal: \(outcome.capabilities) in \(outcome.elapsed)")
        return outcome.capabilities
    }

    /// A cell's size when a graphics protocol is asked for but the terminal did not say:
    /// a common 10x20.
    static let assumedCellPixels = PixelSize(width: 10, height: 20)

    /// How the video is drawn: real pixels when the terminal takes them (or the command
    /// line insists), else cells with the blitter asked for, or for auto, octants where the
    /// terminal draws them itself and half blocks elsewhere (their glyphs are in every
    /// font). The cell's real shape replaces the assumed 1:2 where the terminal said it.
    /// Kitty graphics inside tmux are always Unicode placeholders (with passthrough): a
    /// placement at the cursor would not follow the pane, nor be covered by tmux's text.
    /// Kitty and iTerm2 scale a picture to the cells it is given; sixel does not
    /// (`CellRaster.scalesToCells`, for `PictureBound`).
    static func drawing(_ options: AppOptions, _ capabilities: TerminalCapabilities, environment: [String: String])
        -> (raster: CellRaster, pictures: (any PictureOutput)?) {
        let cellPixels = capabilities.cellPixels
        let (mode, multiplexer) = graphicsPassing(options.graphics ?? capabilities.bestGraphics(), environment: environment)
        switch mode {
        case .kitty where capabilities.insideTmux && !multiplexer.forbidsKittyPlaceholders:
            return (CellRaster(cellPixels: cellPixels ?? assumedCellPixels, scalesToCells: true), KittyPictures(transmission: .direct, passthrough: true, placeholders: true))
        case .kitty:
            let remote = environment["SSH_CONNECTION"] != nil || environment["SSH_TTY"] != nil
            // Shared memory only where the terminal surely reads it: kitty itself, here.
            let local = !remote && (capabilities.terminalName?.hasPrefix("kitty") ?? false)
            // mpv's --vo-kitty-use-shm says it outright: the user knows where the terminal runs.
            let sharedMemory = !multiplexer.forbidsSharedMemory && (options.kittySharedMemory ?? local)
            return (CellRaster(cellPixels: cellPixels ?? assumedCellPixels, scalesToCells: true),
                    KittyPictures(transmission: sharedMemory ? .sharedMemory : .direct, passthrough: false))
        case .sixel:
            return (CellRaster(cellPixels: cellPixels ?? assumedCellPixels), SixelPictures())
        case .iterm where options.embed != nil && capabilities.keepsITermImagesUnderText:
            // Konsole keeps the picture until its whole screen is cleared, which an embedded
            // player must not do: it could never erase its rectangle. Cells instead.
            Log.info("embedded in \(capabilities.programInEnvironment ?? "Konsole"): cells, not iTerm2 images")
            return (CellRaster(blitter: options.blitter ?? .half, cellAspect: cellAspect(cellPixels)), nil)
        case .iterm:
            return (CellRaster(cellPixels: cellPixels ?? assumedCellPixels, scalesToCells: true),
                    ITermPictures(passthrough: capabilities.insideTmux))
        case .cells:
            let blitter = options.blitter ?? (capabilities.drawsOctantsNatively ? .octant : .half)
            return (CellRaster(blitter: blitter, cellAspect: cellAspect(cellPixels)), nil)
        }
    }

    /// A cell's width over its height, the common 1:2 where the terminal did not say.
    static func cellAspect(_ cellPixels: PixelSize?) -> Double {
        cellPixels.map { Double($0.width) / Double($0.height) } ?? CellRaster.assumedCellAspect
    }
}
