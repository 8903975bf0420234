import Foundation

/// A pipeline's own thread, started once and joined once: the decode threads of video and
/// audio and the scale thread share this lifecycle.
///
/// The thread holds its owner weakly and only while running the body, so once `join`
/// returns nothing of the thread keeps the owner (its decoder, frame pools, file) alive.
final class WorkerThread: @unchecked Sendable {
    private let name: String
    private let finished = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var running = false

    init(name: String) { self.name = name }

    /// Runs `body(owner)` on a new thread. Call once.
    func start<Owner: AnyObject & Sendable>(owner: Owner, body: @escaping @Sendable (Owner) -> Void) {
        lock.withLock {
            precondition(!running, "\(name) started twice")
            running = true
        }
        let finished = self.finished
        let thread = Thread { [weak owner] in
            if let owner { body(owner) }
            finished.signal()
        }
        thread.name = name
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Waits for the body to return (the owner must first have asked it to stop). Returns
    /// at once when the thread never started or was joined already.
    func join() {
        let wasRunning = lock.withLock { () -> Bool in
            defer { running = false }
            return running
        }
        if wasRunning { finished.wait() }
    }
}
