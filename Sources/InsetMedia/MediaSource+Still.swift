import CFFmpeg
import Foundation

extension MediaSource {
    /// A PNG's size and pixel format from its header, set on the stream before
    /// `avformat_find_stream_info`, which otherwise decodes the whole picture to learn them
    /// and throws it away: a 16000x16000 still was decoded there and again by the player
    /// (768 MB and seconds each). With the parameters known, nothing is decoded until the
    /// pipeline decodes it, once.
    ///
    /// Only what the header says for certain is taken: the format FFmpeg's PNG decoder gives
    /// for the colour type and bit depth. A `tRNS` chunk (transparency added to a format
    /// without alpha) changes that format, and such a file is left to FFmpeg.
    static func describeStillFromHeader(_ context: UnsafeMutablePointer<AVFormatContext>, localPath: [CChar]) {
        guard context.pointee.nb_streams == 1, let stream = context.pointee.streams[0],
              stream.pointee.codecpar.pointee.codec_id == AV_CODEC_ID_PNG,
              String(cString: context.pointee.iformat.pointee.name) == "png_pipe",
              let header = PNGHeader(localPath) else { return }
        stream.pointee.codecpar.pointee.width = header.width
        stream.pointee.codecpar.pointee.height = header.height
        stream.pointee.codecpar.pointee.format = header.pixelFormat.rawValue
    }
}

/// The facts of a PNG file's IHDR chunk and whether a tRNS chunk comes before its data.
struct PNGHeader: Equatable {
    let width: Int32
    let height: Int32
    let pixelFormat: AVPixelFormat

    init?(_ path: [CChar]) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64 * 1024)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count >= 33 else { return nil }
        self.init(bytes: bytes[..<count])
    }

    init?(bytes: ArraySlice<UInt8>) {
        let b = Array(bytes)
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard b.count >= 33, Array(b[0..<8]) == signature, b[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        func be32(_ at: Int) -> UInt32 { UInt32(b[at]) << 24 | UInt32(b[at + 1]) << 16 | UInt32(b[at + 2]) << 8 | UInt32(b[at + 3]) }
        let width = be32(16), height = be32(20), depth = b[24], colour = b[25], interlace = b[28]
        guard width > 0, height > 0, width <= Int32.max, height <= Int32.max, interlace <= 1 else { return nil }
        // The chunks before the picture data: a tRNS among them changes the decoded format.
        var at = 33
        while at + 8 <= b.count {
            let length = Int(be32(at))
            let type = b[(at + 4)..<(at + 8)]
            if type.elementsEqual("IDAT".utf8) { break }
            if type.elementsEqual("tRNS".utf8) { return nil }
            at += 12 + length
        }
        guard at + 8 <= b.count else { return nil }  // the data was not reached: no guess
        let format: AVPixelFormat
        switch (colour, depth) {
        case (0, 1): format = AV_PIX_FMT_MONOBLACK
        case (0, 2), (0, 4), (0, 8): format = AV_PIX_FMT_GRAY8
        case (0, 16): format = AV_PIX_FMT_GRAY16BE
        case (2, 8): format = AV_PIX_FMT_RGB24
        case (2, 16): format = AV_PIX_FMT_RGB48BE
        case (3, 1), (3, 2), (3, 4), (3, 8): format = AV_PIX_FMT_PAL8
        case (4, 8): format = AV_PIX_FMT_YA8
        case (4, 16): format = AV_PIX_FMT_YA16BE
        case (6, 8): format = AV_PIX_FMT_RGBA
        case (6, 16): format = AV_PIX_FMT_RGBA64BE
        default: return nil
        }
        self.width = Int32(width)
        self.height = Int32(height)
        self.pixelFormat = format
    }
}
