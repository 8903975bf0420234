import Foundation
import InsetTestSupport
import Testing

/// Chapters of a file made here with ffmpeg (an ffmetadata file, `-map_metadata 1`): their
/// marks in the cells of both progress lines, and `inset probe` listing them. PgDn and
/// PgUp (the seek, the title said and gone) are director tests (DirectorChapterTests).
@Suite("Chapters end to end", .serialized, .tags(.waits))
struct ChapterEndToEndTests {
    /// The 10 s clock clip as MKV with chapters at 0 ("Opening"), 3.5 s ("Middle") and 7 s ("End").
    static func makeChaptered() throws -> String {
        try ChapteredClip.make(from: samplePath("clock_16x9_aac.mp4"))
    }

    @Test("the window's progress line marks the chapters too")
    func marksInWindow() throws {
        let clip = try Self.makeChaptered()
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --loop \(clip)")
        try tmux.waitFor(timeout: 5, "playing") { $0.shownTime != nil }
        try tmux.keys("Space")
        // Full screen: the bar's line has the two marks (3.5 s and 7 s; the start has none).
        try tmux.waitFor(timeout: 2, "marks on the bar") { $0.text.filter { $0 == "┃" }.count == 2 }
        try tmux.keys("p")
        let window = try tmux.settledWindow(timeout: 5)
        try tmux.keys("Tab")  // focused, the window shows its controls and progress line
        try tmux.waitFor(timeout: 3, "marks in the window") { screen in
            let inside = (window.row..<(window.row + window.rows)).map { row in
                String(screen.line(row).dropFirst(window.column).prefix(window.columns))
            }.joined()
            return inside.filter { $0 == "┃" }.count == 2
        }
        try tmux.keys("q")
    }

    @Test("inset probe lists the chapters, as text and as JSON")
    func probe() throws {
        let clip = try Self.makeChaptered()
        let text = try runCommand([try insetBinary(), "probe", clip])
        #expect(text.contains("chapters      3"), "\(text)")
        #expect(text.contains("  2  0:03.5 - 0:07  Middle"), "\(text)")
        let json = try runCommand([try insetBinary(), "probe", "--json", clip])
        let info = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let chapters = try #require(info["chapters"] as? [[String: Any]])
        #expect(chapters.map { $0["title"] as? String } == ["Opening", "Middle", "End"])
        #expect(chapters.map { $0["startMicroseconds"] as? Int } == [0, 3_500_000, 7_000_000])
    }
}
