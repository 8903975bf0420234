import InsetCore
import InsetLog
import InsetMedia
import InsetPlayback
import InsetRender

/// The picture of a seek's target while the user scrubs (ARCHITECTURE.md, "Seek preview"):
/// a held seek key, a drag along a progress line, or the pointer over one. A small picture
/// above the line at the target's column (`ThumbnailPlacement`), drawn as the video is
/// (cells with its blitter, or a hole for real pixels that `Director.pictureLayers` sends),
/// in a frame whose bottom edge says the target's time. For a held key or a drag the
/// bar's time says the target too (`barTime`); a hover leaves it alone.
///
/// UI thread. The pictures come from a `ThumbnailDecoder` of the video's file (a second
/// open, its own thread), opened at the first preview of a video and stopped when the
/// video goes; a preview that ends drops what it asked for. A stream over the network
/// has no pictures: the box shows the time alone.
final class SeekPreview {
    enum Place: Equatable { case fullScreen, window }

    /// What is shown: whose target, where, and whether the bar follows it.
    struct Showing {
        weak var video: Playback?
        var place: Place
        var target: MediaTime
        /// A held key or a drag: the bar's time is the target. A hover: it is not.
        var movesBar: Bool
        var placement: ThumbnailPlacement
    }

    private(set) var showing: Showing?
    /// The held seek key or the drag on a progress line whose target this shows.
    var scrubbing = Scrubbing()
    private var decoder: (path: String, decoder: ThumbnailDecoder)?
    /// Above the window (100, 101) and the bar: the preview is what the user looks at.
    private(set) var layer = VideoLayer(zIndex: 105)
    /// The frame around the picture, with the time in its bottom edge; clear inside.
    private var frame = Plane(size: .zero, zIndex: 106)
    /// Whether the layer holds a picture of this preview (not of one before).
    private var hasPicture = false
    /// The time of the frame the picture is (a keyframe at or before the target).
    private(set) var pictureTime: MediaTime?
    /// When the last picture was asked for, for the log's latency.
    private var askedAt = HostTime.zero
    private let raster: CellRaster
    private let wake: @Sendable () -> Void

    static let captionStyle = CellStyle(foreground: RGB(250, 200, 60), background: RGB(24, 24, 28), attributes: .bold)
    static let frameStyle = CellStyle(foreground: RGB(200, 200, 210), background: RGB(24, 24, 28))

    /// `raster`: the video's; `placeholderImageID`: kitty's placeholder id inside tmux.
    init(raster: CellRaster, placeholderImageID: UInt32?, wake: @escaping @Sendable () -> Void) {
        self.raster = raster
        self.wake = wake
        layer.placeholderImageID = placeholderImageID
        layer.setVisible(false)
    }

    /// The time the bar of `video` shows while its key is held or its line dragged.
    func barTime(of video: Playback) -> MediaTime? {
        guard let showing, showing.movesBar, showing.video === video else { return nil }
        return showing.target
    }

    /// Shows `target` of `video` over `column` of its progress line, which lies on
    /// `lineRow` of a screen of `screen`; the video is `videoColumns` wide there.
    func show(_ target: MediaTime, of video: Playback, place: Place, movesBar: Bool, column: Int, lineRow: Int,
              videoColumns: Int, screen: CellSize, at now: HostTime) {
        let aspect = video.info.video.map {
            Letterbox.displayAspect(coded: $0.codedSize, sampleAspect: $0.sampleAspect, rotation: $0.rotation)
        } ?? 16.0 / 9.0
        let size = ThumbnailPlacement.pictureSize(videoColumns: videoColumns, aspect: aspect, raster: raster)
        guard let placement = ThumbnailPlacement(pictureSize: size, column: column, lineRow: lineRow,
                                                 bounds: CellRect(origin: .zero, size: screen)) else { hide(); return }
        let before = showing
        if before?.video !== video { hasPicture = false; pictureTime = nil }
        showing = Showing(video: video, place: place, target: target, movesBar: movesBar, placement: placement)
        placeLayer()
        guard before?.target != target || before?.placement.picture.size != placement.picture.size
                || before?.video !== video else { return }
        decoder(for: video)?.request(target, in: Viewport(cells: placement.picture.size, raster: raster))
        askedAt = now
    }

    /// Opens `video`'s decoder ahead of its first preview: a seek key's first press, so the
    /// file is open by the time the key repeats.
    func prepare(for video: Playback) { _ = decoder(for: video) }

    /// The preview ends: nothing shown, nothing more decoded for it.
    func hide() {
        showing = nil
        hasPicture = false
        pictureTime = nil
        layer.setVisible(false)
        decoder?.decoder.cancel()
    }

    /// `video` is closed: its decoder stops (and its preview goes).
    func forget(_ video: Playback) {
        if showing?.video === video || showing?.video == nil { hide() }
        guard let decoder, decoder.path == video.path else { return }
        decoder.decoder.stop()
        self.decoder = nil
    }

    /// Takes a picture the decoder finished; whether the screen changed.
    func tick(at now: HostTime) -> Bool {
        guard let thumbnail = decoder?.decoder.take(), let showing else { return false }
        layer.show(thumbnail.frame, in: showing.placement.picture.size)
        hasPicture = true
        placeLayer()
        pictureTime = thumbnail.frame.time
        Log.debug("seek preview: the keyframe at \(thumbnail.frame.time) for \(thumbnail.requested), "
                  + "\(now.elapsed(since: askedAt)) after the last was asked")
        return true
    }

    /// Adds the picture and its frame while a preview is shown: before the picture comes,
    /// the frame is empty inside (the video shows through) and the time is there.
    /// `withPicture` false leaves the picture out (its kitty placeholder id is taken).
    func draw(into planes: inout [Plane], withPicture: Bool = true) {
        guard let showing else { return }
        let placement = showing.placement
        if layer.plane.isVisible && withPicture { planes.append(layer.plane) }
        frame.setFrame(placement.frame)
        frame.grid.fill(.transparent)
        frame.grid.drawBox(frame.grid.bounds, style: Self.frameStyle)
        let time = showing.video.map { $0.range.elapsed(at: showing.target) } ?? showing.target
        let text = CellGrid.truncated(" \(time.clockString) ", toColumns: placement.frame.size.columns - 2)
        frame.grid.put(text, at: CellPoint(column: max(1, (placement.frame.size.columns - CellGrid.columns(of: text)) / 2),
                                           row: placement.frame.size.rows - 1), style: Self.captionStyle)
        planes.append(frame)
    }

    /// The picture goes where the preview is, and shows once it is this preview's and of
    /// its size (a picture of another size waits for the one asked for).
    private func placeLayer() {
        guard let placement = showing?.placement else { return }
        layer.setOrigin(placement.picture.origin)
        layer.setVisible(hasPicture && layer.plane.size == placement.picture.size)
    }

    /// The decoder of `video`'s file, opened at its first preview; nil for a stream.
    private func decoder(for video: Playback) -> ThumbnailDecoder? {
        if let decoder, decoder.path == video.path { return decoder.decoder }
        decoder?.decoder.stop()
        decoder = nil
        guard video.pipeline != nil, ThumbnailDecoder.canPreview(path: video.path) else { return nil }
        let opened = ThumbnailDecoder(path: video.path, onReady: wake)
        decoder = (video.path, opened)
        return opened
    }
}
