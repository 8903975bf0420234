import InsetCore

/// Turns pictures into sixel images (DEC's DCS `q` graphics, as in xterm -ti vt340, foot,
/// mlterm, WezTerm, Windows Terminal): pure bytes into an `OutputBuffer`, no I/O.
///
/// One call writes one complete image: `ESC P 0;1;0 q`, raster attributes `"1;1;W;H`
/// (square pixels, the size, so the terminal need not guess it), the frame's palette as
/// `#n;2;r;g;b` in percent, the picture in bands of six rows, and `ESC \`. The palette is
/// made from the frame (`SixelPalette`, median cut) and pixels are mapped to it with
/// ordered dithering (`SixelColorMap`, which says why not error diffusion).
///
/// P2 = 1 asks the terminal to leave pixels that no colour sets as they are, instead of
/// painting them with the background (P2 = 0 or 2). Every pixel is set by exactly one
/// colour here, so nothing is left transparent either way, and the terminal is spared a
/// background fill of the whole area before each frame. P1 = 0 would mean 2:1 pixels; the
/// raster attributes' `1;1` make them square.
///
/// Bytes are kept few: within a band only the colours that occur are sent, each from the
/// first to the last column where it occurs (earlier columns skipped as one `!n?` run),
/// with runs of the same sixel as `!n c`.
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

    private let palette = SixelPalette()
    private let colorMap = SixelColorMap()
    private let band: SixelBand

    public init(maxColors: Int = 256) {
        precondition((1...256).contains(maxColors), "sixel terminals offer 1 to 256 colour registers here")
        self.maxColors = maxColors
        band = SixelBand(colors: maxColors)
    }

    /// Appends `image` as one sixel image; an empty image appends nothing. Every image given
    /// is sent: whether a frame is new is the caller's to know (the player knows it by the
    /// frame's time, without comparing pixels).
    public func encode(_ image: RGBImage, into output: OutputBuffer) {
        guard !image.size.isEmpty else { return }
        palette.build(from: image, maxColors: maxColors)
        if !palette.isExact { colorMap.prepare(for: palette, ditherStrength: ditherStrength) }
        band.prepare(width: image.width)
        writeHeader(size: image.size, into: output)
        var top = 0
        while top < image.height {
            let rows = min(6, image.height - top)
            if palette.isExact {
                band.fillExact(image, top: top, rows: rows, palette: palette)
            } else if colorMap.dithers {
                band.fillDithered(image, top: top, rows: rows, map: colorMap)
            } else {
                band.fillNearest(image, top: top, rows: rows, map: colorMap)
            }
            top += 6
            band.write(into: output, isLast: top >= image.height)
        }
        output.append("\u{1B}\\")
    }

    private func writeHeader(size: PixelSize, into output: OutputBuffer) {
        output.append("\u{1B}P0;1;0q\"1;1;")
        output.appendDecimal(size.width)
        output.append(UInt8(ascii: ";"))
        output.appendDecimal(size.height)
        // "#255;2;100;100;100" is 18 bytes; putSmallDecimal may store two bytes of slack.
        output.withWriter(reserving: palette.count * 24) { w in
            for i in 0..<palette.count {
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
