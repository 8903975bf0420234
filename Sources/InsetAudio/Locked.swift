import Foundation

/// A value behind a pthread mutex (`NSLock`), for state shared with SDL's audio thread.
///
/// Not Synchronization's `Mutex`: on Linux it locks with futexes inside the Swift runtime,
/// which is not built with ThreadSanitizer, so TSan sees no ordering between the accesses
/// it guards and reports each one as a race. A pthread mutex costs the same here (held for
/// a few loads and stores) and is one TSan understands.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
