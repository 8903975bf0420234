import Foundation
import InsetCore
import InsetRender

/// The sixel side of `PicturePresenter`'s encoding thread: each picture whole, or only the
/// cells that changed when the screen still shows the last one this sent.
///
/// Whether it does is the presenter's to say (`onScreen`: the generation of the picture the
/// UI thread wrote last, with nothing drawn over it or cleared since): the encoder's last
/// frame must be what the terminal shows, at the same cells and size, or a picture of the
/// changes would land on something else. The cursor goes to the changed rectangle's cell.
///
/// Ownership: the presenter's encoding thread.
final class SixelSender {
    /// A whole picture at least this often: xterm 379 showed old pixels under later
    /// changes after long runs of them (it keeps a bounded list of images, likely dropping
    /// the whole one beneath); with this, 5 runs of scripts/xterm-sixel (now
    /// scripts/real-terminal --terminal xterm) were clean.
    static let wholeEvery = 8

    /// Two threads map a large picture's pixels when the machine has two cores: the
    /// picture is the same and lands sooner (`SixelEncoder.threads`).
    private let encoder: SixelEncoder
    /// The palette's size (the link's quality rung, `PictureQuality.sixelColors`).
    let colors: Int

    init(colors: Int = 256) {
        self.colors = colors
        encoder = SixelEncoder(maxColors: colors, threads: min(2, ProcessInfo.processInfo.activeProcessorCount))
    }
    private var last: (generation: Int, cells: CellRect, size: PixelSize)?
    private var partsSinceWhole = 0

    /// Appends picture `generation` of `image` at `cells` (cursor move and image, or nothing
    /// when no cell changed); returns whether what it appended, if shown, is the whole picture.
    func send(_ image: RGBImage, cells: CellRect, pixelsPerCell perCell: PixelSize, generation: Int,
              onScreen: Int, into buffer: OutputBuffer) -> Bool {
        let shownStill = last.map { $0.generation == onScreen && $0.cells == cells && $0.size == image.size } ?? false
        let partial = shownStill && partsSinceWhole < Self.wholeEvery - 1 && perCell.width > 0 && perCell.height > 0
        last = (generation, cells, image.size)
        guard let rect = encoder.prepare(image, changesOnly: partial ? perCell : nil) else { return false }
        let whole = rect.size == image.size
        partsSinceWhole = whole ? 0 : partsSinceWhole + 1
        buffer.appendMove(to: CellPoint(column: cells.origin.column + rect.x / max(1, perCell.width),
                                        row: cells.origin.row + rect.y / max(1, perCell.height)))
        encoder.write(into: buffer)
        return whole
    }
}
