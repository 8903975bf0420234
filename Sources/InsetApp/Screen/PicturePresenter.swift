import Foundation
import InsetCore
import InsetLog
import InsetRender

/// Sends the video as real pixels, kitty graphics or sixel, beside the cell frames.
///
/// The cells under the picture are `VideoLayer.pictureHole`s, drawn by the rasterizer like
/// any others; this puts the picture over them. Encoding (a sixel palette, zlib for kitty)
/// takes milliseconds, so it runs on a thread of its own: the UI thread copies the part of
/// the frame to show and hands it over, and writes the bytes when they come back. A frame
/// that arrives while another is being encoded replaces the one waiting, so a slow encoder
/// drops frames before encoding them, never queues them. Whether a frame is new is known
/// by its serial and time (and where it goes), so a paused video sends nothing.
///
/// Nothing is allocated per frame once sizes settle: the copies handed over and the
/// output buffers go back and forth between the two threads.
///
/// Debris: a kitty picture is one placement, replaced in place each frame and deleted when
/// the picture goes; a sixel picture is pixels on the terminal's screen, which the cells
/// the rasterizer writes when the picture moves or goes (hole cells become something else)
/// paint over.
///
/// Inside tmux (`.kittyPlaceholders`) the picture is where the screen's placeholder cells
/// are (`Cell.kittyPlaceholder`, written by the rasterizer like text, so tmux keeps and
/// moves them with the pane): each frame is transmitted again under the same image id with
/// a virtual placement of the picture's size, and the terminal shows the new pixels in
/// those cells. Nothing is sent when the picture only moves (the cells moved), and text
/// drawn over it simply replaces cells. Each layer has its own id, so when the picture
/// changes layer the old id is deleted, with its data, and the new one sent.
final class PicturePresenter: @unchecked Sendable {
    enum Output: Hashable, Sendable {
        case kitty(KittyGraphicsEncoder.Transmission, passthrough: Bool)
        /// Kitty graphics shown by Unicode placeholders: inside tmux, with passthrough.
        case kittyPlaceholders(passthrough: Bool)
        case sixel

        /// Whether the video layers hold placeholder cells rather than holes.
        var usesPlaceholders: Bool {
            if case .kittyPlaceholders = self { return true }
            return false
        }

        /// Whether pictures go through tmux wrapped (kitty only).
        var passthrough: Bool {
            switch self {
            case .kitty(_, let passthrough), .kittyPlaceholders(let passthrough): return passthrough
            case .sixel: return false
            }
        }
    }

    /// What to show this paint: the pixels of `region` of `image`, at the screen's `cells`.
    struct Picture {
        var image: RGBImage
        var region: PixelRect
        var cells: CellRect
        var frame: (serial: Int, time: MediaTime)
        /// The image id, for placeholders the one the layer's cells name.
        var imageID: UInt32 = PicturePresenter.imageID
        /// Pixels per cell, for sixel to send only the cells that changed (zero: whole).
        var pixelsPerCell = PixelSize(width: 0, height: 0)
    }

    /// The picture's image id and placement id, one for the whole session: each frame
    /// replaces the last in place.
    static let imageID: UInt32 = 7_301

    /// The image ids of placeholder pictures, one per layer that can show one, so two on
    /// screen at once never share one (`KittyPlaceholderGlyph`: a top byte, 0x49 for "I",
    /// and a low byte of 16 or more).
    enum PlaceholderImage {
        static let player: UInt32 = 0x4900_00A1
        static let window: UInt32 = 0x4900_00A2
        static let preview: UInt32 = 0x4900_00A3
    }

    let output: Output
    private let waker: LoopWaker
    private let condition = NSCondition()
    // Guarded by `condition`: the job waiting to be encoded, the bytes of the last one
    // encoded, and what each thread gives back for reuse.
    private var waiting: Job?
    private var ready: Encoded?
    private var spareImage: RGBImage?
    private var spareBuffer: OutputBuffer?
    private var stopped = false
    /// The generation of the sixel picture written last that the screen still shows (-1:
    /// none, or it may be drawn over): after it, only the cells that changed are sent.
    private var onScreen = -1

