import InsetCore
@testable import InsetRender
import InsetTestSupport

/// A random but reproducible screen for replay tests: a video plane, a boxed panel with
/// text and holes, a PiP window with its own picture, and a control bar, which move,
/// restack, hide, resize, and change content frame after frame, on a screen that is
/// itself resized now and then.
struct ReplayScene {
    enum Content { case noisy, mostlyStatic }

    private(set) var screen: CellSize
    private(set) var planes: [Plane] = []
    private var rng: SplitMix64
    private let content: Content
    private var video: RGBImage
    private var pip: RGBImage
    private var compositor = Compositor()
    private var frameNumber = 0
    private var barStyle = CellStyle()

    static let video = 0, panel = 1, window = 2, bar = 3

    init(seed: UInt64, content: Content) {
        rng = SplitMix64(seed: seed)
        self.content = content
        screen = CellSize(columns: 20 + Int(rng.next() % 40), rows: 6 + Int(rng.next() % 14))
        video = randomImage(CellRaster.halfBlocks.pixels(for: screen), using: &rng)
        pip = randomImage(PixelSize(width: 24, height: 20), using: &rng)
        planes = [
            Plane(size: screen, zIndex: 0, fill: .blank, isOpaque: true),
            Plane(size: CellSize(columns: 18, rows: 6), origin: CellPoint(column: 2, row: 1), zIndex: 2),
            Plane(size: CellSize(columns: 14, rows: 7), origin: CellPoint(column: 5, row: 3), zIndex: 3, isOpaque: true),
            Plane(size: CellSize(columns: screen.columns, rows: 1), origin: CellPoint(column: 0, row: screen.rows - 1), zIndex: 1),
        ]
        redrawPanel()
        redrawWindow()
    }

    enum Event { case none, resized, invalidated }

    /// Advances one frame and returns the composed screen, with what happened to the
    /// terminal (which the test must reproduce on its model).
    mutating func nextFrame() -> (CellGrid, Event) {
        frameNumber += 1
        var event = Event.none
        if frameNumber > 1 && rng.chance(0.06) {
            screen = CellSize(columns: 8 + Int(rng.next() % 60), rows: 3 + Int(rng.next() % 22))
            video = randomImage(CellRaster.halfBlocks.pixels(for: screen), using: &rng)
            planes[ReplayScene.video].resize(to: screen, fill: .blank)
            planes[ReplayScene.bar].resize(to: CellSize(columns: screen.columns, rows: 1))
            planes[ReplayScene.bar].origin = CellPoint(column: 0, row: screen.rows - 1)
            event = .resized
        } else if frameNumber > 1 && rng.chance(0.04) {
            event = .invalidated
        }
        changeVideo()
        changePanel()
        changeWindow()
        changeBar()
        var frame = CellGrid(size: screen)
        compositor.compose(planes, into: &frame)
        return (frame, event)
    }

    private mutating func changeVideo() {
        switch content {
        case .noisy:
            if rng.chance(0.8) { video = randomImage(video.size, using: &rng) }
        case .mostlyStatic:
            // A few small patches change, as in a talking-head video.
            for _ in 0..<Int(rng.next() % 3) {
                let x = Int(rng.next() % UInt64(max(1, video.width))), y = Int(rng.next() % UInt64(max(1, video.height)))
                let color = rng.nextRGB()
                for dy in 0..<3 { for dx in 0..<4 where x + dx < video.width && y + dy < video.height {
                    video.setPixel(x: x + dx, y: y + dy, color)
                } }
            }
        }
        // Sometimes letterboxed: the picture blitted lower down, black bars around it.
        let barRows = rng.chance(0.1) ? Int(rng.next() % 3) : 0
        planes[ReplayScene.video].grid.blit(video, as: .half, at: CellPoint(column: 0, row: barRows))
    }

