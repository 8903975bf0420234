/// A picture drawn from the sound, for a sound-only file with no cover: one of FFmpeg's
/// audio visualisation filters (libavfilter), named as FFmpeg names them. `--visualizer`
/// picks one (or `none`), the `visualizer` command cycles them.
public enum Visualizer: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The spectrum scrolling right to left, frequency up the screen on a log scale: a
    /// tone is a line at its pitch's height.
    case showspectrum
    /// A constant-Q transform's bars, one octave as wide as any other: a tone is a bar at
    /// its note's place across the screen.
    case showcqt
    /// The waveform.
    case showwaves
    /// Left against right, a goniometer: a mono tone is a line, stereo width a cloud.
    case avectorscope

    public static let standard = Visualizer.showspectrum
    public var description: String { rawValue }

    /// The one after this in the cycle; after the last, none (nil). `visualizer` with no
    /// name steps through them and back to the first from none.
    public var next: Visualizer? {
        let all = Visualizer.allCases
        let index = all.firstIndex(of: self)! + 1
        return index < all.count ? all[index] : nil
    }

    /// Pictures a second, for every filter.
    public static let frameRate = 25

    /// The filter's text for pictures of `size` (FFmpeg's filter syntax).
    public func filter(size: PixelSize) -> String {
        let s = "s=\(size.width)x\(size.height)"
        switch self {
        case .showspectrum: return "showspectrum=\(s):slide=scroll:color=intensity:fscale=log:fps=\(Visualizer.frameRate)"
        case .showcqt: return "showcqt=\(s):axis=0:sono_h=0:fps=\(Visualizer.frameRate)"
        case .showwaves: return "showwaves=\(s):mode=cline:rate=\(Visualizer.frameRate)"
        case .avectorscope: return "avectorscope=\(s):draw=line:rate=\(Visualizer.frameRate)"
        }
    }

    /// The size the filter draws at for a picture shown at `pixels`: the same shape, a
    /// whole multiple of it at least `minimumHeight` tall (a spectrum as short as a
    /// terminal's rows of half blocks has too few frequency bins to tell one note from the
    /// next; the scaler then averages the larger picture down), in even numbers, and within
    /// `PictureBound`: showcqt took 7.7 GB for a picture of a screen of 512x512 cells
    /// (issue 42 item 5).
    public static func drawingSize(for pixels: PixelSize) -> PixelSize {
        let width = max(2, pixels.width), height = max(2, pixels.height)
        var factor = 1
        while height * factor < minimumHeight && factor < 16 { factor += 1 }
        let size = PixelSize(width: (width * factor + 1) & ~1, height: (height * factor + 1) & ~1)
        guard !PictureBound.contains(size) else { return size }
        let bounded = PictureBound.fitting(size)
        return PixelSize(width: max(2, bounded.width & ~1), height: max(2, bounded.height & ~1))
    }

    static let minimumHeight = 180
}
