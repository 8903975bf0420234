/// How much decoding the player asks for, from where the picture is shown, whether the
/// user wants a small window to save CPU, and how late the picture runs.
///
/// Every frame is decoded by default, wherever the picture is: a floating window must move
/// as smoothly as the full screen (it showed 10 of 30 pictures a second when a small window
/// left out B-frames by rule). Frames are left out only when lateness says the machine
/// cannot keep up (`CatchUpPolicy.lightening`, measured on the frames it delivers).
/// `--pip-saver` brings the saving back for those who want it: a window a third of the
/// screen wide or less decodes key and P-frames only, a larger one reference frames only.
/// The deblocking filter is skipped whenever the picture is shrunk too much for it to show,
/// saver or not: leaving it out changes nothing anyone can see.
///
/// Pure: sizes and the catch-up lightening come in as arguments.
public struct DecodeWorkRule: Equatable, Sendable {
    /// `--pip-saver`: fewer frames for a PiP window.
    public var pipSaver: Bool

    public init(pipSaver: Bool = false) { self.pipSaver = pipSaver }

    /// The frames left out for the picture's place alone: in a window of `window` cells
    /// (border included) on a `screen`, or full screen when `window` is nil.
    public func lightening(window: CellSize?, on screen: CellSize) -> DecodeLightening {
        guard pipSaver, let window else { return .none }
        return window.columns * 3 <= screen.columns ? .skipBidirectional : .skipNonReference
    }

    /// What the decoder does: the lighter of what the place asks for and what the catch-up
    /// policy asks for (each is a floor on the skipping).
    public func lightening(window: CellSize?, on screen: CellSize, catchUp: DecodeLightening) -> DecodeLightening {
        max(lightening(window: window, on: screen), catchUp)
    }

    /// Whether H.264's deblocking filter may be skipped: with at least 6x6 coded pixels
    /// averaged into each shown pixel, its few-pixel smoothing (a fifth to a quarter of the
    /// decoding time) cannot change what is shown.
    public static func skipsDeblocking(coded: PixelSize, shown: PixelSize) -> Bool {
        shown.width * 6 <= coded.width && shown.height * 6 <= coded.height
    }
}
