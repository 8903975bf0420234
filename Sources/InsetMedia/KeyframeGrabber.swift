import CFFmpeg
import InsetCore

/// The keyframe at or before a time, decoded and scaled into a viewport: the thumbnail
/// thread's work (`ThumbnailDecoder`). Owns its source's reading, a one-thread decoder (a
/// frame comes out of the first packets, not after a frame thread per core has filled)
/// and a scaler.
///
/// Holding a key over a long GOP asks for the same keyframe again and again: when the
/// seek lands on the keyframe decoded last (its first packet's timestamp), at the same
/// viewport, that frame is given again without decoding.
final class KeyframeGrabber {
    private let source: MediaSource
    private let decoder: VideoDecoder
    private let video: VideoStreamInfo
    private let scaler = FrameScaler()
    private let packet: UnsafeMutablePointer<AVPacket>
    private let frame: UnsafeMutablePointer<AVFrame>
    private var last: (packetTime: Int64, viewport: Viewport, frame: VideoFrame)?
    /// Video packets read after a seek without a picture before it is given up (a damaged
    /// keyframe; the next request tries again).
    static let packetLimit = 64

    init(source: MediaSource) throws {
        try source.requireVideo()
        guard let video = source.info.video, !video.isAttachedPicture else {
            throw MediaError.undecodable(path: source.info.path, detail: "no moving picture to preview")
        }
        self.source = source
        self.video = video
        decoder = try VideoDecoder(source: source, threads: 1)
        packet = av_packet_alloc()
        frame = av_frame_alloc()
    }

    deinit {
        var packet: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&packet)
        var frame: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&frame)
    }

    /// The first frame decoded from the keyframe at or before `time`, scaled into `viewport`.
    func frame(at time: MediaTime, in viewport: Viewport) -> VideoFrame? {
        let index = decoder.streamIndex
        let timeBase = decoder.timeBase
        guard av_seek_frame(source.format, index, StreamTime.timestamp(time, in: timeBase), AVSEEK_FLAG_BACKWARD) >= 0 else {
            return nil
        }
        decoder.flush()
        var packetTime: Int64?
        var read = 0
        while read < Self.packetLimit {
            guard av_read_frame(source.format, packet) >= 0 else { return drained(viewport) }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == index else { continue }
            read += 1
            if packetTime == nil {
                let stamp = packet.pointee.pts == cffmpeg_nopts_value() ? packet.pointee.dts : packet.pointee.pts
                packetTime = stamp
                if let last, last.packetTime == stamp, last.viewport == viewport { return last.frame }
            }
            _ = decoder.send(packet)
            if let picture = received(viewport) {
                if let packetTime { last = (packetTime, viewport, picture) }
                return picture
            }
        }
        return nil
    }

    /// At the end of the file: what the decoder still holds.
    private func drained(_ viewport: Viewport) -> VideoFrame? {
        _ = decoder.send(nil)
        return received(viewport)
    }

    private func received(_ viewport: Viewport) -> VideoFrame? {
        guard decoder.receive(frame) == 0 else { return nil }
        defer { av_frame_unref(frame) }
        let coded = PixelSize(width: Int(frame.pointee.width), height: Int(frame.pointee.height))
        let placement = viewport.fit(coded: coded, sampleAspect: video.sampleAspect, rotation: video.rotation)
        let image = RGBImage(size: placement.size)
        guard !placement.size.isEmpty, scaler.scale(frame, rotation: video.rotation, into: image) else { return nil }
        return VideoFrame(time: decoder.presentationTime(of: frame) ?? .zero, duration: .zero, serial: 0, image: image,
                          placement: placement, viewport: viewport, isCorrupt: false, codedSize: coded)
    }
}
