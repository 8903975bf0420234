import Foundation
import InsetCore
import InsetMedia

/// Events from the audio decode thread, kept for the UI thread to read.
final class SoundEventBox: @unchecked Sendable {
    private let lock = NSLock()
    /// The serial of the last seek: an end reported for an older one is news of a
    /// position left behind.
    private var serial = 0
    private var ended = false
    private var lastTime: MediaTime?
    private var failed = false
    private var failure: String?

    func post(_ event: AudioPipeline.Event) {
        lock.withLock {
            switch event {
            case .endOfStream(let endedSerial, let last):
                guard endedSerial >= serial else { return }
                ended = true
                lastTime = last
            case .failed(let reason): failure = reason; failed = true
            }
        }
    }

    public var progress: SoundProgress {
        lock.withLock { failed ? .absent : ended ? .decoded(lastTime: lastTime) : .decoding }
    }

    /// A seek to `serial`: the sound goes on from there (a failure stays).
    func begin(serial: Int) {
        lock.withLock { self.serial = serial; ended = false; lastTime = nil }
    }
    func takeFailure() -> String? {
        lock.withLock { defer { failure = nil }; return failure }
    }
}
