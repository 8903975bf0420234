import Foundation
import Testing
@testable import InsetSites

/// The folder yt-dlp runs in: Inset's own, closed to others, never the player's working
/// folder (issue 42 item 2; the proof with yt-dlp itself is end to end).
@Suite("The folder yt-dlp runs in")
struct YtdlpFolderTests {
    static func scratch() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inset-cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode : nil
    }

    @Test("issue 42 item 2: $XDG_CACHE_HOME/inset/yt-dlp, made 0700 with its parents, or closed to others when it is there")
    func madePrivate() throws {
        let cache = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let environment = ["XDG_CACHE_HOME": cache + "/deeper", "HOME": "/nonexistent"]
        let folder = try YtdlpFolder.prepare(environment: environment)
        #expect(folder == cache + "/deeper/inset/yt-dlp")
        #expect(Self.mode(folder).map { $0 & 0o777 } == 0o700)
        #expect(Self.mode(cache + "/deeper/inset").map { $0 & 0o777 } == 0o700)
        chmod(folder, 0o777)
        #expect(try YtdlpFolder.prepare(environment: environment) == folder)
        #expect(Self.mode(folder).map { $0 & 0o777 } == 0o700)
        #expect(YtdlpFolder.path(environment: ["HOME": "/home/u"]) == "/home/u/.cache/inset/yt-dlp")
        #expect(YtdlpFolder.path(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.cache/inset/yt-dlp")
    }

    @Test("issue 42 item 2: a link where the folder should be is not followed: a private folder of its own instead")
    func linkRefused() throws {
        let cache = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        try FileManager.default.createDirectory(atPath: cache + "/inset", withIntermediateDirectories: true)
        symlink(FileManager.default.temporaryDirectory.path, cache + "/inset/yt-dlp")
        let folder = try YtdlpFolder.prepare(environment: ["XDG_CACHE_HOME": cache])
        defer { rmdir(folder) }
        #expect(folder.hasPrefix("/tmp/inset-yt-dlp-"))
        #expect(Self.mode(folder).map { $0 & 0o777 } == 0o700)
    }

    @Test("issue 42 item 2: yt-dlp is started in the folder given, a relative program path still the player's")
    func startsThere() throws {
        let folder = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ChildProcess.run(["/bin/pwd"], in: folder, deadline: .seconds(10), maximumOutput: 1 << 16) { false }
        #expect(String(decoding: run.output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
                == URL(fileURLWithPath: folder).resolvingSymlinksInPath().path)
        #expect(run.ending == .exited(0))
    }
}
