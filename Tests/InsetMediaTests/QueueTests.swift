import Foundation
import InsetCore
import Testing
@testable import InsetMedia

@Suite("The frame queue")
struct QueueTests {
    @Test("a slow consumer never finds more than the capacity queued")
    func bounded() throws {
        let pipeline = try VideoPipeline(source: MediaSource(path: sample("clock_16x9_aac.mp4")),
                                         options: .init(threads: 2, queueCapacity: 3, viewport: Viewport(cells: CellSize(columns: 64, rows: 18))))
        pipeline.start()
        defer { pipeline.stop() }
        var count = 0
        while let item = pipeline.frames.pop(timeout: 5) {
            #expect(pipeline.frames.count <= 3)
            if case .endOfStream = item { break }
            count += 1
            if count % 25 == 0 { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(count == 250)
        #expect(pipeline.frames.highWaterMark <= 3)
    }

    @Test("items of an older serial are refused, even mid-push")
    func staleRefused() {
        let queue = FrameQueue(capacity: 1)
        let image = RGBImage(size: PixelSize(width: 2, height: 2))
        @Sendable func frame(_ serial: Int) -> DecodedItem {
            .frame(VideoFrame(time: .zero, duration: .zero, serial: serial, image: image,
                              placement: PixelRect(x: 0, y: 0, width: 2, height: 2),
                              viewport: Viewport(cells: CellSize(columns: 2, rows: 1)), isCorrupt: false))
        }
        #expect(queue.push(frame(0)))
        let blocked = DispatchSemaphore(value: 0)
        let result = ResultBox()
        Thread.detachNewThread {
            result.set(queue.push(frame(0)))  // blocks: the queue is full
            blocked.signal()
        }
        Thread.sleep(forTimeInterval: 0.05)
        queue.beginSerial(1)
        #expect(blocked.wait(timeout: .now() + 2) == .success)
        #expect(result.get() == false)
        #expect(queue.count == 0)
        #expect(queue.push(frame(0)) == false)
        #expect(queue.push(frame(1)))
        #expect(queue.tryPop()?.serial == 1)
    }

    @Test("storage stays bounded while the queue is never empty (a whole file of pushes and pops)")
    func storageBoundedWhileFull() {
        let queue = FrameQueue(capacity: 4)
        let image = RGBImage(size: PixelSize(width: 2, height: 2))
        func frame(_ index: Int) -> DecodedItem {
            .frame(VideoFrame(time: .milliseconds(Int64(index)), duration: .zero, serial: 0, image: image,
                              placement: PixelRect(x: 0, y: 0, width: 2, height: 2),
                              viewport: Viewport(cells: CellSize(columns: 2, rows: 1)), isCorrupt: false))
        }
        for index in 0..<4 { #expect(queue.push(frame(index))) }
        var expected = 0
        for index in 4..<10_000 {
            guard case .frame(let popped)? = queue.tryPop() else { Issue.record("queue ran dry"); return }
            #expect(popped.time == .milliseconds(Int64(expected)))
            expected += 1
            #expect(queue.push(frame(index)))
            #expect(queue.storageCount <= 8)
        }
        #expect(queue.count == 4)
    }

    @Test("stop joins the decode thread while it is blocked on a full queue")
    func stopWhileBlocked() throws {
        let pipeline = try VideoPipeline(source: MediaSource(path: sample("long_gop.mp4")), options: .init(queueCapacity: 2))
        pipeline.start()
        Thread.sleep(forTimeInterval: 0.2)
        #expect(pipeline.frames.count == 2)
        pipeline.stop()
        pipeline.stop()
    }

    @Test("a stopped pipeline is freed with its threads, decoder and file")
    func freedAfterStop() throws {
        weak var weakPipeline: VideoPipeline?
        try {
            let pipeline = try VideoPipeline(source: MediaSource(path: sample("clock_4x3.mp4")),
                                             options: .init(viewport: Viewport(cells: CellSize(columns: 32, rows: 9))))
            weakPipeline = pipeline
            pipeline.start()
            _ = pipeline.frames.pop(timeout: 5)
            pipeline.stop()
        }()
        #expect(weakPipeline == nil)
    }

    @Test("pause holds decoding; resume goes on")
    func pauseResume() throws {
        let pipeline = try VideoPipeline(source: MediaSource(path: sample("long_gop.mp4")), options: .init(queueCapacity: 2))
        pipeline.setPaused(true)
        pipeline.start()
        defer { pipeline.stop() }
        #expect(pipeline.frames.pop(timeout: 0.3) == nil)
        pipeline.setPaused(false)
        #expect(pipeline.frames.pop(timeout: 5) != nil)
    }
}

final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Bool?
    func set(_ v: Bool) { lock.withLock { value = v } }
    func get() -> Bool? { lock.withLock { value } }
}
