import Dispatch
import InsetCore

/// Turns pictures into sixel images (DEC's DCS `q` graphics, as in xterm -ti vt340, foot,
/// mlterm, WezTerm, Windows Terminal): pure bytes into an `OutputBuffer`, no I/O.
///
/// One image is `ESC P 0;1;0 q`, raster attributes `"1;1;W;H` (square pixels, the size,
/// so the terminal need not guess it), the palette entries it uses as `#n;2;r;g;b` in
/// percent, the picture in bands of six rows, and `ESC \`. Three stages:
///
/// 1. the palette (`SixelPalette`): median cut and k-means over the frame's histogram,
///    carried over from the last frame while the shot lasts;
/// 2. each pixel's entry (`SixelIndexedFrame`, through `SixelColorMap`): the nearest, or a
///    neighbour's or the last frame's within a bounded extra error, undithered;
/// 3. the bytes (`SixelBand`): per band, colours cut into segments and packed into passes.
///
/// On Big Buck Bunny at 1200x660, decoded by libsixel's sixel2png (scripts/bench-sixel):
/// 34.0 dB at 613 KB a frame, where libsixel's `img2sixel -d none` gives 31.7 dB at
/// 779 KB and this encoder gave 28.4 dB at 1.62 MB with median cut and ordered dither.
///
/// On video, `prepare(_:changesOnly:)` compares the frame's entries with the last frame's
/// and `write` sends only the cells that changed, when the caller knows the terminal
/// still shows the last image.
///
/// P2 = 1 asks the terminal to leave pixels that no colour sets as they are, instead of
/// painting them with the background (P2 = 0 or 2). Every pixel is set by exactly one
/// colour here, so nothing is left transparent either way, and the terminal is spared a
/// background fill of the whole area before each frame. P1 = 0 would mean 2:1 pixels; the
/// raster attributes' `1;1` make them square.
///
/// Ownership: one owner (the thread that encodes). All scratch memory is
/// kept from frame to frame, so for frames of an unchanged size `encode` allocates nothing
/// (the output buffer may grow until it has held the largest frame).
public final class SixelEncoder {
    /// Palette entries per frame (colour registers the terminal must have); 1–256.
    public let maxColors: Int
    /// Ordered dither, as a fraction of the palette's spacing: 0 (the default, chosen by
    /// measurement: see `SixelColorMap`) maps each pixel to its nearest entry.
    public var ditherStrength: Float = 0
    /// Extra squared error (RGB, 0–255 a channel) a pixel may take to reuse the entry above
    /// or left of it, for fewer bytes (see `SixelBand.fillNearest`). Measured on Big Buck
    /// Bunny at 1200x660 (three frames, sixel2png): 0 gives 34.9 dB at 784 KB, 50 34.6 dB
    /// at 682 KB, 100 34.0 dB at 615 KB, 200 32.8 dB at 524 KB, 400 31.0 dB at 417 KB
    /// (libsixel's `img2sixel -d none`: 31.7 dB at 782 KB). 100 keeps a margin of PSNR
    /// over libsixel while sending a fifth fewer bytes; taking the left neighbour first
    /// instead did slightly worse.
    public var runSlack: Int32 = 100
    /// Empty columns at which a colour's run in a band is cut in two (see `SixelBand+Write`);
    /// for measuring.
    public var splitGap: Int {
        get { band.splitGap }
        set { band.splitGap = max(1, newValue) }
    }

    /// Threads that map a large frame's pixels to entries, each on its share of the bands
    /// (`SixelIndexedFrame.mapNearest`, 62% of the encoder's time by perf): the bytes are the
    /// same, and the picture lands sooner. On 30 frames of Big Buck Bunny at 1200x660
    /// (inset-sixel, INSET_SIXEL_THREADS): 41 ms a frame on one thread, 31 on two.
    public let threads: Int
    /// Frames of fewer pixels are mapped on one thread: a PiP window's picture takes
    /// under a millisecond, less than handing work to another thread.
    static let parallelPixels = 100_000

    private let palette = SixelPalette()
    private let colorMap = SixelColorMap()
    /// A map per thread, `colorMap` first: a map remembers lookups as it goes, so each
    /// thread needs its own.
    private let threadMaps: [SixelColorMap]
    /// Each thread's rows for frames `rows` high, kept: frames keep their size, and the
    /// frame path allocates nothing once sizes settle.
    private var shares: (rows: Int, runs: [Range<Int>]) = (0, [])
    private let frame = SixelIndexedFrame()
    private let band: SixelBand
    /// What `write` sends: the part of the last prepared frame, nil when nothing.
    private var pending: PixelRect?
    /// Per entry, whether the part sent uses it: only those are defined in its header
    /// (a few cells that changed need a few colours, not 256 definitions, 4 KB).
    private let used = UnsafeMutablePointer<Bool>.allocate(capacity: 256)

