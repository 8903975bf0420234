import Foundation
import InsetCore
import Testing
@testable import InsetMedia

/// Chapters come from the container when the file is opened, as ffprobe reads them.
@Suite("Chapters read from the container")
struct ChapterTests {
    /// The 10 s clip with three chapters from an ffmetadata file (`-map_metadata 1`); the
    /// second's end in a 1/1000 time base, the third's in 1/90000, and one with no title.
    static func makeChaptered(container: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-chapters-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let metadata = dir.appendingPathComponent("chapters.txt")
        try """
        ;FFMETADATA1
        [CHAPTER]
        TIMEBASE=1/1000
        START=0
        END=3500
        title=Opening
        [CHAPTER]
        TIMEBASE=1/1000
        START=3500
        END=7000
        title=Middle
        [CHAPTER]
        TIMEBASE=1/90000
        START=630000
        END=900000

        """.write(to: metadata, atomically: true, encoding: .utf8)
        let output = dir.appendingPathComponent("chaptered.\(container)").path
        _ = try run(["ffmpeg", "-v", "error", "-y", "-i", sample("clock_16x9_aac.mp4"), "-i", metadata.path,
                     "-map_metadata", "1", "-map_chapters", "1", "-c", "copy", output])
        return output
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
