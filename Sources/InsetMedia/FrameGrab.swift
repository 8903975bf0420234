import CFFmpeg
import Foundation
import InsetCore

/// One frame at the picture's own size, as FFmpeg itself would give it: for screenshots.
/// The file is opened again (its own demuxer, apart from playback's), sought to the
/// keyframe before, decoded forward to the frame on screen at the time asked, and turned
/// into RGB by libswscale with the ffmpeg tool's defaults (bicubic, the frame's own matrix
/// and range), stretched to square pixels and turned as it is shown.
public enum FrameGrab {
    /// A frame whose display size no screenshot may have (`displaySize`), in one line.
    public struct TooLarge: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    public struct Picture {
        public let image: RGBImage
        /// The frame's own time (the frame on screen at the time asked).
        public let time: MediaTime
    }

    public static func picture(path: String, allowance: InputAllowance = .webOnly, at time: MediaTime,
                               interrupt: MediaInterrupt = MediaInterrupt()) throws -> Picture {
        let source = try MediaSource(path: path, allowance: allowance, interrupt: interrupt)
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

    /// The largest picture a screenshot is: the display size stretches the frame by its
    /// pixel aspect, which a file may claim to be anything (32767:1 on a 1080p frame asked
    /// for 204 GB and aborted the player). At most `largestStretch` times the frame's own
    /// area, `largestSide` pixels a side and `largestArea` pixels in all (an 8K frame is 33
    /// million); a frame past these is refused with the reason, not shrunk to fit.
    public static let largestStretch = 4
    public static let largestSide = 16384
    public static let largestArea = 64 << 20

    /// The display size of a `width`x`height` frame of pixel aspect `aspect`, or why there
    /// is none a screenshot may be.
    public static func displaySize(width: Int, height: Int, aspect: (numerator: Int, denominator: Int)) throws(TooLarge) -> PixelSize {
        var displayWidth = Double(width)
        if aspect.numerator > 0, aspect.denominator > 0 {
            displayWidth = (Double(width) * Double(aspect.numerator) / Double(aspect.denominator)).rounded()
        }
        let area = displayWidth * Double(height)
        guard displayWidth >= 1, displayWidth <= Double(largestSide), height <= largestSide,
              area <= Double(largestArea), area <= Double(largestStretch * width * height) else {
            throw TooLarge(description: "its pixel aspect \(aspect.numerator):\(aspect.denominator) makes the \(width)x\(height) frame "
                        + "\(String(format: "%.0f", displayWidth))x\(height) (at most \(largestStretch)x the frame's area, \(largestSide) a side)")
        }
        return PixelSize(width: Int(displayWidth), height: height)
    }

    /// RGB at the display size (square pixels), turned.
    private static func convert(_ frame: UnsafeMutablePointer<AVFrame>, info: VideoStreamInfo, path: String) throws -> RGBImage {
        let width = Int(frame.pointee.width), height = Int(frame.pointee.height)
        let displayWidth = try displaySize(width: width, height: height,
                                           aspect: (info.sampleAspectNumerator, info.sampleAspectDenominator)).width
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
