import InsetCore
import Testing

@Suite("Visualiser: names, the cycle, the filter's size")
struct VisualizerTests {
    @Test("the command cycles through every filter and none, and back")
    func cycle() {
        var seen: [Visualizer?] = []
        var current: Visualizer? = nil
        for _ in 0..<5 {
            current = Command.VisualizerChange.next.applied(to: current)
            seen.append(current)
        }
        #expect(seen == [.showspectrum, .showcqt, .showwaves, .avectorscope, nil])
        #expect(Command.VisualizerChange.to(.showwaves).applied(to: .showcqt) == .showwaves)
    }

    @Test("the command's words")
    func words() throws {
        #expect(try Command(parsing: "visualizer") == .visualizer(.next))
        #expect(try Command(parsing: "visualizer showcqt") == .visualizer(.to(.showcqt)))
        #expect(try Command(parsing: "visualizer none") == .visualizer(.to(nil)))
        #expect(try Command(parsing: "visualizer avectorscope") == .visualizer(.to(.avectorscope)))
        #expect(throws: Command.ParseError.self) { try Command(parsing: "visualizer showfreqs") }
        #expect(Command.visualizer(.to(nil)).description == "visualizer none")
    }

    @Test("drawn at a whole multiple of the picture's size, at least 180 tall, in even numbers")
    func drawingSize() {
        #expect(Visualizer.drawingSize(for: PixelSize(width: 80, height: 48)) == PixelSize(width: 320, height: 192))
        #expect(Visualizer.drawingSize(for: PixelSize(width: 640, height: 360)) == PixelSize(width: 640, height: 360))
        #expect(Visualizer.drawingSize(for: PixelSize(width: 33, height: 181)) == PixelSize(width: 34, height: 182))
        #expect(Visualizer.standard.filter(size: PixelSize(width: 320, height: 192)).hasPrefix("showspectrum=s=320x192:"))
    }
}
