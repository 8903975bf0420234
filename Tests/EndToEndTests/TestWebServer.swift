import Foundation
import Testing

/// `scripts/http-serve` run for one test: the samples (or a test's own `root`) on a free
/// port of 127.0.0.1, its request log in a scratch file, faults set at start and changed
/// through `/_control`.
final class TestWebServer {
    let port: Int
    let logPath: String
    private let pid: pid_t
    private let portFile: String

    /// `scripts/http-serve` with `arguments`, or another server of ours that takes the same
    /// `--root`, `--port-file` and `--log` (`scripts/hostile-serve`).
    init(_ arguments: [String] = [], script name: String = "http-serve",
         root: String = repositoryRoot.appendingPathComponent("samples").path) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("inset-http-\(UUID().uuidString)").path
        portFile = scratch + ".port"
        logPath = scratch + ".log"
        let script = repositoryRoot.appendingPathComponent("scripts/\(name)").path
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
        var attributes = UnblockedSignals()
        defer { attributes.destroy() }
        var child: pid_t = 0
        guard posix_spawn(&child, "/usr/bin/env", &actions, &attributes.value, cArguments, environ) == 0 else {
            throw E2EError.missing("cannot start scripts/http-serve")
        }
        pid = child
        var found: Int?
        for _ in 0..<100 where found == nil {
            found = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap {
                Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if found == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        guard let found else {
            kill(child, SIGTERM)
            throw E2EError.missing("scripts/http-serve gave no port: \((try? String(contentsOfFile: scratch + ".err", encoding: .utf8)) ?? "")")
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

    func url(_ path: String) -> String { "http://127.0.0.1:\(port)/\(path)" }

    /// The request log's lines, split into their tab-separated fields.
    var requests: [[String]] {
        ((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").split(separator: "\n").map {
            $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// Changes the faults while it runs (`scripts/http-serve --control`).
    func control(_ changes: String...) throws {
        try runCommand(["python3", repositoryRoot.appendingPathComponent("scripts/http-serve").path,
                        "--control", "http://127.0.0.1:\(port)"] + changes)
    }

    /// A port nothing listens on: one the system gave, closed again.
    static func closedPort() -> Int {
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
