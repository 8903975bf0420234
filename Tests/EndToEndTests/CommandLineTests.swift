import Foundation
import Testing
import InsetTestSupport

/// The commands that need no terminal: probe, cat, bench, run as a script would.
@Suite("Command line", .tags(.waits))
struct CommandLineTests {
    typealias Output = InsetRun

    func inset(_ arguments: [String], stdin: String? = nil) throws -> Output {
        try runInset(arguments, stdin: stdin)
    }

    static let badInputs: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-cli-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: dir.appendingPathComponent("a-directory"), withIntermediateDirectories: true)
        try! Data().write(to: dir.appendingPathComponent("empty.mp4"))
        try! Data((0..<32_768).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ $0 >> 3) })
            .write(to: dir.appendingPathComponent("noise.mp4"))
        try! Data(String(repeating: "plain text, no video\n", count: 100).utf8)
            .write(to: dir.appendingPathComponent("notes.txt"))
        let clip = try! Data(contentsOf: URL(fileURLWithPath: samplePath("clock_4x3.mp4")))
        try! clip.prefix(clip.count / 2).write(to: dir.appendingPathComponent("truncated.mp4"))
        return dir
    }()

    @Test("inset probe: one line on stderr and a non-zero exit for each bad input", arguments: [
        ("missing.mp4", "no such file"), ("empty.mp4", "not a media file"), ("noise.mp4", "not a media file"),
        ("notes.txt", "not a media file"), ("truncated.mp4", "truncated"), ("a-directory", "is a directory"),
    ])
    func probeBadInput(name: String, reason: String) throws {
        let path = Self.badInputs.appendingPathComponent(name).path
        let result = try inset(["probe", path])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("inset: cannot open \(path): \(reason)"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
    }

    @Test("inset cat: a still picture prints; a file none of whose pictures decode is one line and a non-zero exit")
    func catStillAndUndecodable() throws {
        let still = try inset(["cat", "--size", "40x12", TestMedia.stillPicture])
        #expect(still.status == 0 && still.stderr.isEmpty)
        #expect(String(decoding: still.stdout, as: UTF8.self).components(separatedBy: "\u{1B}[?2026l").count == 2)
        let broken = try inset(["cat", "--size", "40x12", TestMedia.undecodable])
        #expect(broken.status != 0)
        #expect(broken.stdout.isEmpty)
        #expect(broken.stderr.hasPrefix("inset: cannot open \(TestMedia.undecodable): no picture could be decoded"))
        #expect(broken.stderr.filter { $0 == "\n" }.count == 1, "\(broken.stderr)")
        let half = try inset(["cat", "--size", "40x12", "--frames", "all", TestMedia.halfDownloaded])
        #expect(half.status == 0)
        let frames = String(decoding: half.stdout, as: UTF8.self).components(separatedBy: "\u{1B}[?2026l").count - 1
        #expect((110...125).contains(frames), "the 4.7 s there are, at 25 fps: \(frames) frames")
    }

    @Test("inset probe: the facts, and JSON for scripts")
    func probe() throws {
        let text = try inset(["probe", samplePath("anamorphic_rot90.mp4")])
        #expect(text.status == 0)
        let shown = String(decoding: text.stdout, as: UTF8.self)
        #expect(shown.contains("240x180") && shown.contains("SAR 4:3") && shown.contains("90° clockwise"))
        let json = try inset(["probe", "--json", samplePath("clock_16x9_aac.mp4")])
        let object = try JSONSerialization.jsonObject(with: json.stdout) as! [String: Any]
        #expect(object["durationMicroseconds"] as? Int == 10_000_000)
        #expect((object["audio"] as? [String: Any])?["sampleRate"] as? Int == 48_000)
        #expect((object["video"] as? [String: Any])?["width"] as? Int == 640)
    }

    @Test("- reads standard input: live, no known duration")
    func probeStandardInput() throws {
        let result = try inset(["probe", "--json", "-"], stdin: samplePath("clock_16x9_aac.mp4"))
        #expect(result.status == 0, "\(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: result.stdout) as! [String: Any]
        #expect(object["durationMicroseconds"] == nil)
        #expect((object["video"] as? [String: Any])?["height"] as? Int == 360)
    }

    @Test("inset cat: N frames, each one synchronized update, without a terminal")
    func cat() throws {
        let result = try inset(["cat", samplePath("clock_4x3.mp4"), "--frames", "5", "--size", "40x12", "--colors", "256"])
        #expect(result.status == 0)
        let bytes = [UInt8](result.stdout)
        func count(_ marker: String) -> Int {
            let m = Array(marker.utf8)
            return (0...(bytes.count - m.count)).filter { i in bytes[i..<i + m.count].elementsEqual(m) }.count
        }
        #expect(count("\u{1B}[?2026h") == 5 && count("\u{1B}[?2026l") == 5)
        #expect(count("\u{1B}[38;5;") > 0 && count("\u{1B}[38;2;") == 0, "256 colours only")
    }

    @Test("--audio-device help lists the driver's devices under auto, and plays nothing")
    func audioDeviceHelp() throws {
        let result = try runInset(["--audio-device", "help"], timeLimit: 10)
        let text = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        #expect(text.hasPrefix("Sound devices (") && text.contains("\n  auto\n"), "\(text)")
    }

    @Test("inset bench --json: every stage, with frames/s, percentiles and peak memory")
    func bench() throws {
        let result = try inset(["bench", samplePath("clock_4x3.mp4"), "--json", "--frames", "40", "--size", "40x12"])
        #expect(result.status == 0)
        let rows = try JSONSerialization.jsonObject(with: result.stdout) as! [[String: Any]]
        #expect(rows.map { $0["stage"] as? String } == ["decode", "scale", "render"])
        for row in rows {
            #expect(row["frames"] as? Int == 40)
            #expect((row["framesPerSecond"] as? Double ?? 0) > 0)
            #expect((row["peakRSSBytes"] as? Int ?? 0) > 0)
        }
        #expect((rows[2]["bytesPerFrame"] as? Double ?? 0) > 0)
        #expect(result.stderr.isEmpty, "no progress line without a terminal")
    }
}

