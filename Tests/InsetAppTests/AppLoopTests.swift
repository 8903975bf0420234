import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// The loop on a terminal that counts its writes (issue 30): each paint is one write, and a
/// turn paints at most once, however much input it carries out.
@Suite("The loop: one paint a turn", .serialized)
struct AppLoopTests {
    /// A terminal that takes every write, counting them, and hands the loop the input of
    /// `reads`, one read a turn.
    final class CountingTerminal: LoopTerminal {
        let size = CellSize(columns: 100, rows: 30)
        var terminalSize: CellSize { size }
        let origin = CellPoint.zero
        let hasPendingInput = false
        var writes = 0
        var reads: [[InputEvent]] = []
        func write(_ bytes: UnsafeRawBufferPointer) throws -> Duration { writes += 1; return .zero }
        func nextEvents(timeout: Duration, wakeDescriptor: Int32?, watching: Int32?) -> [InputEvent] {
            reads.isEmpty ? [] : reads.removeFirst()
        }
        func restore() {}
    }

    /// An app playing a clip on a counting terminal, its first frame on screen.
    static func playing() throws -> (App, CountingTerminal) {
        setenv("SDL_AUDIODRIVER", "dummy", 1)
        let terminal = CountingTerminal()
        let app = try App(options: AppOptions(paths: [sample("long_gop.mp4")]), terminal: terminal,
                          painter: FramePainter(colorMode: .truecolor), raster: CellRaster(blitter: .half), pictures: nil)
        app.begin()
        let deadline = Date().addingTimeInterval(8)
        while app.director.videos.fullScreen?.current == nil && Date() < deadline { app.turn() }
        #expect(app.director.videos.fullScreen?.current != nil, "the clip did not start")
        return (app, terminal)
    }

    /// The writes of the turn that carries out `read` (the input arrives during one turn's
    /// wait and is carried out by the next).
    static func paints(carrying read: [InputEvent], _ app: App, _ terminal: CountingTerminal) -> Int {
        terminal.reads = [read]
        app.turn()
        terminal.writes = 0
        // A frame is due by then (25 a second): the turn has a frame to paint as well.
        usleep(90_000)
        app.turn()
        return terminal.writes
    }

    @Test("a key while playing: one paint")
    func keyWhilePlaying() throws {
        let (app, terminal) = try Self.playing()
        defer { _ = app.director.finish(at: .now()) }
        // The bar comes back with the key: something to paint for the key and for the frame.
        #expect(Self.paints(carrying: [.key(KeyPress(.character("m")))], app, terminal) == 1)
    }

    @Test("twenty mouse reports in one read: one paint")
    func mouseSweep() throws {
        let (app, terminal) = try Self.playing()
        defer { _ = app.director.finish(at: .now()) }
        let sweep = (0..<20).map { InputEvent.mouse(MouseEvent(.move, .none, at: CellPoint(column: 10 + $0, row: 28))) }
        #expect(Self.paints(carrying: sweep, app, terminal) == 1)
    }
}
