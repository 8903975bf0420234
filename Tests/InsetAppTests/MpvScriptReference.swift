import Foundation

/// The real mpv running a fixture script (`mpv --no-config --vo=null --ao=null`, same
/// script, same options, same file), for the director's script tests to take their expected
/// report from: what mpv wrote, not a number written down. Nil when mpv is not installed.
struct MpvScriptReference {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/scripts").path
    static let installed = ["/usr/bin/mpv", "/usr/local/bin/mpv"].contains { FileManager.default.isExecutableFile(atPath: $0) }

    let folder: String
    var report: String { folder + "/report.txt" }
    var socketPath: String { folder + "/mpv.sock" }

    init() throws { folder = try makeTemporaryDirectory("mpv-reference").path }

    /// `--script-opts` as the tests give them: REPORT is the report file, and the report
    /// script's own file is set.
    func options(_ given: [String]) -> [(key: String, value: String)] {
        (given + ["report-file=REPORT"]).map { pair in
            let parts = pair.replacingOccurrences(of: "REPORT", with: report).split(separator: "=", maxSplits: 1)
            return (String(parts[0]), String(parts[1]))
        }
    }

    /// The report file's lines once there are `count` of them, up to `seconds`.
    func lines(_ count: Int, within seconds: Double = 15) -> [String] {
        let deadline = Date(timeIntervalSinceNow: seconds)
        var lines: [String] = []
        repeat {
            lines = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            if lines.count >= count { break }
            usleep(20_000)
        } while Date() < deadline
        return lines
    }

    /// mpv's report of `count` lines for `scripts` (fixture names) on `file`; `act` sends
    /// mpv's IPC commands (`send`) once it plays, as a person's keys would be.
    static func report(scripts: [String], options: [String] = [], file: String, count: Int,
                       act: (MpvScriptReference) -> Void = { _ in }) throws -> [String]? {
        guard installed else { return nil }
        let run = try MpvScriptReference()
        defer { try? FileManager.default.removeItem(atPath: run.folder) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let optionWord = run.options(options).map { "\($0.key)=\($0.value)" }.joined(separator: ",")
        process.arguments = ["mpv", "--no-config", "--vo=null", "--ao=null", "--no-terminal", "--input-ipc-server=\(run.socketPath)",
                             "--script-opts=\(optionWord)"] + scripts.map { "--script=\(fixtures)/\($0)" } + [file]
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) }; process.waitUntilExit() }
        act(run)
        return run.lines(count)
    }

    /// An IPC command to mpv (`{"command": […]}`), once its socket takes it (up to 10 s).
    func send(_ words: [String]) {
        let line = "{\"command\":[" + words.map { "\"\($0)\"" }.joined(separator: ",") + "]}\n"
        let deadline = Date(timeIntervalSinceNow: 10)
        while Date() < deadline {
            let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { bytes in
                for (index, byte) in socketPath.utf8.prefix(bytes.count - 1).enumerated() { bytes[index] = byte }
            }
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            if connected == 0 {
                _ = line.withCString { write(descriptor, $0, strlen($0)) }
                usleep(100_000)
                close(descriptor)
                return
            }
            close(descriptor)
            usleep(50_000)
        }
    }
}
