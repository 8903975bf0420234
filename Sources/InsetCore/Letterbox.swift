/// Rotation to apply for display, clockwise, in quarter turns. FFmpeg's display matrix
/// gives a counter-clockwise angle; `init(displayMatrixDegrees:)` converts as ffplay does.
public enum VideoRotation: Int, Sendable, Hashable, CaseIterable {
    case none = 0, clockwise90 = 90, upsideDown = 180, clockwise270 = 270

    public init(displayMatrixDegrees ccw: Double?) {
        guard let ccw, ccw.isFinite else { self = .none; return }
        var d = Int((-ccw).rounded()) % 360
        if d < 0 { d += 360 }
        let quarter = ((d + 45) / 90) % 4
        self = VideoRotation(rawValue: quarter * 90) ?? .none
    }

    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }
    public var degrees: Int { rawValue }
}

/// The pure geometry of fitting a picture into a pixel area with its aspect kept.
public enum Letterbox {
    /// The shape of the picture as it should be seen: coded size times the sample aspect
    /// ratio, with width and height exchanged for a quarter turn. Returns width / height.
    public static func displayAspect(coded: PixelSize, sampleAspect: Ratio, rotation: VideoRotation) -> Double {
        guard coded.width > 0, coded.height > 0 else { return 1 }
        let sar = sampleAspect.value ?? 1
        let w = Double(coded.width) * sar, h = Double(coded.height)
        return rotation.swapsAxes ? h / w : w / h
    }

    /// The rectangle inside `target` where the picture goes: as large as fits, centred, the
    /// rest left as bars. `pixelAspect` is the width/height of one target pixel (1 for half
    /// blocks on the usual 1:2 cell). `rowAlignment` and `columnAlignment` keep the top and
    /// height, the left and width, on multiples (the pixels of one cell: 2 rows for half
    /// blocks), so the picture starts and ends on whole cells.
    public static func fit(
        coded: PixelSize, sampleAspect: Ratio, rotation: VideoRotation,
        into target: PixelSize, pixelAspect: Double = 1, rowAlignment: Int = 1, columnAlignment: Int = 1
    ) -> PixelRect {
        guard !target.isEmpty else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        let aspect = displayAspect(coded: coded, sampleAspect: sampleAspect, rotation: rotation)
        let targetAspect = Double(target.width) * pixelAspect / Double(target.height)
        var w: Int, h: Int
        if targetAspect > aspect {
            h = target.height
            w = Int((Double(h) * aspect / pixelAspect).rounded())
        } else {
            w = target.width
            h = Int((Double(w) * pixelAspect / aspect).rounded())
        }
        var (x, width) = aligned(w, in: target.width, to: columnAlignment)
        var (y, height) = aligned(h, in: target.height, to: rowAlignment)
        // Whole cells can cut one side by most of a cell: on a window of 9 rows of 13 px a
        // 16:9 picture 228x128 became 228x117, 10% squashed. Past `stretchTolerance`, and
        // for a cut of more than a pixel or two (a half block's row is 2: what small cell
        // pictures have always had), the other side follows the one cut (204x117, 2% off).
        let shown = Double(width) * pixelAspect / Double(height)
        if abs(shown / aspect - 1) > stretchTolerance {
            if h - height > 2 {
                (x, width) = aligned(Int((Double(height) * aspect / pixelAspect).rounded()), in: target.width, to: columnAlignment)
            } else if w - width > 2 {
                (y, height) = aligned(Int((Double(width) * pixelAspect / aspect).rounded()), in: target.height, to: rowAlignment)
            }
        }
        return PixelRect(x: x, y: y, width: width, height: height)
    }

    /// How far from its shape a picture may be drawn to fill whole cells (3%: under what
    /// the eye notices, and what a full screen of 13 px rows needs).
    public static let stretchTolerance = 0.03

    /// A length rounded down to a multiple of `alignment` (at least one multiple, at most
    /// what fits in `room`, or all of `room` when not even one multiple fits), and the
    /// offset that centres it, also a multiple.
    private static func aligned(_ length: Int, in room: Int, to alignment: Int) -> (offset: Int, length: Int) {
        let a = max(1, alignment)
        let fitting = (room / a) * a
        let length = min(max(a, (length / a) * a), fitting == 0 ? room : fitting)
        return (((room - length) / 2 / a) * a, max(1, length))
    }
}
