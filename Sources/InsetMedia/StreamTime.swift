import CFFmpeg
import InsetCore

/// Times between a stream's time base and media time (microseconds), in one place.
enum StreamTime {
    static let microsecond = AVRational(num: 1, den: 1_000_000)

    /// `timestamp` in `timeBase` as media time; nil for AV_NOPTS_VALUE.
    @inline(__always)
    static func media(_ timestamp: Int64, in timeBase: AVRational) -> MediaTime? {
        timestamp == cffmpeg_nopts_value() ? nil : MediaTime(microseconds: av_rescale_q(timestamp, timeBase, microsecond))
    }

    /// A packet's presentation time, else its decode time; nil when it has neither.
    @inline(__always)
    static func of(_ packet: UnsafePointer<AVPacket>, in timeBase: AVRational) -> MediaTime? {
        media(packet.pointee.pts != cffmpeg_nopts_value() ? packet.pointee.pts : packet.pointee.dts, in: timeBase)
    }

    /// `time` as a timestamp in `timeBase` (for av_seek_frame on a stream).
    @inline(__always)
    static func timestamp(_ time: MediaTime, in timeBase: AVRational) -> Int64 {
        av_rescale_q(time.microseconds, microsecond, timeBase)
    }
}
