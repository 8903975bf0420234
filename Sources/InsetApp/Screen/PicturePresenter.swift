import Foundation
import InsetCore
import InsetLog
import InsetRender

/// Sends the video as real pixels, kitty graphics, sixel or iTerm2's inline images, beside
/// the cell frames: whichever `PictureOutput` it is given, whose kind it never asks.
///
/// The cells under a picture are `VideoLayer.pictureHole`s, drawn by the rasterizer like
/// any others; this puts the pictures over them. Encoding (a sixel palette, a PNG for kitty)
/// takes milliseconds, so it runs on a thread of its own: the UI thread copies the part of
/// the frame to show and hands it over, and writes the bytes when they come back. A frame
/// that arrives while another is being encoded replaces the one waiting, so a slow encoder
/// drops frames before encoding them, never queues them. Whether a frame is new is known
/// by its serial and time (and where it goes), so a paused video sends nothing.
///
/// Several pictures can be on screen at once: the full-screen video's and the PiP
/// window's, each cut into the rectangles no other plane covers (`App.visiblePictures`).
/// Each is a slot, named by its image id, with its own encoder state; slots never overlap,
/// so the order they are written in does not matter and a picture never covers another's
/// cells. A slot that is not shown any more is forgotten (kitty: its image is deleted).
///
/// Nothing is allocated per frame once sizes settle: the copies handed over and the
/// output buffers go back and forth between the two threads.
///
/// Debris: a kitty picture is one placement per slot, replaced in place each frame and
/// deleted when the slot goes; a sixel picture is pixels on the terminal's screen, which the
/// cells the rasterizer writes when the picture moves or goes (hole cells become something
/// else) paint over, and where a hole stays a hole, the slot now covering it is sent whole.
/// An iTerm2 inline image (OSC 1337) is the same: no ids, no delete, pixels in the cells
/// until something is written there, so it is handled as sixel is (`leavesPixels`), each
/// picture a JPEG sent whole.
///
/// Inside tmux (kitty's `usesPlaceholders`) the picture is where the screen's placeholder cells
/// are (`Cell.kittyPlaceholder`, written by the rasterizer like text, so tmux keeps and
/// moves them with the pane): each frame is transmitted again under the same image id with
/// a virtual placement of the picture's size, and the terminal shows the new pixels in
/// those cells. Nothing is sent when the picture only moves (the cells moved), and text
/// drawn over it simply replaces cells. Each layer has its own id, so when the picture
/// changes layer the old id is deleted, with its data, and the new one sent.
final class PicturePresenter: @unchecked Sendable {
    /// What to show this paint in one slot: the pixels of `region` of `image`, at the
    /// screen's `cells`.
    struct Picture {
        var image: RGBImage
        var region: PixelRect
        var cells: CellRect
        var frame: (serial: Int, time: MediaTime)
        /// The slot: the image id, for placeholders the one the layer's cells name.
        var imageID: UInt32 = PicturePresenter.imageID
        /// Pixels per cell, for sixel to send only the cells that changed (zero: whole).
        var pixelsPerCell = PixelSize(width: 0, height: 0)
    }

    /// This process's own image ids (`KittyImageIDs`): another player in the same kitty
    /// window, in another tmux pane or a previewer's next one, never shows or deletes ours.
    static let imageIDs = KittyImageIDs(process: getpid())

    /// The first image id of the pictures shown at cells (not placeholders); each layer's
    /// parts take the ids after its own base (`LayerImages`).
    static let imageID: UInt32 = imageIDs.cellPlacedBase

    /// The image ids of cell-placed pictures: a base per layer, plus the part's index.
    enum LayerImages {
        static let partsPerLayer = 8
        static let player: UInt32 = PicturePresenter.imageID
        static let window: UInt32 = player + UInt32(partsPerLayer)
        static let preview: UInt32 = window + UInt32(partsPerLayer)
        /// The seek preview's picture (`SeekPreview`), over both videos.
        static let thumbnail: UInt32 = preview + UInt32(partsPerLayer)
    }

    /// The image ids of placeholder pictures, one per layer that can show one, so two on
    /// screen at once never share one.
    enum PlaceholderImage {
        static let player: UInt32 = imageIDs.placeholder(0)
        static let window: UInt32 = imageIDs.placeholder(1)
        static let preview: UInt32 = imageIDs.placeholder(2)
        /// The details' preview and a seek's are never shown together (`Director.compose`
        /// leaves the seek's picture out over the details pane).
        static let thumbnail: UInt32 = preview
    }

    /// How pictures reach the terminal (`KittyPictures`, `SixelPictures`, `ITermPictures`).
    let output: any PictureOutput
    let waker: LoopWaker
    let condition = NSCondition()
    /// What both threads share, guarded by `condition`.
    var shared = Shared()

    /// Whether cells written over a picture leave its pixels (Konsole's iTerm2 images, which
    /// only a clear of the whole screen takes away): a picture that moves or goes then has
    /// the screen cleared and drawn again, not just its cells written.
    var textKeepsPixels = false

