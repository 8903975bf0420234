import CFFmpeg
import Foundation
import InsetCore

/// One frame at the picture's own size, as FFmpeg itself would give it: for screenshots.
/// The file is opened again (its own demuxer, apart from playback's), sought to the
/// keyframe before, decoded forward to the frame on screen at the time asked, and turned
/// into RGB by libswscale with the ffmpeg tool's defaults (bicubic, the frame's own matrix
/// and range), stretched to square pixels and turned as it is shown.
public enum FrameGrab {
    public struct Picture {
        public let image: RGBImage
        /// The frame's own time (the frame on screen at the time asked).
        public let time: MediaTime
    }

    public static func picture(path: String, at time: MediaTime, interrupt: MediaInterrupt = MediaInterrupt()) throws -> Picture {
        let source = try MediaSource(path: path, interrupt: interrupt)
        try source.requireVideo()
        let index = source.videoStreamIndex
        let stream = source.videoStream
        let timeBase = stream.pointee.time_base
        let decoder = try VideoDecoder(source: source, streamIndex: index, threads: 2)
        _ = av_seek_frame(source.format, index, StreamTime.timestamp(time, in: timeBase), AVSEEK_FLAG_BACKWARD)
        var packet = av_packet_alloc()
        defer { av_packet_free(&packet) }
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        var kept = av_frame_alloc()
        defer { av_frame_free(&kept) }
        guard let packet, let frame, let kept else { throw MediaError.undecodable(path: path, detail: "out of memory") }
        var keptTime: MediaTime?
        // The frame on screen at `time`: the last whose start is at or before it.
        func take() -> Bool {
            while decoder.receive(frame) == 0 {
                let start = StreamTime.media(frame.pointee.best_effort_timestamp, in: timeBase) ?? .zero
                if keptTime != nil && start > time { av_frame_unref(frame); return true }
                av_frame_unref(kept)
                av_frame_move_ref(kept, frame)
                keptTime = start
            }
            return false
        }
        reading: while true {
            if interrupt.isStopped { throw MediaError.undecodable(path: path, detail: "cancelled") }
            let read = av_read_frame(source.format, packet)
            if read < 0 {
                _ = decoder.send(nil)
                _ = take()
                break reading
            }
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == index else { continue }
            _ = decoder.send(packet)
            if take() { break reading }
        }
        guard let keptTime else { throw MediaError.undecodable(path: path, detail: "no picture at \(time.clockString)") }
        return Picture(image: try convert(kept, info: source.info.video!, path: path), time: keptTime)
    }

    /// RGB at the display size (square pixels), turned.
    private static func convert(_ frame: UnsafeMutablePointer<AVFrame>, info: VideoStreamInfo, path: String) throws -> RGBImage {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        var displayWidth = width
        if info.sampleAspectNumerator > 0, info.sampleAspectDenominator > 0 {
            displayWidth = Int((Double(width) * Double(info.sampleAspectNumerator) / Double(info.sampleAspectDenominator)).rounded())
        }
        let upright = RGBImage(size: PixelSize(width: displayWidth, height: height))
        guard let sws = sws_getContext(Int32(width), Int32(height), AVPixelFormat(rawValue: frame.pointee.format),
                                       Int32(displayWidth), Int32(height), AV_PIX_FMT_RGB24, SWS_BICUBIC, nil, nil, nil)
        else { throw MediaError.undecodable(path: path, detail: "no conversion to RGB for its pixel format") }
        defer { sws_freeContext(sws) }
        // The player's rule for the matrix; a full-range frame is read as full range even
        // untagged, as the ffmpeg tool reads it.
        FrameScaler.applyColorspace(of: UnsafePointer(frame), to: sws,
                                    planarIsFullRange: frame.pointee.color_range == AVCOL_RANGE_JPEG ? true : nil)
        var destination: [UnsafeMutablePointer<UInt8>?] = [upright.bytes, nil, nil, nil]
        var strides: [Int32] = [Int32(upright.bytesPerRow), 0, 0, 0]
        let sources = withUnsafeBytes(of: frame.pointee.data) { Array($0.bindMemory(to: UnsafePointer<UInt8>?.self)) }
        let lines = withUnsafeBytes(of: frame.pointee.linesize) { Array($0.bindMemory(to: Int32.self)) }
        _ = sws_scale(sws, sources, lines, 0, Int32(height), &destination, &strides)
        guard info.rotation != .none else { return upright }
        let turned = RGBImage(size: info.rotation.swapsAxes ? PixelSize(width: height, height: displayWidth) : upright.size)
        turned.copyRotated(from: upright, rotation: info.rotation)
        return turned
    }
}