    // UI thread only.
    private var shown: Shown?
    private var generation = 0
    /// The last picture written, to send again at once after a full redraw, and whether
    /// it was whole (a sixel picture of the cells that changed is not enough again).
    private var lastWritten: OutputBuffer?
    private var lastWrittenWhole = true
    private let small = OutputBuffer(capacity: 256)

    private struct Job {
        var image: RGBImage
        var cells: CellRect
        var imageID: UInt32
        var generation: Int
        var pixelsPerCell: PixelSize
    }

    private struct Encoded {
        var bytes: OutputBuffer
        var generation: Int
        var whole = true
    }

    private struct Shown: Equatable {
        var serial: Int
        var time: MediaTime
        /// For placeholders, only the size: where the cells are is the rasterizer's business.
        var cells: CellRect
        var region: PixelRect
        var imageID: UInt32
    }

    init(output: Output, waker: LoopWaker) {
        self.output = output
        self.waker = waker
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "inset.picture"
        thread.start()
    }

    /// UI thread: the picture the screen shows now (nil: none), after a paint whose cell
    /// frame has been written. `redrawn`: that paint cleared and drew the whole screen,
    /// which took the last picture with it. What must go out at once (a deletion, or the
    /// last picture again after a redraw) is handed to `write`.
    func show(_ picture: Picture?, redrawn: Bool, write: (UnsafeRawBufferPointer) -> Void) {
        guard let picture else {
            guard shown != nil else { return }
            let gone = shown!.imageID
            shown = nil
            generation += 1
            condition.withLock { waiting = nil; ready = nil; onScreen = -1 }
            switch output {
            case .kitty(_, let passthrough):
                small.removeAll()
                KittyGraphicsEncoder.delete(imageID: gone, passthrough: passthrough, into: small)
                small.withUnsafeBytes(write)
            case .kittyPlaceholders(let passthrough):
                // The cells that named it are gone already; its data goes too.
                small.removeAll()
                KittyGraphicsEncoder.delete(imageID: gone, freeingData: true, passthrough: passthrough, into: small)
                small.withUnsafeBytes(write)
            case .sixel:
                break
            }
            return
        }
        var cells = picture.cells
        if output.usesPlaceholders { cells.origin = .zero }
        let next = Shown(serial: picture.frame.serial, time: picture.frame.time, cells: cells, region: picture.region,
                         imageID: picture.imageID)
        if let previous = shown, previous.imageID != next.imageID, output.usesPlaceholders {
            // The picture moved to another layer: the old layer's image is not shown again.
            small.removeAll()
            KittyGraphicsEncoder.delete(imageID: previous.imageID, freeingData: true, passthrough: output.passthrough,
                                        into: small)
            small.withUnsafeBytes(write)
            // Sent again after a redraw, it would bring the deleted image back.
            if let previous = lastWritten { giveBack(previous) }
            lastWritten = nil
        }
        if redrawn { condition.withLock { onScreen = -1 } }
        if next == shown && (!redrawn || lastWrittenWhole) {
            // The same frame at the same place: nothing to encode; a redraw wiped it, so the
            // last bytes go again if whole (they are this very picture), else it is encoded.
            if redrawn { lastWritten?.withUnsafeBytes(write) }
            return
        }
        shown = next
        generation += 1
        let spare: RGBImage? = condition.withLock {
            defer { spareImage = nil }
            return spareImage
        }
        let copy = spare?.size == picture.region.size ? spare! : RGBImage(size: picture.region.size)
        copy.copyPixels(of: picture.region, from: picture.image)
        let job = Job(image: copy, cells: picture.cells, imageID: picture.imageID, generation: generation,
                      pixelsPerCell: picture.pixelsPerCell)
        condition.withLock {
            // A picture still waiting is replaced unencoded; its copy is the next spare, so a
            // terminal slower than the video does not cost an image allocation a frame.
            if let replaced = waiting, spareImage == nil { spareImage = replaced.image }
            waiting = job
            condition.signal()
        }
    }

