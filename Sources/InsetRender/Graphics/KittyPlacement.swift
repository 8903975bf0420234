import InsetCore

/// Where and how a kitty graphics image is shown: which image and placement it is, the
/// cells it is scaled into, and its stacking order.
///
/// Sending the same `imageID` and `placementID` again replaces the previous picture and
/// placement in the terminal's one processing of the command, so a video drawn frame after
/// frame under one pair of ids never flickers through an empty screen.
public struct KittyPlacement: Hashable, Sendable {
    /// The image's id, 1–4294967295 (0 would be "no id": the terminal could not replace it).
    public var imageID: UInt32
    /// The placement's id, 1–4294967295.
    public var placementID: UInt32
    /// Cells the picture is scaled to fill (`c=`, `r=`).
    public var cells: CellSize
    /// Stacking order (`z=`); see `KittyZIndex` for which to use when.
    public var zIndex: Int32

    public init(imageID: UInt32, placementID: UInt32 = 1, cells: CellSize, zIndex: Int32 = KittyZIndex.aboveText) {
        precondition(imageID != 0 && placementID != 0, "kitty image and placement ids start at 1")
        self.imageID = imageID
        self.placementID = placementID
        self.cells = cells
        self.zIndex = zIndex
    }
}

/// The kitty z-index values that matter for a video player, from the top down. Which to
/// use depends on what the app draws in the cells the picture covers.
public enum KittyZIndex {
    /// Over everything in the cells (z = 0): for full-screen video with nothing drawn on
    /// it. Whatever text the cells hold is hidden, so the app need not clear them first.
    public static let aboveText: Int32 = 0
    /// Under the text but over cell background colours (z = −1): text drawn on the video
    /// (subtitles, the time) shows on it; a bar with a background colour is covered by the
    /// video except for its letters. (Below −2^30 a picture would go under non-default
    /// backgrounds too, and the video's own black cells would hide it.)
    public static let underText: Int32 = -1
}
