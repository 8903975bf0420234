import Foundation

/// A clip with chapters, made by ffmpeg from a sample and an ffmetadata file, for the
/// chapter tests of every target (media, director, end to end).
public enum ChapteredClip {
    public struct Chapter: Sendable {
        public var timeBase: Int
        public var start: Int
        public var end: Int
        public var title: String?

        public init(timeBase: Int = 1000, start: Int, end: Int, title: String?) {
            self.timeBase = timeBase; self.start = start; self.end = end; self.title = title
        }
    }

    /// Opening (0–3.5 s), Middle (3.5–7 s), End (7–10 s), in a 1/1000 time base.
    public static let threeChapters = [
        Chapter(start: 0, end: 3500, title: "Opening"),
        Chapter(start: 3500, end: 7000, title: "Middle"),
        Chapter(start: 7000, end: 10000, title: "End"),
    ]

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `source` copied into a new `.container` file (mkv, mp4) under the temporary
    /// directory, with `chapters`; its path.
    public static func make(from source: String, chapters: [Chapter] = threeChapters, container: String = "mkv") throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-chapters-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let metadata = dir.appendingPathComponent("chapters.txt")
        var text = ";FFMETADATA1\n"
        for chapter in chapters {
            text += "[CHAPTER]\nTIMEBASE=1/\(chapter.timeBase)\nSTART=\(chapter.start)\nEND=\(chapter.end)\n"
            if let title = chapter.title { text += "title=\(title)\n" }
        }
        try text.write(to: metadata, atomically: true, encoding: .utf8)
        let output = dir.appendingPathComponent("chaptered.\(container)").path
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        ffmpeg.arguments = ["ffmpeg", "-v", "error", "-y", "-i", source, "-i", metadata.path,
                            "-map_metadata", "1", "-map_chapters", "1", "-c", "copy", output]
        ffmpeg.standardInput = FileHandle.nullDevice
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        guard ffmpeg.terminationStatus == 0, FileManager.default.fileExists(atPath: output) else {
            throw Failure(description: "ffmpeg made no \(output) (status \(ffmpeg.terminationStatus))")
        }
        return output
    }
}
