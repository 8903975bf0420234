import InsetCore
import InsetRender

/// Kitty's graphics protocol: each slot an image id, replaced in place each frame and
/// deleted (with its data) when the slot goes; a near-lossless PNG in the escapes, or the
/// exact pixels through shared memory for a local kitty. Inside tmux (`placeholders`) the
/// picture is Unicode placeholder cells the rasterizer writes like text, each frame sent
/// through tmux's passthrough to a virtual placement under the layer's id.
struct KittyPictures: PictureOutput, Hashable {
    var transmission: KittyGraphicsEncoder.Transmission
    var passthrough: Bool
    var placeholders = false

    var usesPlaceholders: Bool { placeholders }
    var leavesPixels: Bool { false }
    /// Shared memory is read once and unlinked by the terminal.
    var bytesReplayable: Bool { transmission != .sharedMemory }
    var scalesToCells: Bool { true }
    var sendsChanges: Bool { false }
    /// Not through tmux: its passthrough wraps each escape, and a cut one would stay open.
    var canBeCutShort: Bool { !passthrough }
    /// Kitty has one rung: its PNG is near-lossless and already a quarter of the raw bytes;
    /// the pacer's smaller sizes are its only step (`PictureQuality`).
    var qualityRungs: Int { 1 }
    func qualityName(rung: Int) -> String { "whole" }

    /// An empty last chunk ends a transmission cut short after a whole chunk (the terminal
    /// drops the unfinished image), then the synchronized update.
    var abandon: [UInt8] { Array("\u{1B}_Gq=2,m=0;\u{1B}\\\u{1B}[?2026l".utf8) }

    /// Just past the first ST (ESC \) at or after `start`: the end of a chunk.
    func cutPoint(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = max(1, start)
        while index < bytes.count {
            if bytes[index] == 0x5C && bytes[index - 1] == 0x1B { return index + 1 }
            index += 1
        }
        return bytes.count
    }

    func delete(imageIDs: [UInt32], into buffer: OutputBuffer) {
        for id in imageIDs {
            KittyGraphicsEncoder.delete(imageID: id, freeingData: true, passthrough: passthrough, into: buffer)
        }
    }

    /// Shared memory only for pictures placed at cells (a local kitty); placeholders go
    /// through tmux, which carries escape sequences only. Pictures sent in the escapes are
    /// near-lossless PNG (a quarter of the bytes, 40 dB).
    func makeEncoder(quality: Int) -> any PictureEncoder {
        KittyPictureEncoder(encoder: KittyGraphicsEncoder(transmission: placeholders ? .direct : transmission,
                                                          passthrough: passthrough, coding: .video),
                            placeholders: placeholders)
    }

    /// Objects a player that died left in /dev/shm (a crash, SIGKILL) go before ours come.
    func prepare() {
        if transmission == .sharedMemory && !placeholders { SharedMemoryObjects.removeLeftovers() }
    }
}

/// A kitty slot's encoder: the compression state kept from frame to frame.
final class KittyPictureEncoder: PictureEncoder {
    let encoder: KittyGraphicsEncoder
    let placeholders: Bool

    init(encoder: KittyGraphicsEncoder, placeholders: Bool) {
        self.encoder = encoder
        self.placeholders = placeholders
    }

    func encodes(quality: Int) -> Bool { true }

    func encode(_ job: PicturePresenter.Job, onScreen: Int, paneOrigin: CellPoint?, into buffer: OutputBuffer) throws -> Bool {
        if placeholders {
            // A virtual placement is not at the cursor: the cells say where.
            try encoder.transmitForPlaceholders(job.image, imageID: job.imageID, cells: job.cells.size, into: buffer)
        } else {
            buffer.appendMove(to: job.cells.origin)
            let placement = KittyPlacement(imageID: job.imageID, placementID: 1, cells: job.cells.size, zIndex: KittyZIndex.underText)
            try encoder.encode(job.image, placement: placement, into: buffer)
        }
        return true
    }
}

extension PictureOutput where Self == KittyPictures {
    /// Kitty graphics placed at cells.
    static func kitty(_ transmission: KittyGraphicsEncoder.Transmission, passthrough: Bool) -> KittyPictures {
        KittyPictures(transmission: transmission, passthrough: passthrough)
    }

    /// Kitty graphics shown by Unicode placeholders: inside tmux, with passthrough.
    static func kittyPlaceholders(passthrough: Bool) -> KittyPictures {
        KittyPictures(transmission: .direct, passthrough: passthrough, placeholders: true)
    }
}
