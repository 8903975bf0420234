import Foundation

/// The clips bundled in `samples/`, found beside the executable's build folder or through
/// INSET_SAMPLES, so `inset` with no path shows something at once.
enum Samples {
    static func directory() -> URL? {
        if let dir = ProcessInfo.processInfo.environment["INSET_SAMPLES"] { return URL(fileURLWithPath: dir) }
        var url = ExecutableLocation.url().resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<6 {
            let candidate = url.appendingPathComponent("samples")
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent("clock_16x9_aac.mp4").path) {
                return candidate
            }
            url.deleteLastPathComponent()
        }
        return nil
    }
}
