import Foundation
import InsetCore
@testable import InsetApp
@testable import InsetPlayback
@testable import InsetMedia
import InsetRender

/// The repository's samples folder, found from this file so tests run from any directory.
let samplesDirectory: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("samples")

func sample(_ name: String) -> String { samplesDirectory.appendingPathComponent(name).path }

/// A fresh scratch directory.
func makeTemporaryDirectory(_ label: String) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-\(label)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    return dir
}

/// A folder holding (as symbolic links, under their own names) `files`: the library of
/// just those files, since files given as paths play at once instead.
func libraryFolder(_ files: [String], label: String = "library") throws -> String {
    let dir = try makeTemporaryDirectory(label)
    for file in files {
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent((file as NSString).lastPathComponent).path,
                                                   withDestinationPath: file)
    }
    return dir.path
}

/// Polls `condition` every 20 ms for up to `timeout` seconds; true once it held.
func eventually(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date(timeIntervalSinceNow: timeout)
    while Date() < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return condition()
}

/// How many video frames ffprobe decodes from `path`: all a player has to show of it.
func ffprobeFrameCount(_ path: String) throws -> Int {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
                         "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    // A playlist's stream is listed twice, once under its program.
    guard process.terminationStatus == 0, let count = text.split(whereSeparator: \.isNewline).first.flatMap({ Int($0) }) else {
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "ffprobe could not count the frames of \(path): \(text)"])
    }
    return count
}

/// Runs a command, waiting for it; false when it could not run or failed.
@discardableResult
func runQuietly(_ arguments: [String]) -> Bool {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
}

// MARK: - Entries made by hand, for the panes

func videoInfo(_ path: String, seconds: Double?, codec: String = "h264", width: Int = 640, height: Int = 480,
               audioCodec: String? = nil, hasVideo: Bool = true) -> MediaInfo {
    MediaInfo(
        path: path, container: "mov,mp4,m4a,3gp,3g2,mj2", containerLongName: "QuickTime / MOV",
        durationMicroseconds: seconds.map { Int64($0 * 1_000_000) }, startMicroseconds: 0, bitRate: nil,
        fileSize: nil,
        video: hasVideo ? VideoStreamInfo(
            index: 0, codec: codec, codecLongName: "", width: width, height: height,
            sampleAspectNumerator: 1, sampleAspectDenominator: 1, frameRateNumerator: 25, frameRateDenominator: 1,
            rotationDegrees: 0, pixelFormat: "yuv420p", frameCount: nil, isAttachedPicture: false) : nil,
        audio: audioCodec.map {
            AudioStreamInfo(index: 1, codec: $0, codecLongName: "", sampleRate: 48_000, channels: 2,
                            layout: "stereo", sampleFormat: "fltp")
        })
}

func readyEntry(_ name: String, seconds: Double?, size: Int64 = 1_234_567, codec: String = "h264",
                hasVideo: Bool = true, audioCodec: String? = nil) -> LibraryEntry {
    let path = "/media/" + name
    return LibraryEntry(path: path, name: name, fileSize: size, state: .ready(
        videoInfo(path, seconds: seconds, codec: codec, audioCodec: audioCodec, hasVideo: hasVideo)))
}

func failedEntry(_ name: String, _ error: (String) -> MediaError, size: Int64 = 42) -> LibraryEntry {
    let path = "/media/" + name
    return LibraryEntry(path: path, name: name, fileSize: size, state: .failed(error(path)))
}

func probingEntry(_ name: String) -> LibraryEntry {
    LibraryEntry(path: "/media/" + name, name: name, fileSize: 2_000_000_000)
}

extension CellGrid {
    /// One row's glyphs as text.
    func line(_ row: Int) -> String {
        description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[row]
    }
}
