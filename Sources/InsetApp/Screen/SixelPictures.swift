import InsetCore
import InsetRender

/// Sixel: pixels on the terminal's screen, no ids and no delete, which only cells written
/// over them take away; after the first picture only the cells that changed
/// (`SixelSender`); over a slow link a smaller palette, then a smaller picture shown at its
/// size (the terminal does not scale it), centred in its cells.
struct SixelPictures: PictureOutput, Hashable {
    var leavesPixels: Bool { true }
    var bytesReplayable: Bool { true }
    var scalesToCells: Bool { false }
    var sendsChanges: Bool { true }
    /// A sixel image can end anywhere in its data (the terminal shows the bands it has).
    var canBeCutShort: Bool { true }
    /// ST, then the synchronized update's end.
    var abandon: [UInt8] { Array("\u{1B}\\\u{1B}[?2026l".utf8) }

    var qualityRungs: Int { PictureQuality.sixelColors.count }
    func qualityName(rung: Int) -> String { "\(PictureQuality.sixelColors(rung: rung)) colours" }

    func delete(imageIDs: [UInt32], into buffer: OutputBuffer) {}

    func makeEncoder(quality: Int) -> any PictureEncoder { SixelSender(colors: PictureQuality.sixelColors(rung: quality)) }
}

extension SixelSender: PictureEncoder {
    func encodes(quality: Int) -> Bool { colors == PictureQuality.sixelColors(rung: quality) }

    func encode(_ job: PicturePresenter.Job, onScreen: Int, paneOrigin: CellPoint?, into buffer: OutputBuffer) throws -> Bool {
        send(job.image, cells: job.cells, pixelsPerCell: job.pixelsPerCell, generation: job.generation, onScreen: onScreen,
             into: buffer)
    }
}

extension PictureOutput where Self == SixelPictures {
    static var sixel: SixelPictures { SixelPictures() }
}
