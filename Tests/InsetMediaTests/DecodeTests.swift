import Foundation
import InsetCore
import Testing
@testable import InsetMedia

@Suite("Decoding the samples", .serialized)
struct DecodeTests {
    @Test("every frame, with the timestamps ffprobe reports", arguments: allSamples)
    func framesMatchFFprobe(name: String) throws {
        let path = sample(name)
        let expected = try ffprobeFrameTimes(path)
        #expect(expected.count > 0, "ffprobe found no frames in \(name)")
        let pipeline = try VideoPipeline(source: MediaSource(path: path), options: .init(threads: 2))
        pipeline.start()
        defer { pipeline.stop() }
        let times = drain(pipeline).map(\.time.microseconds)
        #expect(times.count == expected.count)
        for (index, (got, want)) in zip(times, expected).enumerated() where abs(got - want) > 1 {
            Issue.record("\(name) frame \(index): pts \(got) µs, ffprobe says \(want) µs")
            break
        }
        #expect(pipeline.corruptPackets == 0)
    }

    @Test("scaled frames come at the letterboxed size, rotation applied")
    func scaledToViewport() throws {
        let viewport = Viewport(cells: CellSize(columns: 160, rows: 45))
        let pipeline = try VideoPipeline(source: MediaSource(path: sample("anamorphic_rot90.mp4")),
                                         options: .init(threads: 1, viewport: viewport))
        pipeline.start()
        defer { pipeline.stop() }
        guard case .frame(let frame)? = pipeline.frames.pop(timeout: 10) else {
            Issue.record("no frame"); return
        }
        // 240x180 at SAR 4:3 is 320x180 as seen; turned a quarter it is 180 wide, 320 tall.
        let expected = Letterbox.fit(coded: PixelSize(width: 240, height: 180), sampleAspect: Ratio(4, 3),
                                     rotation: .clockwise90, into: viewport.pixels, rowAlignment: 2)
        #expect(frame.placement == expected)
        #expect(frame.image?.size == expected.size)
        #expect(expected.height == 90 && expected.width < 60)
    }

    @Test("the viewport can change while decoding, without reopening")
    func viewportChanges() throws {
        let pipeline = try VideoPipeline(source: MediaSource(path: sample("clock_16x9_aac.mp4")),
                                         options: .init(threads: 1, viewport: Viewport(cells: CellSize(columns: 160, rows: 45))))
        pipeline.start()
        defer { pipeline.stop() }
        guard case .frame(let first)? = pipeline.frames.pop(timeout: 10) else { Issue.record("no frame"); return }
        #expect(first.image?.size == PixelSize(width: 160, height: 90))
        pipeline.setViewport(Viewport(cells: CellSize(columns: 48, rows: 14)))
        var resized: VideoFrame?
        for _ in 0..<20 {
            if case .frame(let f)? = pipeline.frames.pop(timeout: 5), f.image?.size.width == 48 { resized = f; break }
        }
        #expect(resized?.image?.size == PixelSize(width: 48, height: 26))
    }

    @Test("a scaled frame shows the source's colours")
    func scaledColours() throws {
        // smptebars: the top-left bar is 75% white/grey.
        let pipeline = try VideoPipeline(source: MediaSource(path: sample("scope_239.mp4")),
                                         options: .init(threads: 1, viewport: Viewport(cells: CellSize(columns: 96, rows: 20))))
        pipeline.start()
        defer { pipeline.stop() }
        guard case .frame(let frame)? = pipeline.frames.pop(timeout: 10), let image = frame.image else {
            Issue.record("no frame"); return
        }
        let grey = image.pixel(x: 2, y: 2)
        #expect(abs(Int(grey.r) - 191) < 16 && abs(Int(grey.g) - 191) < 16 && abs(Int(grey.b) - 191) < 16)
    }
}
