import Foundation
import InsetCore
import InsetTestSupport
import Testing
@testable import InsetMedia

/// Chapters come from the container when the file is opened, as ffprobe reads them.
@Suite("Chapters read from the container")
struct ChapterTests {
    /// The 10 s clip with three chapters from an ffmetadata file (`-map_metadata 1`); the
    /// second's end in a 1/1000 time base, the third's in 1/90000, and one with no title.
    static func makeChaptered(container: String) throws -> String {
        try ChapteredClip.make(from: sample("clock_16x9_aac.mp4"), chapters: [
            .init(start: 0, end: 3500, title: "Opening"),
            .init(start: 3500, end: 7000, title: "Middle"),
            .init(timeBase: 90000, start: 630000, end: 900000, title: nil),
        ], container: container)
    }

    /// ffprobe's `-show_chapters`: start, end (seconds) and title of each.
    static func ffprobeChapters(_ path: String) throws -> [(start: Double, end: Double, title: String)] {
        let out = try run(["ffprobe", "-v", "error", "-show_chapters", "-show_entries", "chapter=start_time,end_time:chapter_tags=title",
                           "-of", "csv=p=0", path])
        return out.split(whereSeparator: \.isNewline).map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            return (Double(fields[0]) ?? -1, Double(fields[1]) ?? -1, fields.count > 2 ? fields[2] : "")
        }
    }

    @Test("the chapters read match ffprobe's", arguments: ["mkv", "mp4"])
    func matchFFprobe(_ container: String) throws {
        let path = try Self.makeChaptered(container: container)
        let expected = try Self.ffprobeChapters(path)
        #expect(expected.count == 3)
        let info = try MediaSource(path: path).info
        #expect(info.chapters.count == expected.count)
        for (chapter, wanted) in zip(info.chapters, expected) {
            #expect(abs(chapter.start.seconds - wanted.start) < 0.001, "\(chapter) \(wanted)")
            #expect(abs(chapter.end.seconds - wanted.end) < 0.001, "\(chapter) \(wanted)")
            #expect((chapter.title ?? "") == wanted.title)
        }
        #expect(info.chapters.first?.title == "Opening")
    }

    @Test("a file without chapters has none")
    func none() throws {
        #expect(try MediaSource(path: sample("clock_4x3.mp4")).info.chapters.isEmpty)
    }
}
