import CAss
import CFFmpeg

/// The FFmpeg and libass libraries loaded at run time, for `inset doctor`: each
/// `av*_version()` and `ass_library_version()` as the libraries themselves report it.
public enum MediaLibraryVersions {
    /// libavformat's, libavcodec's, libavutil's, libswscale's and libswresample's, in that order.
    public static var ffmpeg: [(name: String, version: String)] {
        [("libavformat", avformat_version()), ("libavcodec", avcodec_version()), ("libavutil", avutil_version()),
         ("libswscale", swscale_version()), ("libswresample", swresample_version())].map { ($0.0, dotted($0.1)) }
    }

    /// FFmpeg's packed version (major << 16 | minor << 8 | micro) as `60.3.100`.
    static func dotted(_ packed: UInt32) -> String { "\(packed >> 16).\((packed >> 8) & 0xFF).\(packed & 0xFF)" }

    /// libass's version, whose hexadecimal digits spell it (0x01701000 is 0.17.1).
    public static var libass: String { assDotted(ass_library_version()) }

    static func assDotted(_ packed: Int32) -> String {
        let digits = Array(String(UInt32(bitPattern: packed), radix: 16).leftPadded(to: 8))
        let parts = [digits[0...0], digits[1...2], digits[3...4]].map { Int(String($0)) ?? 0 }
        return parts.map(String.init).joined(separator: ".")
    }
}

private extension String {
    func leftPadded(to length: Int) -> String { String(repeating: "0", count: max(0, length - count)) + self }
}