    private mutating func changePanel() {
        if rng.chance(0.1) { planes[ReplayScene.panel].isVisible.toggle() }
        if rng.chance(0.2) { planes[ReplayScene.panel].zIndex = Int(rng.next() % 5) }
        if rng.chance(0.3) {
            planes[ReplayScene.panel].origin = CellPoint(column: Int(rng.next() % UInt64(screen.columns + 10)) - 8,
                                                         row: Int(rng.next() % UInt64(screen.rows + 4)) - 3)
        }
        if rng.chance(0.3) { redrawPanel() }
    }

    private mutating func changeWindow() {
        var window = planes[ReplayScene.window]
        if rng.chance(0.4) {
            window.origin.column += Int(rng.next() % 7) - 3
            window.origin.row += Int(rng.next() % 5) - 2
            window.origin.column = min(max(window.origin.column, -window.size.columns), screen.columns)
            window.origin.row = min(max(window.origin.row, -window.size.rows), screen.rows)
        }
        if rng.chance(0.1) { window.isVisible.toggle() }
        if rng.chance(0.15) { window.zIndex = Int(rng.next() % 5) }
        planes[ReplayScene.window] = window
        if rng.chance(0.12) {
            planes[ReplayScene.window].resize(to: CellSize(columns: 4 + Int(rng.next() % 20), rows: 3 + Int(rng.next() % 9)))
        }
        if rng.chance(0.5) { pip = randomImage(pip.size, using: &rng) }
        redrawWindow()
    }

    private mutating func changeBar() {
        // The style changes now and then; in between only the clock's digits change, which
        // exercises re-writing short runs of unchanged text.
        if rng.chance(0.15) {
            barStyle = CellStyle(foreground: rng.nextRGB(), background: RGB(30, 30, 30),
                                 attributes: CellAttributes(rawValue: UInt8(rng.next() % 8)))
        }
        let style = barStyle
        var bar = planes[ReplayScene.bar]
        bar.grid.fill(bar.grid.bounds, color: RGB(30, 30, 30))
        let seconds = frameNumber * 7
        bar.grid.put("▶ \(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60) / 4:56 ", at: CellPoint(column: 1, row: 0), style: style)
        bar.grid.put("PiP ⧉", at: CellPoint(column: bar.size.columns - 6, row: 0),
                     style: CellStyle(foreground: .white, background: .black, attributes: [.reverse]))
        planes[ReplayScene.bar] = bar
    }

    private mutating func redrawPanel() {
        let texts = ["Library", "naïve café.mkv", "日本語.mp4", "emoji 🎬 clip", "a\u{301}ccent", "tab\there", "0:42"]
        var panel = planes[ReplayScene.panel]
        panel.grid.fill(.transparent)
        let frameStyle = CellStyle(foreground: rng.nextRGB(), background: rng.nextRGB(),
                                   attributes: CellAttributes(rawValue: UInt8(rng.next() % 8)))
        panel.grid.drawBox(CellRect(origin: .zero, size: panel.size), title: texts[Int(rng.next() % 7)],
                           style: frameStyle, fillInterior: rng.chance(0.5))
        for line in 1..<max(1, panel.size.rows - 1) where rng.chance(0.6) {
            let style = CellStyle(foreground: rng.nextRGB(), background: rng.nextRGB(),
                                  attributes: CellAttributes(rawValue: UInt8(rng.next() % 8)))
            panel.grid.put(texts[Int(rng.next() % 7)], at: CellPoint(column: Int(rng.next() % 6), row: line), style: style)
        }
        planes[ReplayScene.panel] = panel
    }

    private mutating func redrawWindow() {
        var window = planes[ReplayScene.window]
        window.grid.drawBox(window.grid.bounds, title: "PiP", style: CellStyle(foreground: RGB(200, 200, 200)))
        window.grid.blit(pip, as: .half, region: PixelRect(x: Int(rng.next() % 3), y: 0, width: window.size.columns - 2,
                                                          height: 2 * (window.size.rows - 2) - Int(rng.next() % 2)),
                                   at: CellPoint(column: 1, row: 1))
        planes[ReplayScene.window] = window
    }
}
