import Foundation
import InsetCore
import InsetRender
import InsetTerminal

/// Sends the video as real pixels, kitty graphics or sixel, beside the cell frames.
///
/// The cells under the picture are `VideoLayer.pictureHole`s, drawn by the rasterizer like
/// any others; this puts the picture over them. Encoding (a sixel palette, zlib for kitty)
/// takes milliseconds, so it runs on a thread of its own: the UI thread copies the part of
/// the frame to show and hands it over, and writes the bytes when they come back. A frame
/// that arrives while another is being encoded replaces the one waiting, so a slow encoder
/// drops frames before encoding them, never queues them.
///
/// Debris: a kitty picture is one placement, replaced in place each frame and deleted when
/// the picture goes; a sixel picture is pixels on the terminal's screen, which the cells
/// the rasterizer writes when the picture moves or goes (hole cells become something else)
/// paint over.
final class PicturePresenter: @unchecked Sendable {
    enum Output: Hashable, Sendable {
        case kitty(KittyGraphicsEncoder.Transmission, passthrough: Bool)
        case sixel
    }

    /// What to show this paint: the pixels of `region` of `image`, at the screen's `cells`.
    struct Picture {
        var image: RGBImage
        var region: PixelRect
        var cells: CellRect
        var frame: (serial: Int, time: MediaTime)
    }

    /// The picture's image id and placement id, one for the whole session: each frame
    /// replaces the last in place.
    static let imageID: UInt32 = 7_301

    let output: Output
    private let waker: LoopWaker
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var waiting: Job?
    private var ready: Encoded?
    private var stopped = false
    private var thread: Thread?

    // UI thread only.
    private var shown: Shown?
    private var generation = 0
    /// Bytes of the last picture written, to send again at once after a full redraw.
    private var lastBytes: [UInt8] = []
    private let deleter: KittyGraphicsEncoder?

    private struct Job {
        var image: RGBImage
        var cells: CellRect
        var generation: Int
    }

    private struct Encoded {
        var bytes: [UInt8]
        var generation: Int
    }

    private struct Shown: Equatable {
        var serial: Int
        var time: MediaTime
        var cells: CellRect
        var region: PixelRect
    }

    init(output: Output, waker: LoopWaker) {
        self.output = output
        self.waker = waker
        if case .kitty(_, let passthrough) = output {
            deleter = KittyGraphicsEncoder(transmission: .direct, passthrough: passthrough)
        } else {
            deleter = nil
        }
        let thread = Thread { [unowned self] in self.run() }
        thread.name = "inset.picture"
        self.thread = thread
        thread.start()
    }

    /// UI thread: the picture the screen shows now (nil: none), after a paint whose cell
    /// frame has been written. `redrawn`: that paint cleared and drew the whole screen,
    /// which took the last picture with it. Returns bytes to write now (a deletion, or the
    /// last picture again after a redraw), or nil.
    func show(_ picture: Picture?, redrawn: Bool) -> [UInt8]? {
        guard let picture else {
            guard shown != nil else { return nil }
            shown = nil
            generation += 1
            lastBytes = []
            condition.withLock { waiting = nil; ready = nil }
            guard let deleter else { return nil }
            let bytes = OutputBuffer(capacity: 128)
            deleter.delete(imageID: PicturePresenter.imageID, into: bytes)
            return bytes.array
        }
        let next = Shown(serial: picture.frame.serial, time: picture.frame.time, cells: picture.cells, region: picture.region)
        if next == shown {
            // The same frame at the same place: nothing to encode; a redraw wiped it, so the
            // last bytes go again (they are this very picture).
            return redrawn && !lastBytes.isEmpty ? lastBytes : nil
        }
        shown = next
        generation += 1
        let copy = PicturePresenter.copy(picture.region, of: picture.image)
        let job = Job(image: copy, cells: picture.cells, generation: generation)
        condition.withLock {
            waiting = job
            condition.signal()
        }
        return nil
    }

    /// UI thread: an encoded picture that is still the one to show, to write now.
    func takeReady() -> [UInt8]? {
        let encoded: Encoded? = condition.withLock {
            defer { ready = nil }
            return ready
        }
        guard let encoded, encoded.generation == generation else { return nil }
        lastBytes = encoded.bytes
        return encoded.bytes
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
    func farewell() -> [UInt8] {
        guard let deleter, shown != nil else { return [] }
        let bytes = OutputBuffer(capacity: 128)
        deleter.delete(imageID: PicturePresenter.imageID, freeingData: true, into: bytes)
        shown = nil
        return bytes.array
    }

    private func run() {
        let buffer = OutputBuffer(capacity: 1 << 20)
        var sixel: SixelEncoder?
        var kitty: KittyGraphicsEncoder?
        switch output {
        case .sixel: sixel = SixelEncoder()
        case .kitty(let transmission, let passthrough):
            kitty = KittyGraphicsEncoder(transmission: transmission, passthrough: passthrough)
        }
        while true {
            condition.lock()
            while !stopped && waiting == nil { condition.wait() }
            if stopped { condition.unlock(); return }
            let job = waiting!
            waiting = nil
            condition.unlock()

            buffer.removeAll()
            buffer.append("\u{1B}[?2026h" as StaticString)
            let origin = job.cells.origin
            if let sixel {
                buffer.append("\u{1B}[")
                buffer.appendDecimal(origin.row + 1)
                buffer.append(";")
                buffer.appendDecimal(origin.column + 1)
                buffer.append("H")
                sixel.encode(job.image, into: buffer)
            } else if let kitty {
                let placement = KittyPlacement(imageID: PicturePresenter.imageID, placementID: 1, cells: job.cells.size,
                                               zIndex: KittyZIndex.underText)
                do {
                    try kitty.encode(job.image, placement: placement, at: origin, into: buffer)
                } catch {
                    Log.error("picture: \(error)")
                    continue
                }
            }
            buffer.append("\u{1B}[?2026l" as StaticString)
            let bytes = buffer.array
            condition.withLock { ready = Encoded(bytes: bytes, generation: job.generation) }
            waker.wake()
        }
    }

    /// A tightly sized copy of `region` of `image`, for the encoding thread to own.
    static func copy(_ region: PixelRect, of image: RGBImage) -> RGBImage {
        let copy = RGBImage(size: region.size)
        let rowBytes = region.width * RGBImage.bytesPerPixel
        for y in 0..<region.height {
            let from = image.bytes + (region.y + y) * image.bytesPerRow + region.x * RGBImage.bytesPerPixel
            (copy.bytes + y * copy.bytesPerRow).update(from: from, count: rowBytes)
        }
        return copy
    }
}
