/// The rungs of the pictures' quality ladder (`QualityLadder`), per way of sending them:
/// what a picture in pixels gives up to fit the link's budget before it is sent smaller
/// (`PicturePacer`) or not at all.
///
/// - iTerm2's JPEG: mjpeg's quantizer scale, 5 (41 dB on the 1080p sample) up to 20: each
///   rung about two thirds of the bytes of the one before, the picture softer but whole.
/// - sixel: the palette's size; fewer colours are fewer passes over each band of six rows.
/// - kitty: one rung (its PNG is near-lossless and already a quarter of the raw bytes; the
///   pacer's smaller sizes are its only step).
public enum PictureQuality {
    public static let jpegQualities = [5, 7, 10, 14, 20]
    public static let sixelColors = [256, 128, 64, 32]

    /// How many rungs pictures sent as `kind` have.
    public static func rungs(jpeg: Bool, sixel: Bool) -> Int {
        jpeg ? jpegQualities.count : sixel ? sixelColors.count : 1
    }

    /// The JPEG quantizer scale at `rung`.
    public static func jpegQuality(rung: Int) -> Int { jpegQualities[min(max(0, rung), jpegQualities.count - 1)] }

    /// The sixel palette's size at `rung`.
    public static func sixelColors(rung: Int) -> Int { sixelColors[min(max(0, rung), sixelColors.count - 1)] }
}