    /// `threads`: how many map a large frame's pixels (1 to 8).
    public init(maxColors: Int = 256, threads: Int = 1) {
        precondition((1...256).contains(maxColors), "sixel terminals offer 1 to 256 colour registers here")
        precondition((1...8).contains(threads), "1 to 8 threads")
        self.maxColors = maxColors
        self.threads = threads
        threadMaps = [colorMap] + (1..<threads).map { _ in SixelColorMap() }
        band = SixelBand(colors: maxColors)
    }

    deinit { used.deallocate() }

    /// Appends `image` as one whole sixel image; an empty image appends nothing. Every
    /// image given is sent: whether a frame is new is the caller's to know (the player
    /// knows it by the frame's time, without comparing pixels).
    public func encode(_ image: RGBImage, into output: OutputBuffer) {
        prepare(image, changesOnly: nil)
        write(into: output)
    }

    /// Chooses the palette and each pixel's entry for `image`, and returns the part of it
    /// that `write` will send, in the image's pixels: all of it, or with `changesOnly` (the
    /// terminal's cell size in pixels, given only when the terminal still shows the last
    /// image this encoder wrote, whole or in part, of the same size at the same place) the
    /// cells that changed since, nil when none did. The caller puts the cursor at the
    /// returned rectangle's top-left cell before writing.
    @discardableResult
    public func prepare(_ image: RGBImage, changesOnly cell: PixelSize?) -> PixelRect? {
        guard !image.size.isEmpty else {
            frame.forget()
            pending = nil
            return nil
        }
        palette.build(from: image, maxColors: maxColors)
        frame.begin(size: image.size, comparable: palette.wasCarried)
        if palette.isExact {
            frame.mapExact(image, palette: palette)
        } else {
            colorMap.prepare(for: palette, ditherStrength: ditherStrength)
            if colorMap.dithers {
                frame.mapDithered(image, map: colorMap)
            } else if threads > 1 && image.width * image.height >= Self.parallelPixels {
                splitMapping(image)
            } else {
                frame.mapNearest(image, map: colorMap, slack: runSlack)
            }
        }
        if let cell {
            pending = frame.changedRect(cell: cell, entryChanged: palette.entryChanged)
        } else {
            pending = PixelRect(x: 0, y: 0, width: image.width, height: image.height)
        }
        return pending
    }

    /// Maps the pixels on `threads` threads, each on a run of whole bands with its own map.
    private func splitMapping(_ image: RGBImage) {
        if shares.rows != image.height { shares = (image.height, Self.bandShares(rows: image.height, parts: threads)) }
        for map in threadMaps.dropFirst() { map.prepare(for: palette, ditherStrength: ditherStrength) }
        // Each thread writes only its own rows of the frame and reads the image and the
        // palette, which nothing changes meanwhile; concurrentPerform returns once all are done.
        nonisolated(unsafe) let frame = self.frame
        nonisolated(unsafe) let maps = threadMaps
        let runs = shares.runs, slack = runSlack
        DispatchQueue.concurrentPerform(iterations: runs.count) { part in
            frame.mapNearest(image, map: maps[part], slack: slack, rows: runs[part])
        }
    }

    /// `rows` cut into `parts` runs of whole bands (six rows), as even as bands allow.
    static func bandShares(rows: Int, parts: Int) -> [Range<Int>] {
        let bands = (rows + 5) / 6
        var shares: [Range<Int>] = []
        var start = 0
        for part in 0..<parts {
            let end = min(rows, (bands * (part + 1) / parts) * 6)
            if end > start { shares.append(start..<end) }
            start = end
        }
        return shares
    }

    /// Appends the part of the prepared frame that `prepare` returned (nothing if none).
    public func write(into output: OutputBuffer) {
        guard let rect = pending else { return }
        pending = nil
        let stride = frame.size.width
        band.prepare(width: rect.width)
        frame.markEntries(in: rect, into: used)
        writeHeader(size: rect.size, into: output)
        var top = 0
        while top < rect.height {
            let rows = min(6, rect.height - top)
            band.fill(frame.entries + (rect.y + top) * stride + rect.x, stride: stride, rows: rows)
            top += 6
            band.write(into: output, isLast: top >= rect.height)
        }
        output.append("\u{1B}\\" as StaticString)
    }

    private func writeHeader(size: PixelSize, into output: OutputBuffer) {
        output.append("\u{1B}P0;1;0q\"1;1;" as StaticString)
        output.appendDecimal(size.width)
        output.append(UInt8(ascii: ";"))
        output.appendDecimal(size.height)
        // "#255;2;100;100;100" is 18 bytes; putSmallDecimal may store two bytes of slack.
        output.withWriter(reserving: palette.count * 24) { w in
            for i in 0..<palette.count where used[i] {
                w.put(UInt8(ascii: "#"))
                w.putSmallDecimal(i)
                w.put(UInt8(ascii: ";"), UInt8(ascii: "2"))
                for channel in 0..<3 {
                    w.put(UInt8(ascii: ";"))
                    w.putSmallDecimal(Int(palette.percents[3 * i + channel]))
                }
            }
        }
    }
}
