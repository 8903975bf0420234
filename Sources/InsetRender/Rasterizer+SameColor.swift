import InsetCore

/// When the rasterizer takes two colours for the same, in the colour mode it writes: the
/// one rule its diff leaves cells alone by, made public so that a check of what the
/// terminal shows (the terminal fuzzer's replay) judges colours by it too instead of a
/// tolerance of its own.
extension Rasterizer {
    /// The scaled squared distance (`ColorQuantizer.distance`) at or under which two
    /// colours count as the same: the perceptual threshold's grey steps, squared, in
    /// truecolor; 0 in the palette modes, which compare the indices the terminal shows.
    var sameColorDistance: Int {
        colorMode == .truecolor ? perceptualThreshold * perceptualThreshold * ColorQuantizer.greyStepDistance : 0
    }

    /// The colour a terminal in this colour mode shows for `color`: itself in truecolor;
    /// in the palette modes the entry it is quantised to (as `TerminalColor.palette`), as
    /// the rasterizer sends it. The default colours stay themselves in every mode.
    public func shownColor(_ color: UInt32) -> UInt32 {
        let code: UInt32
        switch colorMode {
        case .truecolor: return color
        case .palette256: code = Palette256Encoding().code(color)
        case .palette16: code = Palette16Encoding().code(color)
        }
        return code < 256 ? TerminalColor.palette(UInt8(code)) : code
    }

    /// Whether the rasterizer counts two colours, each as `shownColor` gives it, as the
    /// same: equal, or (RGB in truecolor) within the perceptual threshold.
    public func countsAsSame(_ a: UInt32, _ b: UInt32) -> Bool {
        ColorQuantizer.isClose(a, b, within: sameColorDistance)
    }
}
