import CFFmpeg
import Foundation
import InsetCore

extension MediaSource {
    /// How long the end of a growing file is waited on for more before it is the end.
    static let growingFileIdleMilliseconds: Int32 = 3000

    /// A file still being written (a recording, a stream saved as it comes): a regular file
    /// changed in the last two seconds whose size changes again within 300 ms. It is played
    /// as live input (`cffmpeg_follow_avio_alloc`: read on as it grows, no duration, LIVE).
    /// The wait is paid only for files written to just now, which a finished download
    /// rarely is by the time it is played.
    static func isGrowing(_ path: String) -> Bool {
        isGrowing(FileNameBytes.cString(path))
    }

    static func isGrowing(_ path: [CChar]) -> Bool {
        var before = stat()
        guard stat(path, &before) == 0, (before.st_mode & S_IFMT) == S_IFREG else { return false }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        guard now.tv_sec - before.st_mtim.tv_sec < 2 else { return false }
        usleep(300_000)
        var after = stat()
        return stat(path, &after) == 0 && after.st_size != before.st_size
    }

    /// A reader that follows the growing file at `path`; nil when it cannot be opened
    /// (libavformat then opens the path itself and says why).
    static func followingReader(_ path: [CChar], interrupt: MediaInterrupt) -> UnsafeMutablePointer<AVIOContext>? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard let reader = cffmpeg_follow_avio_alloc(fd, interrupt.state, growingFileIdleMilliseconds) else {
            close(fd)
            return nil
        }
        return reader
    }
}
