import Foundation
import InsetCore

/// Once the terminal is restored the user is done with the program, and what is left
/// (joining the decode and probe threads, closing files) must not keep the process alive.
/// A thread inside a libavformat call that never checks its interrupt would hold a join
/// for ever: after `q` the terminal came back but the process ran on until killed. So
/// when the terminal is restored a deadline is armed; a process still alive at it writes
/// what it had to say (`lastLine`) and leaves with `_exit`, without running the exit
/// handlers a stuck thread may hold locks for.
public enum ExitDeadline {
    /// How long the orderly way out may take: joining healthy threads takes milliseconds.
    static let grace: Duration = .milliseconds(800)

    /// Arms the deadline once; later calls do nothing (the first status stands).
    static func arm(status: Int32, lastLine: String?, after grace: Duration = ExitDeadline.grace) {
        guard armed.testAndSet() else { return }
        let thread = Thread {
            Thread.sleep(forTimeInterval: Double(grace.components.seconds) + Double(grace.components.attoseconds) / 1e18)
            if let lastLine, lastWords.testAndSet() {
                let text = "inset: " + PrintableText.escaped(lastLine) + "\n"
                text.utf8CString.withUnsafeBufferPointer { _ = write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
            }
            _exit(status)
        }
        thread.name = "inset.exit-deadline"
        thread.start()
    }

    /// The orderly way out is about to print its closing lines: true when it may, and the
    /// deadline then prints none; false when the deadline has printed its line already.
    /// On a loaded machine (a sanitized build) the deadline came while the orderly way was
    /// still on its way out, and the closing line was printed twice.
    public static func claimLastWords() -> Bool { lastWords.testAndSet() }

    private static let armed = OnceFlag()
    private static let lastWords = OnceFlag()
}

/// A flag that can be set once, from any thread.
private final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var set = false

    /// Sets the flag; true for the call that set it.
    func testAndSet() -> Bool {
        lock.withLock {
            defer { set = true }
            return !set
        }
    }
}
