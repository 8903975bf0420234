import Foundation
import Testing
import InsetTestSupport

/// Picture in picture in a real terminal: the window's place and size in cells over the
/// library, its video going on while the library is used, and the window moved and resized
/// by keys and the mouse. The keys' flows (p, restore, close, leaving the player, a refused
/// PiP, focus) are director tests (InsetAppTests/DirectorPiPTests), with no terminal.
@Suite("PiP end to end", .serialized, .tags(.waits))
struct PiPEndToEndTests {
    /// Moves the library's selection with `key` until `name` is selected.
    func select(_ name: String, by key: String, in tmux: Tmux) throws {
        for _ in 0..<12 {
            if try tmux.capture().text.contains("▸" + name) { return }
            try tmux.keys(key)
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw E2EError.missing("\(name) never selected")
    }

    /// Opens `inset` on the samples and plays long_gop.mp4 (30 s) full screen.
    func playFromLibrary(_ tmux: Tmux, extra: String = "") throws {
        try tmux.run("\(try insetBinary()) \(extra) \(repositoryRoot.appendingPathComponent("samples").path)")
        try tmux.waitFor(timeout: 8, "library with every sample probed") {
            $0.text.contains("long_gop.mp4") && $0.text.contains("0:30") && $0.text.contains("scope_239.mp4")
        }
        // Walk down to it by name, so a new sample cannot shift the rows.
        try select("long_gop.mp4", by: "Down", in: tmux)
        try tmux.keys("Enter")
        try tmux.waitFor(timeout: 5, "long_gop.mp4 full screen") { $0.videoRows.count > 20 && ($0.shownTime?.duration == 30) }
    }

    @Test("--pip: the window at the default size one cell from the bottom-right corner, over a library that still works while its video plays")
    func startsInPiP() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --pip \(samplePath("long_gop.mp4")) \(samplePath("clock_16x9_aac.mp4"))")
        let window = try tmux.settledWindow(timeout: 5) { $0.row + $0.rows == 39 && $0.column + $0.columns == 119 }
        let screen = try tmux.capture()
        #expect(screen.text.contains("Library"))
        // About a quarter of the screen wide, one cell from the right and bottom edges.
        #expect(window.columns >= 24 && window.columns <= 36, "\(window)")
        #expect(window.rows >= 7)

        // The video keeps playing in the window while the library is used.
        let first = try #require(screen.pipTime)
        try select("clock_16x9_aac.mp4", by: "Down", in: tmux)
        try tmux.keys("i")  // details of the other file
        let details = try tmux.waitFor(timeout: 4, "details with its preview") {
            $0.text.contains("Details") && $0.text.contains("640x360") && $0.pipWindow != nil && $0.videoRows.count > 3
        }
        #expect(details.videoRows.count > 3, "the still preview is drawn")
        try tmux.waitFor(timeout: 3, "the window's time moving") { ($0.pipTime ?? 0) >= first + 1 }
        try tmux.keys("Escape")
        try tmux.waitFor(timeout: 2, "library again") { $0.text.contains("Library") && $0.pipWindow != nil }
        try tmux.keys("q")
    }

    @Test("the window moves with keys and by a title drag, snaps to a corner, resizes, stays inside")
    func moveAndResize() throws {
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --pip \(samplePath("long_gop.mp4"))")
        let start = try tmux.settledWindow(timeout: 5) { $0.column + $0.columns == 119 && $0.row + $0.rows == 39 }

        // Keys: focus the window, then Shift-← jumps to the bottom-left corner.
        try tmux.keys("Tab")
        try tmux.keys("S-Left")
        let left = try tmux.settledWindow(timeout: 2, "moved left") { $0.column == 1 }
        #expect(left.row == start.row)

        // Mouse: grab the title, drag to the top right, release: it snaps to that corner.
        try tmux.mouse("press", column: left.column + 3, row: left.row)
        try tmux.mouse("drag", column: 70, row: 10)
        try tmux.mouse("drag", column: 90, row: 4)
        try tmux.mouse("release", column: 90, row: 4)
        let snapped = try tmux.settledWindow(timeout: 2, "snapped top right") { $0.row == 1 && $0.column + $0.columns == 119 }

        // Resize: + makes it bigger, aspect kept; dragging the bottom-left corner too.
        try tmux.keys("+")
        let bigger = try tmux.settledWindow(timeout: 2, "bigger") { $0.columns > snapped.columns }
        #expect(bigger.rows > snapped.rows)
        try tmux.mouse("press", column: bigger.column, row: bigger.row + bigger.rows - 1)
        try tmux.mouse("drag", column: bigger.column - 12, row: bigger.row + bigger.rows + 5)
        try tmux.mouse("release", column: bigger.column - 12, row: bigger.row + bigger.rows + 5)
        let dragged = try tmux.settledWindow(timeout: 2, "corner drag") { $0.columns > bigger.columns }
        #expect(dragged.column + dragged.columns <= 120 && dragged.row + dragged.rows <= 40)

        // A smaller terminal: the window stays whole on screen.
        try tmux.resize(columns: 80, rows: 24)
        let inside = try tmux.settledWindow(timeout: 3, "inside the smaller screen") {
            $0.column + $0.columns <= 80 && $0.row + $0.rows <= 24
        }
        #expect(inside.columns >= 24 && inside.columns <= 80 * 2 / 3 + 1)
        try tmux.keys("q")
    }
}
