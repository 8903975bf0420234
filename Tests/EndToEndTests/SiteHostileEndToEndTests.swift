import Foundation
import InsetTestSupport
import Testing

/// Whether a yt-dlp is on PATH for these tests to run.
private let ytdlpInstalled = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
    .contains { FileManager.default.isExecutableFile(atPath: "\($0)/yt-dlp") }

/// What a downloaded folder or a page can make of yt-dlp, with the real yt-dlp (Debian's)
/// and the player in a terminal (issue 42): a `yt-dlp.conf` beside the media, and a yt-dlp
/// left running after `q`.
@Suite("yt-dlp from a hostile folder, end to end", .serialized,
       .enabled(if: ytdlpInstalled, "yt-dlp is not installed (apt install yt-dlp)"), .tags(.waits))
struct SiteHostileEndToEndTests {
    /// A scratch folder holding `files`, removed at the end of the test.
    final class Folder {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("inset-site-\(UUID().uuidString)").path
        init(_ files: [String: String]) throws {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for (name, text) in files { try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8) }
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// The processes whose command line holds `token`.
    static func processes(containing token: String) -> [String] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.filter { Int($0) != nil }.compactMap { pid in
            guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { return nil }
            let line = String(decoding: data.map { $0 == 0 ? 32 : $0 }, as: UTF8.self)
            return line.contains(token) ? "\(pid): \(line)" : nil
        }
    }

    func finish(_ tmux: Tmux, timeout: Double = 10) throws -> Int {
        let screen = try tmux.waitFor(timeout: timeout, "exit status") {
            $0.text.range(of: #"(?m)^EXIT=\d+"#, options: .regularExpression) != nil
        }
        let line = screen.text.split(separator: "\n").first { $0.hasPrefix("EXIT=") } ?? ""
        return Int(line.dropFirst(5).prefix { $0.isNumber }) ?? -1
    }

    @Test("issue 42 item 2: a yt-dlp.conf in the working folder and beside the media (--exec, --print-to-file) is never read")
    func configBesideMediaIsNotRead() throws {
        let cache = try Folder([:])
        let folder = try Folder(["page.html": #"<html><head><title>Folder page</title></head><body><video src="clip.mp4"></video></body></html>"#])
        try FileManager.default.copyItem(atPath: samplePath("clock_4x3.mp4"), toPath: folder.path + "/clip.mp4")
        let ran = [folder.path + "/exec-ran", folder.path + "/print-ran"]
        try "--exec \"pre_process:touch \(ran[0])\"\n--print-to-file title \(ran[1])\n"
            .write(toFile: folder.path + "/yt-dlp.conf", atomically: true, encoding: .utf8)
        let server = try TestWebServer(root: folder.path)
        let page = server.url("page.html")

        // The proof the file would be read: yt-dlp run in that folder writes both files.
        let control = try spawnAndWait(["sh", "-c", "cd '\(folder.path)' && yt-dlp --no-warnings -J --flat-playlist -- '\(page)'"],
                                       environment: ["PATH": "/usr/bin:/bin", "HOME": cache.path, "XDG_CACHE_HOME": cache.path],
                                       errors: .discarded)
        #expect(control.status == 0 && ran.allSatisfy { FileManager.default.fileExists(atPath: $0) }, "yt-dlp did not read it: \(control)")
        for file in ran { unlink(file) }

        // The player started in that folder, the page's media beside the file.
        let tmux = try Tmux()
        try tmux.run("cd '\(folder.path)' && XDG_CACHE_HOME='\(cache.path)' \(try insetBinary()) --no-resume 'ytdl://\(page)'; echo EXIT=$?")
        try tmux.waitFor(timeout: 30, "the page playing") { $0.text.contains("Folder page") && $0.videoRows.count > 5 }
        try tmux.keys("q")
        #expect(try finish(tmux) == 0)
        #expect(server.requests.contains { $0.count > 2 && $0[2] == "/page.html" }, "yt-dlp never read the page")
        for file in ran { #expect(!FileManager.default.fileExists(atPath: file), "\(file) was written: the folder's yt-dlp.conf was read") }
        // yt-dlp ran in Inset's own folder, closed to others.
        var status = stat()
        #expect(lstat(cache.path + "/inset/yt-dlp", &status) == 0 && status.st_mode & 0o777 == 0o700)
    }

    @Test("issue 42 item 10: q while resolving… leaves no yt-dlp behind")
    func quitWhileResolvingEndsYtdlp() throws {
        let cache = try Folder([:])
        let server = try TestWebServer(["--stall-at", "0", "--only", "*.html"])
        let token = UUID().uuidString
        let page = server.url("sites/video.html?left-behind=\(token)")
        let tmux = try Tmux()
        try tmux.run("XDG_CACHE_HOME='\(cache.path)' \(try insetBinary()) --no-resume 'ytdl://\(page)'; echo EXIT=$?")
        try tmux.waitFor(timeout: 10, "resolving") { $0.text.contains("resolving") }
        #expect(Tmux.eventually(timeout: 5) { Self.processes(containing: token).contains { $0.contains("yt-dlp") } },
                "yt-dlp never started")
        try tmux.keys("q")
        _ = try finish(tmux)
        // Its own process group: nothing else would end it before its 45 s deadline.
        let gone = Tmux.eventually(timeout: 2) { !Self.processes(containing: token).contains { $0.contains("yt-dlp") } }
        #expect(gone, "left running: \(Self.processes(containing: token))")
    }
}
