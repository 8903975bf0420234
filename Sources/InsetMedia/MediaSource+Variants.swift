import CFFmpeg
import InsetCore

/// One video stream of an HLS master playlist: the same picture at one size and bit rate.
public struct VideoVariant: Sendable, Equatable, CustomStringConvertible {
    /// The stream's index in the container.
    public var streamIndex: Int
    public var size: PixelSize
    /// The playlist's BANDWIDTH for it, when it gave one.
    public var bitRate: Int?
    /// Its place among the variants from the smallest, from 1, and how many there are.
    public var number: Int
    public var count: Int

    public init(streamIndex: Int, size: PixelSize, bitRate: Int? = nil, number: Int, count: Int) {
        self.streamIndex = streamIndex; self.size = size; self.bitRate = bitRate; self.number = number; self.count = count
    }

    /// "640x360 (2/3)", as `--stats` shows it.
    public var description: String { "\(size) (\(number)/\(count))" }
}

extension MediaSource {
    /// The video variants of an HLS master playlist, smallest first; empty for anything
    /// else (a file's extra video streams are angles or covers, not sizes of one picture).
    /// libavformat's hls demuxer makes one program, with its own streams, per variant.
    static func videoVariants(of context: UnsafeMutablePointer<AVFormatContext>) -> [VideoVariant] {
        guard String(cString: context.pointee.iformat.pointee.name).hasPrefix("hls") else { return [] }
        var found: [(index: Int, size: PixelSize, bitRate: Int?)] = []
        for i in 0..<Int(context.pointee.nb_streams) {
            let stream = context.pointee.streams[i]!
            let par = stream.pointee.codecpar.pointee
            guard par.codec_type == AVMEDIA_TYPE_VIDEO, cffmpeg_stream_is_attached_picture(stream) == 0,
                  par.width > 0, par.height > 0 else { continue }
            let bandwidth = av_dict_get(stream.pointee.metadata, "variant_bitrate", nil, 0)
                .flatMap { Int(String(cString: $0.pointee.value)) }
            found.append((i, PixelSize(width: Int(par.width), height: Int(par.height)), bandwidth))
        }
        guard found.count > 1 else { return [] }
        found.sort { ($0.size.width * $0.size.height, $0.bitRate ?? 0) < ($1.size.width * $1.size.height, $1.bitRate ?? 0) }
        return found.enumerated().map { number, variant in
            VideoVariant(streamIndex: variant.index, size: variant.size, bitRate: variant.bitRate,
                         number: number + 1, count: found.count)
        }
    }
}
