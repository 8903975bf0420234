import Foundation
import InsetCore
@testable import InsetMedia

/// The repository's samples folder, found from this file so tests run from any directory.
let samplesDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("samples")

func sample(_ name: String) -> String { samplesDirectory.appendingPathComponent(name).path }

let allSamples = ["clock_16x9_aac.mp4", "clock_4x3.mp4", "scope_239.mp4", "long_gop.mp4",
                  "anamorphic_rot90.mp4", "bench_1080p.mp4"]

/// Runs a command and returns its standard output (the tests compare against ffprobe).
func run(_ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// What ffprobe says the presentation times of a file's video frames are, in decode
/// output order, in microseconds.
func ffprobeFrameTimes(_ path: String) throws -> [Int64] {
    let out = try run(["ffprobe", "-v", "error", "-select_streams", "v:0",
                       "-show_entries", "frame=best_effort_timestamp_time", "-of", "csv=p=0", path])
    return out.split(whereSeparator: \.isNewline).compactMap { line in
        let field = line.split(separator: ",").first.map(String.init) ?? ""
        return Double(field).map { Int64(($0 * 1_000_000).rounded()) }
    }
}

/// Decodes every frame of `pipeline` from the current position to the end of stream.
func drain(_ pipeline: VideoPipeline, timeout: Double = 30) -> [VideoFrame] {
    var frames: [VideoFrame] = []
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
        guard let item = pipeline.frames.pop(timeout: 1) else { continue }
        switch item {
        case .frame(let f):
            frames.append(f)
        case .endOfStream:
            return frames
        }
    }
    return frames
}

/// Takes frames until the first one of `serial` arrives, skipping none (there must be none
/// of an older serial once seek returned).
func firstFrame(of pipeline: VideoPipeline, timeout: Double = 10) -> DecodedItem? {
    pipeline.frames.pop(timeout: timeout)
}

/// Makes a scratch directory with the bad inputs the error tests need.
func makeBadInputs() throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-bad-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try Data().write(to: dir.appendingPathComponent("empty.mp4"))
    var generator = SystemRandomNumberGenerator()
    let noise = (0..<65_536).map { _ in UInt8.random(in: 0...255, using: &generator) }
    try Data(noise).write(to: dir.appendingPathComponent("noise.mp4"))
    try Data(String(repeating: "Just some notes, not a video.\n", count: 200).utf8)
        .write(to: dir.appendingPathComponent("notes.txt"))
    let whole = try Data(contentsOf: URL(fileURLWithPath: sample("clock_4x3.mp4")))
    try whole.prefix(whole.count / 2).write(to: dir.appendingPathComponent("truncated.mp4"))
    let faststart = try Data(contentsOf: URL(fileURLWithPath: sample("clock_16x9_aac.mp4")))
    try faststart.prefix(faststart.count / 2)
        .write(to: dir.appendingPathComponent("truncated_faststart.mp4"))
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("folder.mp4"), withIntermediateDirectories: true)
    try whole.write(to: dir.appendingPathComponent("locked.mp4"))
    try FileManager.default.setAttributes([.posixPermissions: 0o000],
                                          ofItemAtPath: dir.appendingPathComponent("locked.mp4").path)
    return dir
}
