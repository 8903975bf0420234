import Foundation
import InsetCore

/// A bounded queue of decoded frames between the decode thread (the only producer) and
/// the consumer (the UI thread, or a benchmark). Memory stays flat whatever the length of
/// the file: the producer blocks when it holds `capacity` items.
///
/// Every item carries the serial of the seek it belongs to. `beginSerial` (called on a
/// seek) empties the queue and from then on refuses items of an older serial, so a frame
/// decoded before the seek can never be shown after it, even one being pushed right now.
public final class FrameQueue: @unchecked Sendable {
    public let capacity: Int
    private let condition = NSCondition()
    private var items: [DecodedItem] = []
    private var head = 0
    private var serial = 0
    private var closed = false
    private var spareImages: [RGBImage] = []
    /// Called on the producer's thread, outside the lock, when an item lands in an empty
    /// queue: the consumer's loop can sleep until then instead of polling.
    private var onArrival: (@Sendable () -> Void)?

    /// Sets what `push` calls when an item lands in an empty queue.
    public func notifyOnArrival(_ action: (@Sendable () -> Void)?) {
        condition.withLock { onArrival = action }
    }

    /// The largest number of items ever held at once, for tests of the bound.
    public private(set) var highWaterMark = 0

    public init(capacity: Int) {
        precondition(capacity > 0)
        self.capacity = capacity
        items.reserveCapacity(capacity * 2)
    }

    public var currentSerial: Int { condition.withLock { serial } }
    public var count: Int { condition.withLock { items.count - head } }
    /// Items held in storage, consumed ones included: bounded by twice the capacity.
    var storageCount: Int { condition.withLock { items.count } }

    /// Blocks while the queue is full. Returns false, dropping the item, when its serial is
    /// stale (a seek happened) or the queue was closed.
    @discardableResult
    public func push(_ item: DecodedItem) -> Bool {
        condition.lock()
        while !closed && item.serial == serial && items.count - head >= capacity {
            condition.wait()
        }
        guard !closed, item.serial == serial else { condition.unlock(); return false }
        let wasEmpty = items.count == head
        items.append(item)
        highWaterMark = max(highWaterMark, items.count - head)
        condition.broadcast()
        let notify = wasEmpty ? onArrival : nil
        condition.unlock()
        notify?()
        return true
    }

    /// The oldest item, without waiting.
    public func tryPop() -> DecodedItem? {
        condition.lock()
        defer { condition.unlock() }
        return popLocked()
    }

    /// The oldest item, waiting up to `timeout` seconds for one (nil on timeout or close).
    public func pop(timeout: Double) -> DecodedItem? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while items.count - head == 0 && !closed {
            if !condition.wait(until: deadline) { break }
        }
        return popLocked()
    }

    /// Looks at the oldest item without taking it.
    public func peek() -> DecodedItem? {
        condition.withLock { head < items.count ? items[head] : nil }
    }

    private func popLocked() -> DecodedItem? {
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        // Playback keeps the queue full, so it is rarely empty when popped: compact once the
        // consumed prefix reaches the capacity, or the array would grow with the file.
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= capacity {
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return item
    }

    /// Starts a new seek generation: drops every queued item and wakes a blocked producer.
    public func beginSerial(_ newSerial: Int) {
        precondition(newSerial > serial, "serials only grow")
        condition.lock()
        for case .frame(let f) in items[head...] { if let image = f.image { recycleLocked(image) } }
        items.removeAll(keepingCapacity: true)
        head = 0
        serial = newSerial
        condition.broadcast()
        condition.unlock()
    }

    /// Wakes everyone for good: pushes fail, pops return what is left then nil.
    public func close() {
        condition.withLock { closed = true; condition.broadcast() }
    }

    /// Gives a shown frame's picture back so the producer can scale the next frame into it
    /// instead of allocating a new one.
    public func recycle(_ image: RGBImage) {
        condition.withLock { recycleLocked(image) }
    }

    private func recycleLocked(_ image: RGBImage) {
        if spareImages.count < capacity + 2 { spareImages.append(image) }
    }

    /// A spare picture of `size`, or a new one. Spares of other sizes are let go.
    func image(of size: PixelSize) -> RGBImage {
        condition.lock()
        defer { condition.unlock() }
        while let spare = spareImages.popLast() {
            if spare.size == size { return spare }
        }
        return RGBImage(size: size)
    }
}
