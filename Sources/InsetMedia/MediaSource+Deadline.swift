import Foundation

extension MediaSource {
    /// Opens `path` on a thread of its own and waits at most `openTimeout` and a little
    /// more for it, for callers with nothing else to do meanwhile (`inset probe`, `cat`,
    /// `bench`). The interrupt's deadline ends any wait libavformat checks it in, but a
    /// demuxer busy without I/O, or open(2) of a FIFO nobody writes, never checks it; past
    /// the wait the opening thread is left behind (stopped, to give up at its next check)
    /// and the caller gets `timedOut`, so the command still ends.
    public static func openWaiting(path: String, allowance: InputAllowance, extra: Duration = .seconds(2)) throws -> MediaSource {
        let interrupt = MediaInterrupt()
        let box = OpeningResult()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.result = Result { try MediaSource(path: path, allowance: allowance, interrupt: interrupt) }
            done.signal()
        }
        thread.name = "inset.open"
        thread.start()
        let wait = openTimeout + extra
        let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
        guard done.wait(timeout: .now() + seconds) == .success, let result = box.result else {
            interrupt.stop()
            throw MediaError.timedOut(path: path, seconds: Int(openTimeout.components.seconds))
        }
        return try result.get()
    }
}

/// Handed from the opening thread to the waiting one; the semaphore orders the two.
private final class OpeningResult: @unchecked Sendable {
    var result: Result<MediaSource, Error>?
}
