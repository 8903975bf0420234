import Testing
import InsetCore

@Suite("PiP window hit testing and animation")
struct PiPLayoutControlsTests {
    /// 50x16 at (149,43) on 200x60: columns 149...198, rows 43...58.
    let layout = PiPLayout(screen: CellSize(columns: 200, rows: 60), videoAspect: 16.0 / 9.0)
    /// The same window with a second video full screen: the swap button is there too.
    var twoVideos: PiPLayout { var layout = layout; layout.showsSwap = true; return layout }

    @Test("corners resize, the top row drags, the other borders are border", arguments: [
        (CellPoint(column: 149, row: 43), PiPRegion.resizeHandle(.topLeft)),
        (CellPoint(column: 198, row: 43), .resizeHandle(.topRight)),
        (CellPoint(column: 149, row: 58), .resizeHandle(.bottomLeft)),
        (CellPoint(column: 198, row: 58), .resizeHandle(.bottomRight)),
        (CellPoint(column: 160, row: 43), .titleBar),
        (CellPoint(column: 149, row: 50), .border),
        (CellPoint(column: 198, row: 50), .border),
        (CellPoint(column: 170, row: 58), .border),
        (CellPoint(column: 170, row: 50), .video),
    ])
    func regions(_ point: CellPoint, _ region: PiPRegion) {
        #expect(layout.hitTest(point, controlsShown: true) == region)
        #expect(layout.hitTest(point, controlsShown: false) == region)
    }

    @Test("outside the window there is nothing", arguments: [
        CellPoint(column: 148, row: 50), CellPoint(column: 199, row: 50),
        CellPoint(column: 170, row: 42), CellPoint(column: 170, row: 59),
    ])
    func outside(_ point: CellPoint) {
        #expect(layout.hitTest(point, controlsShown: true) == nil)
    }

    @Test("each control is found on every one of its cells, and only when shown", arguments: PiPControl.allCases)
    func controls(_ control: PiPControl) throws {
        let layout = twoVideos
        let rect = try #require(layout.rect(of: control))
        #expect(rect.size.columns == control.width && rect.size.rows == 1)
        #expect(layout.frame.intersection(rect) == rect)
        for column in rect.minColumn..<rect.maxColumn {
            let point = CellPoint(column: column, row: rect.minRow)
            #expect(layout.hitTest(point, controlsShown: true) == .control(control))
            #expect(layout.hitTest(point, controlsShown: false) != .control(control))
        }
    }

    @Test("the control layout: restore and close at the top right, transport centred above the progress line")
    func controlLayout() throws {
        let video = layout.videoRect
        #expect(layout.rect(of: .close) == CellRect(column: 195, row: 43, columns: 3, rows: 1))
        #expect(layout.rect(of: .restore) == CellRect(column: 192, row: 43, columns: 3, rows: 1))
        let back = try #require(layout.rect(of: .skipBackward)), play = try #require(layout.rect(of: .playPause))
        let forward = try #require(layout.rect(of: .skipForward))
        #expect(back.minRow == video.maxRow - 2 && play.minRow == back.minRow && forward.minRow == back.minRow)
        #expect(play.minColumn == back.maxColumn + 1 && forward.minColumn == play.maxColumn + 1)
        #expect(abs((back.minColumn - video.minColumn) - (video.maxColumn - forward.maxColumn)) <= 1, "centred")
        #expect(layout.progressRect == CellRect(column: video.minColumn, row: video.maxRow - 1, columns: video.size.columns, rows: 1))
        #expect(layout.titleRect(controlsShown: true) == CellRect(column: 151, row: 43, columns: 40, rows: 1))
        #expect(layout.titleRect(controlsShown: false) == CellRect(column: 151, row: 43, columns: 46, rows: 1))
        #expect(layout.rect(of: .swap) == nil, "one video: nothing to swap with")
        #expect(twoVideos.rect(of: .swap) == CellRect(column: 189, row: 43, columns: 3, rows: 1))
        #expect(twoVideos.titleRect(controlsShown: true) == CellRect(column: 151, row: 43, columns: 37, rows: 1))
    }

    @Test("controls never overlap and fit every window from the minimum to the maximum", arguments: [0.5, 1.0, 16.0 / 9.0, 2.39])
    func controlsFitEverySize(_ aspect: Double) {
        var layout = PiPLayout(screen: CellSize(columns: 160, rows: 50), videoAspect: aspect)
        layout.showsSwap = true
        layout.resize(bySteps: -50)
        for _ in 0..<30 {
            let rects = PiPControl.allCases.compactMap { layout.rect(of: $0) } + [layout.progressRect!]
            #expect(rects.count == PiPControl.allCases.count + 1, "all fit at \(layout.frame.size)")
            for (i, a) in rects.enumerated() {
                #expect(layout.frame.intersection(a) == a)
                for b in rects[(i + 1)...] { #expect(a.intersection(b).isEmpty) }
            }
            layout.resize(bySteps: 1)
        }
    }

    @Test("the progress line gives the fraction of its width", arguments: [(0, 0.0), (47, 1.0), (23, 23.0 / 47.0)])
    func progress(_ offset: Int, _ fraction: Double) throws {
        let line = try #require(layout.progressRect)
        #expect(line.size.columns == 48)
        let point = CellPoint(column: line.minColumn + offset, row: line.minRow)
        #expect(layout.hitTest(point, controlsShown: true) == .progress(fraction: fraction))
        #expect(layout.hitTest(point, controlsShown: false) == .video)
    }

    @Test("each control sends its state machine event")
    func controlEvents() {
        var machine = Situation.active.machine()
        #expect(machine.send(PiPControl.skipBackward.event!) == [.seek(to: .seconds(45))])
        #expect(machine.send(PiPControl.playPause.event!) == [.pause])
        #expect(machine.send(PiPControl.skipForward.event!) == [.seek(to: .seconds(60))])
        #expect(machine.send(PiPControl.restore.event!) == [.restoreUserInterface])
        var other = Situation.active.machine()
        #expect(other.send(PiPControl.close.event!) == [.willStop, .didStop, .pause])
        #expect(PiPControl.swap.event == nil, "a swap is two machines' business: ContentSwapCoordinator")
    }

    @Test("animation frames start and end exactly on the player's rect and the window", arguments: [1, 2, 8, 12])
    func animationEndpoints(_ n: Int) {
        let player = CellRect(column: 0, row: 3, columns: 200, rows: 56)
        #expect(layout.enterFrame(0, of: n, from: player) == player)
        #expect(layout.enterFrame(n, of: n, from: player) == layout.frame)
        #expect(layout.exitFrame(0, of: n, to: player) == layout.frame)
        #expect(layout.exitFrame(n, of: n, to: player) == player)
        #expect(layout.enterFrame(n + 5, of: n, from: player) == layout.frame, "k is clamped")
        #expect(layout.enterFrame(-1, of: n, from: player) == player)
    }

    @Test("the window shrinks steadily on enter and grows steadily on exit")
    func animationIsMonotonic() {
        let player = CellRect(column: 0, row: 3, columns: 200, rows: 56)
        var previous = player
        for k in 1...PiPLayout.animationFrameCount {
            let rect = layout.enterFrame(k, from: player)
            #expect(rect.size.columns <= previous.size.columns && rect.size.rows <= previous.size.rows)
            #expect(rect.minColumn >= previous.minColumn && rect.minRow >= previous.minRow)
            previous = rect
        }
        #expect(PiPLayout.interpolate(from: player, to: layout.frame, frame: 3, of: 0) == layout.frame)
    }
}
