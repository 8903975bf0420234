import InsetCore
import InsetMedia
import InsetRender

/// iTerm2's inline images (OSC 1337 `File=`): each picture a JPEG of the whole (`JPEGEncoder`,
/// `ITermInlineImage`), sized to its cells by the terminal; like sixel, pixels in the cells
/// until something is written there, no ids, no delete. Inside tmux, in the multipart form
/// through passthrough, placed where the pane is outside.
struct ITermPictures: PictureOutput, Hashable {
    var passthrough: Bool

    var leavesPixels: Bool { true }
    var bytesReplayable: Bool { true }
    var scalesToCells: Bool { true }
    var sendsChanges: Bool { false }
    /// A JPEG cut short is a broken picture, and at tens of kilobytes it is written in a
    /// fraction of a second even on a slow link: it goes whole.
    var canBeCutShort: Bool { false }
    var abandon: [UInt8] { [] }

    var qualityRungs: Int { PictureQuality.jpegQualities.count }
    func qualityName(rung: Int) -> String { "q \(PictureQuality.jpegQuality(rung: rung))" }

    func delete(imageIDs: [UInt32], into buffer: OutputBuffer) {}

    func makeEncoder(quality: Int) -> any PictureEncoder {
        ITermPictureEncoder(jpeg: JPEGEncoder(quality: PictureQuality.jpegQuality(rung: quality)), passthrough: passthrough)
    }

    var followsTmuxPane: Bool { passthrough }

    /// Konsole keeps an iTerm2 picture under whatever is written over it.
    func keepsPixelsUnderText(_ capabilities: TerminalCapabilities) -> Bool { capabilities.keepsITermImagesUnderText }
}

/// An iTerm2 slot's encoder: libavcodec's JPEG encoder, kept while the quality stays.
final class ITermPictureEncoder: PictureEncoder {
    let jpeg: JPEGEncoder
    let passthrough: Bool

    init(jpeg: JPEGEncoder, passthrough: Bool) {
        self.jpeg = jpeg
        self.passthrough = passthrough
    }

    func encodes(quality: Int) -> Bool { jpeg.quality == PictureQuality.jpegQuality(rung: quality) }

    func encode(_ job: PicturePresenter.Job, onScreen: Int, paneOrigin: CellPoint?, into buffer: OutputBuffer) throws -> Bool {
        buffer.appendMove(to: job.cells.origin)
        let outside = passthrough ? paneOrigin.map {
            CellPoint(column: $0.column + job.cells.minColumn, row: $0.row + job.cells.minRow)
        } : nil
        try jpeg.encode(job.image) { file in
            ITermInlineImage.write(file, cells: job.cells.size, passthrough: passthrough, at: outside, into: buffer)
        }
        return true
    }
}

extension PictureOutput where Self == ITermPictures {
    static func iterm(passthrough: Bool) -> ITermPictures { ITermPictures(passthrough: passthrough) }
}
