import Foundation
import InsetTestSupport
import Testing

/// Issue 42 item 15 as the terminal gets it: every byte the player writes, recorded by
/// tmux's pipe-pane, while a file with a 4 MB title tag plays. Before the cut the window's
/// title alone was a 4 MB escape sequence (OSC 2).
@Suite("A 4 MB title tag end to end (issue 42 item 15)", .tags(.waits))
struct LongTitleEndToEndTests {
    @Test("the player writes a few hundred kilobytes at most, its OSC 2 is short, and the pane's title is cut")
    func bytesStaySmall() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-long-title-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = try LongTitleClip.make(in: dir)
        let recording = dir.appendingPathComponent("written").path
        let tmux = try Tmux(columns: 100, rows: 30)
        try tmux.tmux(["pipe-pane", "-t", "0", "-o", "cat > '\(recording)'"])
        try tmux.run("\(try insetBinary()) \(file); echo EXIT=$?")
        _ = try tmux.waitFor(timeout: 8, "the bar with the title") { $0.text.contains("Someone – EndlessTTT") }
        let paneTitle = try tmux.tmux(["display", "-p", "-t", "0", "#{pane_title}"])
        #expect(paneTitle.utf8.count < 1200, "pane title of \(paneTitle.utf8.count) bytes")
        #expect(paneTitle.contains("…"))
        try tmux.keys("q")
        _ = try tmux.waitFor(timeout: 5, "the exit status") { $0.text.contains("EXIT=0") }
        try tmux.tmux(["pipe-pane", "-t", "0"])
        let written = try Data(contentsOf: URL(fileURLWithPath: recording))
        // The bar and the visualiser for a second or two: tens of kilobytes.
        #expect(written.count < 400_000, "\(written.count) bytes written")
        // Each OSC 2 (ESC ] 2 ; … BEL) short.
        let bytes = [UInt8](written)
        var longest = 0
        var index = 0
        while index + 3 < bytes.count {
            if bytes[index] == 0x1B && bytes[index + 1] == 0x5D && bytes[index + 2] == 0x32 && bytes[index + 3] == 0x3B {
                let end = bytes[index...].firstIndex(of: 0x07) ?? bytes.count
                longest = max(longest, end - index)
                index = end
            }
            index += 1
        }
        #expect(longest > 0, "a window title was set")
        #expect(longest < 1200, "an OSC 2 of \(longest) bytes")
        print("issue 42 item 15: \(written.count) bytes written, the longest OSC 2 \(longest) bytes")
    }
}
