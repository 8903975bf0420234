import InsetCore

/// The terminal's facts the director is built with (the loop probes them, `App+Terminal`):
/// the screen's, not the director's own state, so they live with the screen's code.
extension Director {
    /// The terminal as the director needs to know it: its size, how the video's cells hold
    /// pixels, and whether (and how) real pixels go out.
    struct Stage {
        var size: CellSize
        let videoRaster: CellRaster
        let pictures: (any PictureOutput)?

        init(size: CellSize, videoRaster: CellRaster, pictures: (any PictureOutput)?) {
            self.size = size; self.videoRaster = videoRaster; self.pictures = pictures
        }
    }
}
