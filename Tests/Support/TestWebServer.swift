import Foundation

/// `scripts/http-serve` run for one test: the samples (or a test's own `root`) on a free
/// port of 127.0.0.1, its request log in a scratch file, faults set at start and changed
/// through `/_control`. Shared by the end-to-end, director and media tests.
public final class TestWebServer {
    public let port: Int
    public let logPath: String
    private let pid: pid_t
    private let portFile: String

    /// `scripts/http-serve` with `arguments`, or another server of ours that takes the same
    /// `--root`, `--port-file` and `--log` (`scripts/hostile-serve`).
    public init(_ arguments: [String] = [], script name: String = "http-serve",
                root: String = TestWebServer.repository.appendingPathComponent("samples").path) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("inset-http-\(UUID().uuidString)").path
        portFile = scratch + ".port"
        logPath = scratch + ".log"
        let script = TestWebServer.repository.appendingPathComponent("scripts/\(name)").path
        let argv = ["/usr/bin/env", "python3", script, "--root", root,
                    "--port-file", portFile, "--log", logPath] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, scratch + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        // The test process may block signals; the server must die of SIGTERM.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var child: pid_t = 0
        guard posix_spawn(&child, "/usr/bin/env", &actions, &attributes, cArguments, environ) == 0 else {
            throw Failure("cannot start scripts/\(name)")
        }
        pid = child
        var found: Int?
        // Up to 20 s: a python server starts in 0.2 s alone, but beside the full run's groups
        // on two cores it once took over 5.
        for _ in 0..<400 where found == nil {
            found = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap {
                Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if found == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        guard let found else {
            kill(child, SIGTERM)
            throw Failure("scripts/\(name) gave no port: \((try? String(contentsOfFile: scratch + ".err", encoding: .utf8)) ?? "")")
        }
        port = found
    }

    deinit {
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        unlink(portFile)
        unlink(logPath)
        unlink(portFile.replacingOccurrences(of: ".port", with: ".err"))
    }

    public func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// The request log's lines, split into their tab-separated fields.
    public var requests: [[String]] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// Changes the faults while it runs (`scripts/http-serve --control`).
    public func control(_ changes: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", TestWebServer.repository.appendingPathComponent("scripts/http-serve").path,
                             "--control", "http://127.0.0.1:\(port)"] + changes
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure("http-serve --control \(changes) exited \(process.terminationStatus)") }
    }

    /// The repository, found from this file.
    public static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// A port nothing listens on: one the system gave, closed again.
    public static func closedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
