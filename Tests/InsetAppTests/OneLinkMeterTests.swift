import Foundation
import InsetCore
import InsetRender
import InsetTerminal
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Issue 44, item 4: one measure of the link (`LinkMeter`), fed by every write the loop
/// makes, cells and pictures, and read by the cells' ladder, the pictures' ladder and the
/// pictures' pacer; one rate in the closing line.
@Suite("One link meter in the app")
struct OneLinkMeterTests {
    /// A terminal read at `rate` bytes a second whose every write waits for all of it:
    /// the drain the real writer would see (`TerminalWriter.Drain`).
    final class DrainingTerminal: LoopTerminal {
        let size = CellSize(columns: 80, rows: 24)
        var terminalSize: CellSize { size }
        let origin = CellPoint.zero
        let hasPendingInput = false
        let rate: Double
        private(set) var lastDrain: TerminalWriter.Drain?
        init(rate: Double) { self.rate = rate }
        func write(_ bytes: UnsafeRawBufferPointer) throws -> Duration {
            let time = Duration.nanoseconds(Int64(Double(bytes.count) / rate * 1e9))
            lastDrain = .init(bytes: bytes.count, duration: time)
            return time
        }
        func nextEvents(timeout: Duration, wakeDescriptor: Int32?, watching: Int32?) -> [InputEvent] { [] }
        func restore() {}
    }

    @Test("a picture's write and a paint's both feed the one meter; the fitter and the presenter read it; one rate said")
    func oneMeter() throws {
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let terminal = DrainingTerminal(rate: 1_000_000)
        let app = try App(options: AppOptions(paths: [sample("long_gop.mp4")]), terminal: terminal,
                          painter: FramePainter(colorMode: .truecolor), raster: CellRaster(cellPixels: PixelSize(width: 10, height: 20)),
                          pictures: .sixel)
        let presenter = try #require(app.picturePresenter)
        defer { presenter.stop() }
        #expect(app.linkFitter.budget.meter === app.link && presenter.link === app.link)
        #expect(app.link.bytesPerSecond == nil)
        // A picture of 40 KB, read in 40 ms: measured.
        let picture = [UInt8](repeating: 0x41, count: 40_000)
        picture.withUnsafeBytes { app.writePicture($0) }
        let afterPicture = try #require(app.link.bytesPerSecond)
        #expect(abs(afterPicture - 1_000_000) < 1)
        // A paint's cells, read at half the rate: the same meter pools both.
        let slower = DrainingTerminal(rate: 500_000)
        let cells = [UInt8](repeating: 0x20, count: 20_000)
        let blocked = try cells.withUnsafeBytes { try slower.write($0) }
        app.measureLink(bytes: cells.count, blocked: blocked, drained: slower.lastDrain, at: .now())
        // 60 KB over 80 ms.
        #expect(abs((app.link.bytesPerSecond ?? 0) - 750_000) < 1)
        #expect(presenter.pacer.scale == 1)
        // The pictures' budget is the fitter's, from the same rate; the closing line says it once.
        #expect(app.linkFitter.summary == "link: 0.75 MB/s measured")
        #expect(!presenter.summary.contains("/s"), "\(presenter.summary)")
    }
}
