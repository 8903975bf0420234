import Foundation

extension MediaSource {
    /// The most of an input that cannot seek (a pipe, an http server without Range) kept in
    /// memory to reach an MP4's index (moov) written after its media (`spool_reader.h`).
    /// Such a file is played from memory, whole; past this it is refused with one line that
    /// says to save it to a file. A phone's or camera's minutes of video fit; an hour of
    /// HD does not, and would cost that much memory.
    public static let spoolLimit: Int64 = 512 << 20
}

extension MediaSource {
    /// The error for an open that failed because the index was past what the spool may
    /// keep; nil when it failed for anything else. The demuxer's own words for it ("moov
    /// atom not found", a read error) would not say what to do.
    static func spoolFailure(path: String, io: InputIO, limit: Int64) -> MediaError? {
        io.spoolOverflowed ? .indexOutOfReach(path: path, limit: limit) : nil
    }
}
