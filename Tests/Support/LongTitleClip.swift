import Foundation

/// A three-second tone whose title tag is megabytes long (issue 42 item 15), made by ffmpeg
/// from an ffmetadata file: a tag that long cannot pass on ffmpeg's command line, whose
/// arguments are 128 KiB at most each.
public enum LongTitleClip {
    /// The title's length: 4 MB, as the file had.
    public static let titleLength = 4_000_000

    /// A new `.m4a` under `directory`, tagged artist "Someone" and a title of
    /// `titleLength` characters (a word, then "T"s); its path.
    public static func make(in directory: URL) throws -> String {
        let metadata = directory.appendingPathComponent("long-title.txt")
        let title = "Endless" + String(repeating: "T", count: titleLength - 7)
        try (";FFMETADATA1\ntitle=\(title)\nartist=Someone\n").write(to: metadata, atomically: true, encoding: .utf8)
        let output = directory.appendingPathComponent("long-title.m4a").path
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        ffmpeg.arguments = ["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=3", "-i", metadata.path,
                            "-map", "0", "-map_metadata", "1", "-c:a", "aac", "-b:a", "32k", output]
        ffmpeg.standardInput = FileHandle.nullDevice
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        guard ffmpeg.terminationStatus == 0, FileManager.default.fileExists(atPath: output) else {
            throw ChapteredClip.Failure(description: "ffmpeg made no \(output) (status \(ffmpeg.terminationStatus))")
        }
        return output
    }
}