    // UI thread only.
    var slots: [UInt32: Slot] = [:]
    private var generation = 0
    let small = OutputBuffer(capacity: 256)
    /// The link's one measure (`LinkMeter`), which the app feeds with every write; the
    /// pacer reads it.
    let link: LinkMeter
    /// Whether the terminal has time for a picture, and the size they go at.
    var pacer = PicturePacer()
    /// The link's bytes a frame (`LinkFitter`, from the app), and the quality rung it buys.
    var frameBudget: Int?
    lazy var quality = QualityLadder(rungs: output.qualityRungs)
    /// What went out and what did not, for `--stats`.
    var counts = PictureCounts()
    /// When a frame was skipped for the link: the time to offer it again, if nothing newer
    /// comes first (a paused video's last frame must still go out).
    var retryAt: HostTime?
    /// When a picture last showed a frame its slot had not shown: a still goes whole.
    private var lastNewFrame = HostTime.zero
    /// A slot's latency changed, or slots went: the videos' leads are due to be set again
    /// (`Director.setPictureLeads`), which the app otherwise leaves alone.
    var leadsChanged = false
    /// When the pictures of the last second were written, for the rate.
    var recentWrites: [HostTime] = []

    struct Job {
        var image: RGBImage
        var scale: Double
        /// The rung of `PictureQuality` to encode at.
        var quality = 0
        var cells: CellRect
        var imageID: UInt32
        var generation: Int
        var pixelsPerCell: PixelSize
        /// When the frame was handed over: its picture's latency runs from here.
        var handedAt: HostTime
    }

    struct Encoded {
        var bytes: OutputBuffer
        var generation: Int
        var cells: CellRect
        var size: PixelSize
        var scale: Double
        var quality = 0
        var whole = true
        /// Whether the same bytes show the same picture when written again (after a redraw).
        var replayable = true
        var handedAt = HostTime.zero
    }

    /// Guarded by `condition`: the jobs waiting to be encoded and the bytes encoded, by slot;
    /// which picture of each slot the screen still shows; what each thread gives back.
    struct Shared {
        var waiting: [UInt32: Job] = [:]
        var ready: [UInt32: Encoded] = [:]
        /// The generation of the sixel picture written last in a slot that the screen still
        /// shows (absent: none, or it may be drawn over): after it, only changed cells go.
        var onScreen: [UInt32: Int] = [:]
        /// The slots shown now: the encoder forgets the state of any other.
        var live: Set<UInt32> = []
        var spareImages: [RGBImage] = []
        /// Inside tmux, the pane's origin outside, where iTerm2 pictures are placed from.
        var paneOrigin: CellPoint?
        var spareBuffers: [OutputBuffer] = []
        var stopped = false

        /// Keeps a few of each for reuse: two slots' worth in flight, and no more.
        mutating func spare(_ image: RGBImage) { if spareImages.count < 4 { spareImages.append(image) } }
        mutating func spare(_ buffer: OutputBuffer) { if spareBuffers.count < 4 { spareBuffers.append(buffer) } }
    }

    struct Shown: Equatable {
        var serial: Int
        var time: MediaTime
        /// Whether this is `picture`'s frame (serial and time: a recycled image holds another).
        func isFrame(of picture: Picture) -> Bool { serial == picture.frame.serial && time == picture.frame.time }
        /// For placeholders, only the size: where the cells are is the rasterizer's business.
        var cells: CellRect
        var region: PixelRect
        var scale: Double
    }

    struct Slot {
        var shown: Shown
        /// The latest picture handed to the encoder, and where and how large it goes (where:
        /// as of the last paint, even when the link had no time for a picture there yet): an
        /// encoded picture is written if it goes there too and is newer than the last written
        /// (a slow encoder's pictures are all a frame old by the time they are done, and still
        /// the best there is), unless it is only the changes and the screen was cleared since.
        var generation: Int
        var cells: CellRect
        var size: PixelSize
        var writtenGeneration = -1
        var clearedAt = -1
        /// The cells the last picture written covers, while the screen still shows it.
        var writtenCells: CellRect?
        /// The last picture written, to send again at once after a full redraw, and whether
        /// it can be (`Encoded.replayable`).
        var lastWritten: OutputBuffer?
        var lastWrittenReplayable = true
        /// The latest picture's encoding was dropped (changes for a screen cleared since):
        /// the same frame must be encoded again, though nothing about it changed.
        var needsEncoding = false
        /// From a frame's hand-over to its picture written whole, smoothed (`PictureLatency`).
        var latency = PictureLatency()
    }

    /// `link`: the app's one meter of the link, fed by its writes (a test's own otherwise).
    init(output: some PictureOutput, waker: LoopWaker, link: LinkMeter = LinkMeter()) {
        self.output = output
        self.waker = waker
        self.link = link
        // Held by its thread until `stop()` ends it: unowned, one let go right after `stop()`
        // was read by the thread waking to stop ("read an unowned reference", in tests).
        let thread = Thread { [self] in self.runEncoder() }
        thread.name = "inset.picture"
        thread.start()
    }