    /// UI thread: writes an encoded picture that is still the one to show.
    func writeReady(_ write: (UnsafeRawBufferPointer) -> Void) {
        let encoded: Encoded? = condition.withLock {
            defer { ready = nil }
            return ready
        }
        guard let encoded else { return }
        guard encoded.generation == generation else { giveBack(encoded.bytes); return }
        encoded.bytes.withUnsafeBytes(write)
        let previous = lastWritten
        lastWritten = encoded.bytes
        lastWrittenWhole = encoded.whole
        // One lock for both: the buffer written before goes back, and sixel learns what the
        // screen shows now.
        condition.withLock {
            if let previous { spareBuffer = previous }
            if output == .sixel { onScreen = encoded.generation }
        }
    }

    /// Ends the encoding thread; the picture on screen is the caller's to delete.
    func stop() {
        condition.withLock {
            stopped = true
            condition.signal()
        }
    }

    /// Bytes that remove the picture, for leaving the terminal (kitty keeps images across
    /// the alternate screen; sixel pixels go with it).
    func farewell(_ write: (UnsafeRawBufferPointer) -> Void) {
        guard output != .sixel, let shown else { return }
        small.removeAll()
        KittyGraphicsEncoder.delete(imageID: shown.imageID, freeingData: true, passthrough: output.passthrough,
                                    into: small)
        small.withUnsafeBytes(write)
        self.shown = nil
    }

    private func giveBack(_ buffer: OutputBuffer) {
        condition.withLock { spareBuffer = buffer }
    }

    private func run() {
        var sixel: SixelSender?
        var kitty: KittyGraphicsEncoder?
        switch output {
        case .sixel: sixel = SixelSender()
        case .kitty(let transmission, let passthrough):
            kitty = KittyGraphicsEncoder(transmission: transmission, passthrough: passthrough)
        case .kittyPlaceholders(let passthrough):
            kitty = KittyGraphicsEncoder(transmission: .direct, passthrough: passthrough)
        }
        let placeholders = output.usesPlaceholders
        while true {
            condition.lock()
            while !stopped && waiting == nil { condition.wait() }
            if stopped { condition.unlock(); return }
            let job = waiting!
            waiting = nil
            let shownGeneration = onScreen
            let buffer = spareBuffer ?? OutputBuffer(capacity: 1 << 20)
            spareBuffer = nil
            condition.unlock()

            buffer.removeAll()
            buffer.append(Rasterizer.syncBegin)
            var whole = true
            if let sixel {
                whole = sixel.send(job.image, cells: job.cells, pixelsPerCell: job.pixelsPerCell, generation: job.generation,
                                   onScreen: shownGeneration, into: buffer)
            } else if let kitty {
                // A virtual placement is not at the cursor: the cells say where.
                if !placeholders { buffer.appendMove(to: job.cells.origin) }
                let placement = KittyPlacement(imageID: job.imageID, placementID: 1, cells: job.cells.size,
                                               zIndex: KittyZIndex.underText)
                do {
                    if placeholders {
                        try kitty.transmitForPlaceholders(job.image, imageID: job.imageID, cells: job.cells.size, into: buffer)
                    } else {
                        try kitty.encode(job.image, placement: placement, into: buffer)
                    }
                } catch {
                    Log.error("picture: \(error)")
                    condition.withLock { spareImage = job.image; spareBuffer = buffer }
                    continue
                }
            }
            buffer.append(Rasterizer.syncEnd)
            condition.withLock {
                spareImage = job.image
                // A result nobody took (the UI was busy) is overwritten; its buffer is reused.
                if let stale = ready?.bytes { spareBuffer = stale }
                ready = Encoded(bytes: buffer, generation: job.generation, whole: whole)
            }
            waker.wake()
        }
    }
}
