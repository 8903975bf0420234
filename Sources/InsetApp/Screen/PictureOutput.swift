import InsetCore
import InsetRender

/// A way of putting real pixels on the terminal: kitty graphics (`KittyPictures`), sixel
/// (`SixelPictures`) or iTerm2's inline images (`ITermPictures`). The presenter, the app and
/// the director ask this what they need to know of the terminal's pictures (how one is
/// encoded, placed, cut short, deleted; what it costs on the link; what the terminal does
/// with pixels written over), never which kind it is, so a fourth way is one new type and
/// one line in `App.drawing`, which picks it.
///
/// A value: chosen once at start, read on the UI thread and the encoding thread alike.
protocol PictureOutput: Sendable {
    /// Whether the video layers hold placeholder cells rather than holes: the picture is
    /// where its cells are (kitty's Unicode placeholders, inside tmux), not placed at the
    /// cursor.
    var usesPlaceholders: Bool { get }

    /// Whether pictures are pixels on the terminal's screen that only cells written over
    /// them take away (no ids, no delete: sixel, iTerm2 images), rather than images the
    /// player deletes by id (kitty). Such pixels must not be left where no picture goes
    /// (`PicturePresenter.leavesDebris`), and reaching the screen's last row scrolls it.
    var leavesPixels: Bool { get }

    /// Whether a picture's bytes, written again, show it again (after a full redraw): not
    /// through shared memory, which the terminal reads once and unlinks.
    var bytesReplayable: Bool { get }

    /// Whether the terminal scales a picture sent smaller (for the link) up to the cells it
    /// is given (kitty, iTerm2), rather than showing it at its size (sixel): then it takes
    /// fewer cells, centred in its own (`PicturePresenter.placement`).
    var scalesToCells: Bool { get }

    /// Whether the encoder sends only the cells that changed while the screen still shows
    /// its last picture (sixel): the presenter tells it which picture the screen shows.
    var sendsChanges: Bool { get }

    /// Whether a picture being written may be cut short (for a key, or for time) and ended
    /// early (`abandon`): not a JPEG (a broken picture), not inside tmux's passthrough (a
    /// cut escape would stay open).
    var canBeCutShort: Bool { get }

    /// Where a picture cut short may end at or after `start` (sixel: anywhere; kitty: after
    /// a whole chunk).
    func cutPoint(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int

    /// Ends a picture cut short, then the synchronized update it is in.
    var abandon: [UInt8] { get }

    /// The link's quality rungs for pictures (`PictureQuality`): how many, and each as said
    /// in `--stats` ("q 10", "64 colours", "whole").
    var qualityRungs: Int { get }
    func qualityName(rung: Int) -> String

    /// Appends what deletes these images and their data; nothing where pictures are pixels
    /// (`leavesPixels`).
    func delete(imageIDs: [UInt32], into buffer: OutputBuffer)

    /// A slot's encoder, at quality rung `quality` (encoding thread).
    func makeEncoder(quality: Int) -> any PictureEncoder

    /// Whether the pictures' place outside tmux must be followed (`TmuxPaneWatch`): the
    /// bytes say where the picture goes on the outer terminal.
    var followsTmuxPane: Bool { get }

    /// Whether, on this terminal, cells written over a picture leave its pixels (Konsole's
    /// iTerm2 images): a picture that moves or goes then has the screen cleared.
    func keepsPixelsUnderText(_ capabilities: TerminalCapabilities) -> Bool

    /// Before the first picture (UI thread, at start): what a player that died left behind
    /// goes.
    func prepare()
}

extension PictureOutput {
    var usesPlaceholders: Bool { false }
    var followsTmuxPane: Bool { false }
    func keepsPixelsUnderText(_ capabilities: TerminalCapabilities) -> Bool { false }
    func prepare() {}
    /// A picture is cut between any two bytes unless the output says otherwise.
    func cutPoint(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int { start }
}

/// One slot's encoder, with the state it keeps from picture to picture (a palette, the last
/// frame, a codec context). Ownership: the presenter's encoding thread.
protocol PictureEncoder: AnyObject {
    /// Whether this encoder makes pictures at quality rung `quality`; else a new one is made.
    func encodes(quality: Int) -> Bool

    /// Appends `job`'s picture (the cursor moved to it, where it is placed at the cursor).
    /// `onScreen`: the generation of the picture the screen still shows in this slot (for
    /// `sendsChanges`); `paneOrigin`: inside tmux, where the pane is outside. Returns whether
    /// what it appended, once shown, is the whole picture.
    func encode(_ job: PicturePresenter.Job, onScreen: Int, paneOrigin: CellPoint?, into buffer: OutputBuffer) throws -> Bool
}