    /// UI thread: the pictures the screen shows now, one per slot, after a paint whose cell
    /// frame has been written. `redrawn`: that paint cleared and drew the whole screen,
    /// which took the pictures with it. What must go out at once (deletions, the last
    /// pictures again after a redraw) is handed to `write`.
    ///
    /// Returns whether the screen must be cleared and drawn again first, and nothing was
    /// done: sixel pixels stay where no picture goes now and the cells are still holes (the
    /// rasterizer wrote nothing there), as when a picture shrinks for the link or a part of
    /// it goes while what covered it goes too. `isHole` says which cells of the paint are.
    @discardableResult
    func show(_ pictures: [Picture], redrawn: Bool, at now: HostTime = .now(), isHole: (CellPoint) -> Bool = { _ in true },
              write: (UnsafeRawBufferPointer) -> Void) -> Bool {
        // A still goes whole: the scale is settled before anything is placed by it.
        if pictures.contains(where: { slots[$0.imageID]?.shown.isFrame(of: $0) != true }) { lastNewFrame = now }
        if pacer.scale < 1 { _ = pacer.restoreIfStill(at: now, lastFrame: lastNewFrame) }
        let scale = pacer.scale
        let placements = pictures.map { placement(of: $0, scale: scale) }
        if output.leavesPixels, !redrawn, leavesDebris(placements.map(\.cells), isHole: isHole) { return true }
        let ids = Set(pictures.map(\.imageID))
        let gone = slots.keys.filter { !ids.contains($0) }.sorted()
        if !gone.isEmpty { forget(gone, write: write) }
        if redrawn || !gone.isEmpty { condition.withLock { if redrawn { shared.onScreen = [:] }; shared.live = ids } }
        if redrawn { for id in slots.keys { slots[id]!.clearedAt = generation; slots[id]!.writtenCells = nil } }
        retryAt = nil
        var jobs: [Job] = []
        var offered: Bool?
        for (picture, placed) in zip(pictures, placements) {
            var cells = placed.cells
            if output.usesPlaceholders { cells.origin = .zero }
            let next = Shown(serial: picture.frame.serial, time: picture.frame.time, cells: cells, region: picture.region,
                             scale: scale)
            // From this paint on the slot goes here, whether or not the link has time for a
            // picture now: one still being encoded for where it was would cover what the paint
            // drew there since, and sixel or iTerm2 pixels stay (a placeholder picture is
            // where its cells are).
            if !output.usesPlaceholders, slots[picture.imageID] != nil { slots[picture.imageID]!.cells = placed.cells }
            if let slot = slots[picture.imageID], slot.shown == next, !slot.needsEncoding,
               !redrawn || (slot.lastWrittenReplayable && slot.writtenGeneration == slot.generation) {
                // The same frame at the same place: nothing to encode; a redraw wiped it, so the
                // last bytes go again if they are this very picture, whole, else it is encoded.
                if redrawn, let bytes = slot.lastWritten {
                    bytes.withUnsafeBytes(write)
                    // On screen again: a later move must still clear where it is (sixel, iTerm2).
                    slots[picture.imageID]!.writtenCells = slot.cells
                }
                continue
            }
            // Once per paint: may the link take a picture now? Else every slot waits for the
            // next frame, or for `retryAt` if none comes (the slots keep what they showed).
            if offered == nil {
                offered = redrawn || pacer.offer(at: now, link: link)
                if offered == false { counts.paced += 1 }
            }
            guard offered == true else { retryAt = pacer.nextAllowed; continue }
            generation += 1
            var slot = slots[picture.imageID] ?? Slot(shown: next, generation: generation, cells: placed.cells, size: placed.size)
            slot.shown = next
            slot.needsEncoding = false
            slot.generation = generation
            slot.cells = placed.cells
            slot.size = placed.size
            slots[picture.imageID] = slot
            jobs.append(Job(image: copy(picture, at: placed.size), scale: scale, quality: quality.rung, cells: placed.cells,
                            imageID: picture.imageID, generation: generation, pixelsPerCell: picture.pixelsPerCell,
                            handedAt: now))
        }
        // Smaller pictures for the link: once frames stop, the still goes whole.
        if pacer.scale < 1, retryAt == nil { retryAt = lastNewFrame.advanced(by: pacer.stillAfter) }
        guard !jobs.isEmpty else { return false }
        let replaced: Int = condition.withLock {
            var replaced = 0
            shared.live = ids
            for job in jobs {
                // A picture still waiting is replaced unencoded; its copy is the next spare, so a
                // terminal slower than the video does not cost an image allocation a frame.
                if let old = shared.waiting[job.imageID] { shared.spare(old.image); replaced += 1 }
                shared.waiting[job.imageID] = job
            }
            condition.signal()
            return replaced
        }
        counts.superseded += replaced
        return false
    }
}
