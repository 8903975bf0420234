import Foundation

/// Short clips of one solid colour each, made by ffmpeg, for the playlist tests: which
/// file is on screen is told by its colour.
public enum ColourClips {
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Each of `colours` (ffmpeg's names: red, lime, blue) as `NAME.mp4` in `directory`,
    /// `seconds` long, 160x90 H.264 at 25 fps with a quiet tone; their paths, in order.
    /// `prefix` goes before each name (`1-`), so a folder lists them in the order given.
    public static func make(_ colours: [String], seconds: Double = 1, in directory: URL, prefix: (Int) -> String = { _ in "" }) throws -> [String] {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var paths: [String] = []
        for (index, colour) in colours.enumerated() {
            let output = directory.appendingPathComponent("\(prefix(index))\(colour).mp4").path
            let ffmpeg = Process()
            ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            ffmpeg.arguments = ["ffmpeg", "-v", "error", "-y",
                                "-f", "lavfi", "-i", "color=c=\(colour):s=160x90:r=25:d=\(seconds)",
                                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)",
                                "-c:v", "libx264", "-pix_fmt", "yuv420p", "-g", "25", "-c:a", "aac", "-af", "volume=0.1",
                                "-shortest", output]
            ffmpeg.standardInput = FileHandle.nullDevice
            try ffmpeg.run()
            ffmpeg.waitUntilExit()
            guard ffmpeg.terminationStatus == 0, FileManager.default.fileExists(atPath: output) else {
                throw Failure(description: "ffmpeg made no \(output) (status \(ffmpeg.terminationStatus))")
            }
            paths.append(output)
        }
        return paths
    }

    /// The name of a colour the clips use, from a cell's 8-bit channels; nil for others.
    public static func name(r: Int, g: Int, b: Int) -> String? {
        switch (r > 160, g > 160, b > 160, max(r, g, b) - min(r, g, b) > 120) {
        case (true, false, false, true): "red"
        case (false, true, false, true): "lime"
        case (false, false, true, true): "blue"
        default: nil
        }
    }
}