/// How a run of the inset binary ended: its status (or the signal that killed it), what it
/// printed, and whether it was killed for running past its time limit.
struct InsetRun {
    var status: Int32
    var stdout: Data
    var stderr: String
    var signal: Int32? = nil
    var timedOut = false
}

/// Runs `inset arguments` (standard input from `stdin`, or none), reading both outputs to
/// their ends; with a `timeLimit`, kills it (SIGKILL) past that many seconds.
func runInset(_ arguments: [String], stdin: String? = nil, timeLimit: TimeInterval? = nil) throws -> InsetRun {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: try insetBinary())
    process.arguments = arguments
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin.map { FileHandle(forReadingAtPath: $0)! } ?? FileHandle.nullDevice
    try process.run()
    let killed = LockedData()
    let killer = DispatchWorkItem {
        if process.isRunning { killed.set(Data([1])); kill(process.processIdentifier, SIGKILL) }
    }
    if let timeLimit { DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: killer) }
    // Read both pipes to their ends before waiting, so a full pipe cannot stall the child.
    let errorData = LockedData()
    let reader = Thread { errorData.set(err.fileHandleForReading.readDataToEndOfFile()) }
    reader.start()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    killer.cancel()
    while !errorData.isSet { Thread.sleep(forTimeInterval: 0.01) }
    let bySignal = process.terminationReason == .uncaughtSignal
    return InsetRun(status: process.terminationStatus, stdout: data, stderr: String(decoding: errorData.value, as: UTF8.self),
                    signal: bySignal ? process.terminationStatus : nil, timedOut: killed.isSet)
}

/// Runs `scripts/NAME arguments` with `environment` added to this process's, standard
/// output and error together; returns the status and what it printed.
func runScript(_ name: String, _ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32, output: String) {
    // Spawned with no signal blocked, as tmux is (`runCommand`): through Foundation's Process
    // a script and everything it started (the terminals, the players) inherited the test
    // thread's mask, SIGTERM blocked, and each real-terminal stop waited out its 5 s before
    // SIGKILL (a play scene took 24 s instead of 9).
    try spawnAndWait([repositoryRoot.appendingPathComponent("scripts/\(name)").path] + arguments,
                     environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, errors: .withOutput)
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private var done = false
    func set(_ d: Data) { lock.withLock { data = d; done = true } }
    var isSet: Bool { lock.withLock { done } }
    var value: Data { lock.withLock { data } }
}
