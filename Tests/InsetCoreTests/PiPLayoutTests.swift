import Testing
import InsetCore

private let wide = 16.0 / 9.0
private let screens = [CellSize(columns: 80, rows: 24), CellSize(columns: 120, rows: 40),
                       CellSize(columns: 200, rows: 60), CellSize(columns: 320, rows: 90)]

/// The video area has the picture's aspect to within the rounding of one row
/// (a cell is 1 x 2 square pixels, so `a` is `2a` columns per row).
private func keepsAspect(_ layout: PiPLayout, _ aspect: Double) -> Bool {
    let video = layout.videoRect.size
    return abs(Double(video.columns) / (2 * aspect) - Double(video.rows)) <= 0.5
}

private func isWhollyOnScreen(_ layout: PiPLayout) -> Bool {
    layout.frame.minColumn >= 0 && layout.frame.minRow >= 0
        && layout.frame.maxColumn <= layout.screen.columns && layout.frame.maxRow <= layout.screen.rows
}

@Suite("PiP window geometry")
struct PiPLayoutTests {
    @Test("the default window: a quarter of the width, the video's aspect, bottom-right with a margin", arguments: screens)
    func defaultPlacement(_ screen: CellSize) {
        let layout = PiPLayout(screen: screen, videoAspect: wide)
        #expect(layout.frame.size.columns == max(24, screen.columns / 4))
        #expect(layout.frame.maxColumn == screen.columns - 1)
        #expect(layout.frame.maxRow == screen.rows - 1)
        #expect(layout.nearestCorner == .bottomRight)
        #expect(keepsAspect(layout, wide))
        #expect(layout.videoRect == CellRect(column: layout.frame.minColumn + 1, row: layout.frame.minRow + 1,
                                             columns: layout.frame.size.columns - 2, rows: layout.frame.size.rows - 2))
    }

    @Test("200x60 with a 16:9 video gives a 50x16 window at (149,43)")
    func defaultExample() {
        let layout = PiPLayout(screen: CellSize(columns: 200, rows: 60), videoAspect: wide)
        #expect(layout.frame == CellRect(column: 149, row: 43, columns: 50, rows: 16))
    }

    @Test("PiP is supported when a minimum window fits in two thirds of the screen", arguments: [
        (CellSize(columns: 36, rows: 11), true), (CellSize(columns: 35, rows: 11), false),
        (CellSize(columns: 36, rows: 10), false), (CellSize(columns: 80, rows: 24), true),
    ])
    func canShow(_ screen: CellSize, _ expected: Bool) {
        #expect(PiPLayout.canShow(on: screen) == expected)
    }

    @Test("a move ends snapped to the nearest corner", arguments: [
        (CellPoint(column: 10, row: 3), PiPLayout.Corner.topLeft), (CellPoint(column: 130, row: 5), .topRight),
        (CellPoint(column: 20, row: 40), .bottomLeft), (CellPoint(column: 110, row: 30), .bottomRight),
    ])
    func snapsToCorner(_ target: CellPoint, _ corner: PiPLayout.Corner) {
        let screen = CellSize(columns: 200, rows: 60)
        var layout = PiPLayout(screen: screen, videoAspect: wide)
        let size = layout.frame.size
        layout.move(to: target)
        #expect(layout.frame.origin == target, "free while dragging")
        layout.finishMove()
        #expect(layout.nearestCorner == corner)
        #expect(layout.frame.size == size)
        #expect(layout.frame.minColumn == (corner.isLeft ? 1 : screen.columns - 1 - size.columns))
        #expect(layout.frame.minRow == (corner.isTop ? 1 : screen.rows - 1 - size.rows))
    }

    @Test("key moves stay on screen vertically and keep a sliver horizontally")
    func moveByKeys() {
        var layout = PiPLayout(screen: CellSize(columns: 120, rows: 40), videoAspect: wide)
        layout.move(byColumns: 0, rows: 100)
        #expect(layout.frame.maxRow == 40)
        layout.move(byColumns: 0, rows: -100)
        #expect(layout.frame.minRow == 0)
        layout.move(byColumns: 500, rows: 0)
        #expect(layout.frame.minColumn == 120 - PiPLayout.stashedVisibleColumns)
    }

    @Test("growing and shrinking keep the aspect and stop at the bounds", arguments: screens)
    func resizeByKeys(_ screen: CellSize) {
        var layout = PiPLayout(screen: screen, videoAspect: wide)
        let most = PiPLayout.maximumSize(on: screen)
        var previous = layout.frame.size
        for _ in 0..<100 {
            layout.resize(bySteps: 1)
            #expect(layout.frame.size.columns >= previous.columns)
            previous = layout.frame.size
        }
        #expect(layout.frame.size.columns <= most.columns && layout.frame.size.rows <= most.rows)
        #expect(layout.frame.size.columns > most.columns - PiPLayout.resizeStep || layout.frame.size.rows > most.rows - 2)
        #expect(keepsAspect(layout, wide))
        #expect(layout.nearestCorner == .bottomRight && layout.frame.maxColumn == screen.columns - 1, "the corner stays put")
        layout.resize(bySteps: -100)
        #expect(layout.frame.size == PiPLayout.fittedSize(width: 24, aspect: wide, on: screen))
        #expect(layout.frame.size.columns == 24)
        #expect(layout.frame.size.rows >= 7)
        #expect(layout.frame.maxRow == screen.rows - 1)
    }

    @Test("sizes stay within bounds for any aspect; the aspect is kept whenever the bounds allow", arguments: [
        0.25, 9.0 / 16.0, 0.75, 1.0, 4.0 / 3.0, wide, 2.39, 4.0,
    ])
    func fittedSizeBounds(_ aspect: Double) {
        for screen in screens {
            let least = PiPLayout.minimumSize, most = PiPLayout.maximumSize(on: screen)
            for width in stride(from: 0, through: screen.columns, by: 7) {
                let size = PiPLayout.fittedSize(width: width, aspect: aspect, on: screen)
                #expect(size.columns >= least.columns && size.rows >= least.rows)
                #expect(size.columns <= most.columns && size.rows <= most.rows)
                let h = PiPLayout.rows(forWidth: size.columns, aspect: aspect)
                if h >= least.rows && h <= most.rows { #expect(size.rows == h, "aspect kept at \(screen) width \(width)") }
            }
        }
    }

    @Test("dragging a corner resizes with the opposite corner fixed and the aspect kept", arguments: PiPLayout.Corner.allCases)
    func dragCorner(_ corner: PiPLayout.Corner) {
        var layout = PiPLayout(screen: CellSize(columns: 200, rows: 60), videoAspect: wide)
        layout.move(to: CellPoint(column: 70, row: 20))
        let before = layout.frame
        let point = CellPoint(column: corner.isLeft ? before.minColumn - 20 : before.maxColumn + 19,
                              row: corner.isTop ? before.minRow - 3 : before.maxRow + 2)
        layout.resize(dragging: corner, to: point)
        let after = layout.frame
        #expect(after.size.columns == before.size.columns + 20)
        #expect(keepsAspect(layout, wide))
        #expect(corner.isLeft ? after.maxColumn == before.maxColumn : after.minColumn == before.minColumn)
        #expect(corner.isTop ? after.maxRow == before.maxRow : after.minRow == before.minRow)
    }

    @Test("dragging a corner far inward stops at the minimum")
    func dragToMinimum() {
        var layout = PiPLayout(screen: CellSize(columns: 200, rows: 60), videoAspect: wide)
        layout.resize(dragging: .topLeft, to: CellPoint(column: 199, row: 59))
        #expect(layout.frame.size.columns == 24)
        #expect(layout.frame.maxColumn == 199 && layout.frame.maxRow == 59)
    }

    @Test("stash leaves a sliver on the edge; unstash pulls the window back into a corner on that edge",
          arguments: PiPLayout.Edge.allCases)
    func stash(_ edge: PiPLayout.Edge) {
        let screen = CellSize(columns: 120, rows: 40)
        var layout = PiPLayout(screen: screen, videoAspect: wide)
        let size = layout.frame.size, row = layout.frame.minRow
        layout.stash(toward: edge)
        #expect(layout.stashedEdge == edge)
        #expect(layout.frame.intersection(CellRect(origin: .zero, size: screen)).size.columns == PiPLayout.stashedVisibleColumns)
        #expect(layout.frame.minRow == row && layout.frame.size == size)
        let visible = CellPoint(column: edge == .left ? 0 : screen.columns - 1, row: row + 2)
        #expect(layout.hitTest(visible, controlsShown: true) == .stashTab)
        layout.resize(bySteps: 3)
        #expect(layout.frame.size == size, "a stashed window is not resized")

        layout.unstash()
        #expect(layout.stashedEdge == nil)
        #expect(layout.nearestCorner == PiPLayout.Corner(left: edge == .left, top: false))
        #expect(isWhollyOnScreen(layout))
    }

    @Test("a drag that ends mostly past a side edge stashes there", arguments: PiPLayout.Edge.allCases)
    func dragIntoStash(_ edge: PiPLayout.Edge) {
        var layout = PiPLayout(screen: CellSize(columns: 120, rows: 40), videoAspect: wide)
        layout.move(byColumns: edge == .left ? -200 : 200, rows: -5)
        layout.finishMove()
        #expect(layout.stashedEdge == edge)
    }

    @Test("a terminal shrink keeps the window inside, in its corner, shrunk with its aspect if needed",
          arguments: PiPLayout.Corner.allCases)
    func terminalShrink(_ corner: PiPLayout.Corner) {
        var layout = PiPLayout(screen: CellSize(columns: 240, rows: 70), videoAspect: wide)
        layout.resize(bySteps: 20)
        layout.place(at: corner)
        let big = layout.frame.size
        layout.fit(to: CellSize(columns: 90, rows: 26))
        #expect(isWhollyOnScreen(layout))
        #expect(layout.nearestCorner == corner)
        #expect(layout.frame.size.columns < big.columns)
        let most = PiPLayout.maximumSize(on: layout.screen)
        #expect(layout.frame.size.columns <= most.columns && layout.frame.size.rows <= most.rows)
        #expect(keepsAspect(layout, wide))
        #expect(layout.frame.minColumn == (corner.isLeft ? 1 : 90 - 1 - layout.frame.size.columns))

        let small = layout.frame.size
        layout.fit(to: CellSize(columns: 240, rows: 70))
        #expect(layout.frame.size == small, "growing the terminal does not grow the window")
        #expect(layout.nearestCorner == corner)
    }

    @Test("a terminal smaller than the minimum window still holds the window")
    func tinyTerminal() {
        var layout = PiPLayout(screen: CellSize(columns: 80, rows: 24), videoAspect: wide)
        layout.fit(to: CellSize(columns: 20, rows: 5))
        #expect(isWhollyOnScreen(layout))
    }

    @Test("a stashed window stays stashed on its edge after a terminal resize")
    func stashedAfterResize() {
        var layout = PiPLayout(screen: CellSize(columns: 200, rows: 60), videoAspect: wide)
        layout.stash(toward: .right)
        layout.fit(to: CellSize(columns: 100, rows: 30))
        #expect(layout.stashedEdge == .right)
        #expect(layout.frame.minColumn == 100 - PiPLayout.stashedVisibleColumns)
        #expect(layout.frame.maxRow <= 30)
    }

    @Test("a new video's aspect changes the height, keeps the width and the corner")
    func changeAspect() {
        var layout = PiPLayout(screen: CellSize(columns: 200, rows: 60), videoAspect: wide)
        let width = layout.frame.size.columns
        layout.changeVideoAspect(4.0 / 3.0)
        #expect(layout.frame.size.columns == width)
        #expect(keepsAspect(layout, 4.0 / 3.0))
        #expect(layout.frame.maxColumn == 199 && layout.frame.maxRow == 59)
    }
}
