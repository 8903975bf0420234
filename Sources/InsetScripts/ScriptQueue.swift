import Foundation
import InsetControl

/// The events waiting for one script (mpv's event objects: `file-loaded`,
/// `property-change`, `client-message`…), taken by its thread in order. Bounded: a script
/// busy in a loop takes nothing, and the player must not hold every event of a long film
/// for it; past `capacity` the oldest go (mpv's own queue drops too, saying so).
///
/// Posted on the player's loop, taken on the script's thread.
public final class ScriptQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [JSONValue] = []
    private var closed = false
    public private(set) var dropped = 0
    public let capacity: Int

    public init(capacity: Int = 1000) { self.capacity = capacity }

    /// Adds an event; false once closed (the script has ended).
    @discardableResult
    public func post(_ event: JSONValue) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return false }
        if events.count >= capacity {
            events.removeFirst()
            dropped += 1
        }
        events.append(event)
        condition.signal()
        return true
    }

    /// A `property-change`, added as `post` adds, and one for the same observation still
    /// waiting taken out (the script would read the newer value anyway). As mpv's client
    /// queue holds one change a property: a script slow to take its events is told the
    /// latest value once, after the events before it, not every value since.
    @discardableResult
    public func postChange(_ event: JSONValue) -> Bool {
        if case .object(let fields) = event, let id = fields["id"] {
            condition.lock()
            events.removeAll { waiting in
                guard case .object(let other) = waiting else { return false }
                return other["event"] == .string("property-change") && other["id"] == id
            }
            condition.unlock()
        }
        return post(event)
    }

    /// The next event, waiting up to `timeout` seconds for one (negative: until one comes
    /// or the queue closes); nil when none came or the queue is closed and empty.
    public func take(timeout: Double) -> JSONValue? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: max(0, timeout))
        while events.isEmpty && !closed {
            if timeout < 0 {
                condition.wait()
            } else if !condition.wait(until: deadline) {
                break
            }
        }
        return events.isEmpty ? nil : events.removeFirst()
    }

    /// No more events are taken; a waiting thread wakes.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    public var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }
}
