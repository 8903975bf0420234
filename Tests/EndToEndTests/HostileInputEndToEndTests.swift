import Foundation
import InsetTestSupport
import Testing

/// What an attacker or a careless download puts in front of the player (issue 22): a
/// playlist that names itself, a file libavformat never answers for, names that carry
/// escape sequences, names that read as protocols, names that are not UTF-8. Each test
/// fails on the player before these were fixed.
@Suite("Hostile input end to end", .serialized, .tags(.waits))
struct HostileInputEndToEndTests {
    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-hostile-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Runs `script` with sh; its standard output and standard error as raw bytes, and its status.
    static func shell(_ script: String) throws -> (status: Int32, out: [UInt8], err: [UInt8]) {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("out"), err = dir.appendingPathComponent("err")
        let status = try runCommand(["sh", "-c", "( \(script) ) >'\(out.path)' 2>'\(err.path)' </dev/null; echo $?"])
        return (Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, bytes(of: out.path), bytes(of: err.path))
    }

    /// A file's bytes, read with read(2): Foundation's `Data(contentsOf:)` leaks a 4 KB
    /// buffer for an empty file (LeakSanitizer, in swift-foundation's readBytesFromFile),
    /// and an empty stdout or stderr is what these tests expect most.
    static func bytes(of path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { return result }
            result += chunk[0..<count]
        }
    }

    /// The peak resident memory of a process, from /proc (VmHWM), in bytes.
    static func peakMemory(_ pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }

    static func isAlive(_ pid: Int32) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        // A zombie is gone for the user; only the shell has not reaped it yet.
        let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
        return !stat.contains(") Z ")
    }

    /// Sends q, waits for the terminal to come back, and returns how long after that the
    /// process was still there (infinity when it was still alive 3 s later).
    static func lingerAfterQuit(_ tmux: Tmux, pid: Int32) throws -> Double {
        try tmux.keys("q")
        let asked = Date()
        while try tmux.terminalState().hasPrefix("1") && Date().timeIntervalSince(asked) < 5 {
            Thread.sleep(forTimeInterval: 0.01)
        }
        let restored = Date()
        while isAlive(pid) {
            if Date().timeIntervalSince(restored) > 3 { return .infinity }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return Date().timeIntervalSince(restored)
    }

    @Test("a 47-byte HLS master that names itself, called evil.mp4, is listed with its reason; memory stays under 200 MB and q ends the process")
    func selfReferencingMaster() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nevil.mp4\n".utf8).write(to: dir.appendingPathComponent("evil.mp4"))
        try FileManager.default.copyItem(atPath: samplePath("clock_4x3.mp4"), toPath: dir.appendingPathComponent("good.mp4").path)
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) \(dir.path)")
        try tmux.waitFor(timeout: 10, "the library with evil.mp4's reason") { $0.text.contains("evil.mp4") && $0.text.contains("not opened") }
        let pid = try #require(try tmux.childPID())
        let peak = try #require(Self.peakMemory(pid))
        #expect(peak < 200 << 20, "peak memory \(peak >> 20) MB")
        let linger = try Self.lingerAfterQuit(tmux, pid: pid)
        #expect(linger < 1, "the process was there \(linger) s after the terminal came back")

        let probe = try Self.shell("\(try insetBinary()) probe '\(dir.path)/evil.mp4'")
        #expect(probe.status == 1)
        let line = String(decoding: probe.err, as: UTF8.self)
        #expect(line.hasPrefix("inset: cannot open ") && line.contains("not opened") && line.filter { $0 == "\n" }.count == 1, "\(line)")
    }

    @Test("a library whose probe is stuck in libavformat (a FIFO nobody writes, probed while the clip before it plays) still leaves within a second of q")
    func stuckProbe() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("stuck.mp4").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --loop \(samplePath("clock_4x3.mp4")) \(fifo)")
        try tmux.waitFor(timeout: 10, "playing") { $0.shownTime != nil }
        try tmux.keys("Escape")
        try tmux.waitFor(timeout: 10, "the library") { $0.text.contains("stuck.mp4") && $0.text.contains("clock_4x3.mp4") }
        let pid = try #require(try tmux.childPID())
        Thread.sleep(forTimeInterval: 0.5)  // the probe is in open(2) of the FIFO by now
        let linger = try Self.lingerAfterQuit(tmux, pid: pid)
        #expect(linger < 1, "the process was there \(linger) s after the terminal came back")
    }

    @Test("a single file libavformat never answers for: the opening screen gives up at the deadline with one line and exit 1")
    func openingDeadline() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("never.mp4").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // `inset probe` of the same FIFO meanwhile, which has no screen to give up from.
        let probeLog = dir.appendingPathComponent("probe.log").path
        let tmux = try Tmux()
        try tmux.run("(\(try insetBinary()) probe \(fifo) 2>\(probeLog); echo PROBE=$? >>\(probeLog)) & \(try insetBinary()) \(fifo); echo EXIT=$?")
        try tmux.waitFor(timeout: 5, "opening") { $0.text.contains("opening never.mp4") }
        let screen = try tmux.waitFor(timeout: 30, "the exit status") {
            $0.text.range(of: #"(?m)^EXIT=\d+"#, options: .regularExpression) != nil
        }
        #expect(screen.text.contains("\nEXIT=1"), "\(screen.text)")
        #expect(try tmux.unwrappedText().contains("never.mp4: no answer within 20 s"))
        _ = Tmux.eventually(timeout: 5) { ((try? String(contentsOfFile: probeLog, encoding: .utf8)) ?? "").contains("PROBE=") }
        let probe = (try? String(contentsOfFile: probeLog, encoding: .utf8)) ?? ""
        #expect(probe.contains("never.mp4: no answer within 20 s") && probe.contains("PROBE=1"), "\(probe)")
    }

    @Test("a file name's escape sequences reach stderr and probe's output escaped, in text and JSON")
    func hostileNames() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Not media: the failure line names it.
        let junk = dir.appendingPathComponent("x\u{1B}]0;PWNED\u{07}\u{1B}[2J.mp4")
        try Data(repeating: 0x41, count: 4096).write(to: junk)
        // Media: probe reports it, with a C1 CSI (U+009B) in its name too.
        let clip = dir.appendingPathComponent("y\u{9B}2J\u{1B}]52;c;SGVsbG8=\u{07}.mp4")
        try FileManager.default.copyItem(atPath: samplePath("clock_4x3.mp4"), toPath: clip.path)
        let escapes: Set<UInt8> = [0x1B, 0x07]
        for command in ["probe", "cat"] {
            let run = try Self.shell("\(try insetBinary()) \(command) \"$(printf '%s/x\\033]0;PWNED\\007\\033[2J.mp4' '\(dir.path)')\"")
            #expect(run.status != 0)
            #expect(!run.err.contains { escapes.contains($0) }, "inset \(command): \(run.err)")
            #expect(String(decoding: run.err, as: UTF8.self).contains("x\\e]0;PWNED\\a\\e[2J.mp4"))
        }
        // The player's own line, after it gave the terminal back.
        let errors = dir.appendingPathComponent("errors")
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) \"$(printf '%s/x\\033]0;PWNED\\007\\033[2J.mp4' '\(dir.path)')\" 2>'\(errors.path)'; echo EXIT=$?")
        try tmux.waitFor(timeout: 10, "the exit status") { $0.text.contains("\nEXIT=1") }
        let played = Self.bytes(of: errors.path)
        #expect(!played.contains { escapes.contains($0) }, "inset: \(played)")
        #expect(String(decoding: played, as: UTF8.self).contains("x\\e]0;PWNED\\a\\e[2J.mp4"))
        let quoted = "\"$(printf '%s/y\\302\\2332J\\033]52;c;SGVsbG8=\\007.mp4' '\(dir.path)')\""
        let text = try Self.shell("\(try insetBinary()) probe \(quoted)")
        #expect(text.status == 0)
        #expect(!text.out.contains { escapes.contains($0) } && !text.out.contains(0x9B), "\(text.out)")
        #expect(String(decoding: text.out, as: UTF8.self).contains("y\\u{9b}2J\\e]52;c;SGVsbG8=\\a.mp4"))
        let json = try Self.shell("\(try insetBinary()) probe --json \(quoted)")
        #expect(json.status == 0)
        #expect(!json.out.contains { escapes.contains($0) } && !json.out.contains(0x9B), "\(json.out)")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.out)) as? [String: Any]
        #expect(decoded?["path"] as? String == clip.path, "JSON keeps the name exact")
    }

    @Test("names that read as protocols are opened as files: no request reaches a listening server, pipe: does not read stdin, concat: is one file")
    func namesAreNotProtocols() throws {
        let server = try ListeningSocket()
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let sample = samplePath("clock_4x3.mp4")
        for name in ["http:127.0.0.1:\(server.port)", "pipe:0.mp4", "concat:a.mp4|a.mp4", "subfile,,0,100,:a.mp4"] {
            try FileManager.default.copyItem(atPath: sample, toPath: dir.appendingPathComponent(name).path)
        }
        let clip = try Self.shell("\(try insetBinary()) probe --json '\(sample)'")
        let text = String(decoding: clip.out, as: UTF8.self)
        let found = try #require(text.range(of: #""durationMicroseconds" : \d+"#, options: .regularExpression))
        let duration = text[found]
        for name in ["http:127.0.0.1:\(server.port)", "pipe:0.mp4", "concat:a.mp4|a.mp4", "subfile,,0,100,:a.mp4"] {
            let run = try Self.shell("cd '\(dir.path)' && \(try insetBinary()) probe --json '\(name)'")
            #expect(run.status == 0, "\(name): \(String(decoding: run.err, as: UTF8.self))")
            #expect(String(decoding: run.out, as: UTF8.self).contains(duration), "\(name) is the file itself")
        }
        #expect(!server.wasConnected(), "a request reached 127.0.0.1:\(server.port)")
    }

    @Test("a DASH manifest piped to standard input fetches nothing it names")
    func pipedManifestOpensNothing() throws {
        let server = try ListeningSocket()
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let manifest = dir.appendingPathComponent("m.mpd")
        try Data("""
            <?xml version="1.0"?>
            <MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT10S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
             <Period><AdaptationSet mimeType="video/mp4"><Representation id="1" bandwidth="1000" width="320" height="240" codecs="avc1.42c00d">
             <BaseURL>http://127.0.0.1:\(server.port)/clip.mp4</BaseURL><SegmentBase indexRange="0-100"/></Representation></AdaptationSet></Period></MPD>

            """.utf8).write(to: manifest)
        let run = try Self.shell("\(try insetBinary()) probe - < '\(manifest.path)'")
        #expect(run.status == 1)
        #expect(!server.wasConnected(), "the piped manifest made a request")
    }

    @Test("a file whose name is not UTF-8 probes, plays from the library and is listed escaped")
    func namesThatAreNotUTF8() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let copied = try Self.shell("cp '\(samplePath("clock_4x3.mp4"))' \"$(printf '%s/caf\\351.mp4' '\(dir.path)')\"")
        #expect(copied.status == 0)
        let probe = try Self.shell("\(try insetBinary()) probe \"$(printf '%s/caf\\351.mp4' '\(dir.path)')\"")
        #expect(probe.status == 0, "\(String(decoding: probe.err, as: UTF8.self))")
        #expect(String(decoding: probe.out, as: UTF8.self).contains("caf\\xe9.mp4"))
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) \(dir.path)")
        try tmux.waitFor(timeout: 10, "the escaped name, probed") { $0.text.contains("caf\\xe9.mp4") && $0.text.contains("0:06") }
        try tmux.keys("Enter")
        let playing = try tmux.waitFor(timeout: 8, "the video") { $0.videoRows.count > 10 }
        #expect(playing.videoRows.count > 10)
    }
}

extension HostileInputEndToEndTests {
    @Test("a 6-byte UTF-8 sequence printed in the shell pane (any cat of a binary file) leaves the player and the shell alive")
    func shellPaneSurvivesSixByteUTF8() throws {
        let tmux = try Tmux()
        try tmux.run("SHELL=/bin/sh \(try insetBinary()) --shell --loop \(samplePath("clock_16x9_aac.mp4"))")
        _ = try tmux.settledWindow(timeout: 8, "the window over the shell")
        let pid = try #require(try tmux.childPID())
        try tmux.run("echo ready-$((2*3))")
        try tmux.waitFor(timeout: 8, "the shell pane's answer") { $0.text.contains("ready-6") }
        try tmux.literal("printf '\\375\\217\\277\\277\\277\\277'; echo; echo alive-$((6*7))")
        try tmux.keys("Enter")
        try tmux.waitFor(timeout: 8, "the echo after the printf") { $0.text.contains("alive-42") }
        #expect(Self.isAlive(pid), "the player died")
        #expect(try tmux.terminalState().hasPrefix("1"), "the player gave the terminal back")
    }

    @Test("TERM=dumb (no alternate screen): q leaves no picture behind")
    func dumbTerminalCleared() throws {
        let tmux = try Tmux()
        try tmux.run("TERM=dumb \(try insetBinary()) \(samplePath("clock_4x3.mp4")); echo EXIT=$?")
        try tmux.waitFor(timeout: 8, "video") { $0.videoRows.count > 10 }
        try tmux.keys("q")
        let after = try tmux.waitFor(timeout: 5, "the exit status") {
            $0.text.range(of: #"(?m)^EXIT=\d"#, options: .regularExpression) != nil
        }
        #expect(after.videoRows.isEmpty, "\(after.videoRows.count) rows of picture left on screen")
    }

    @Test("inside tmux the capability probe leaves the pane's title alone (the kitty query APC renamed it)")
    func tmuxTitleUntouched() throws {
        let tmux = try Tmux()
        let before = try tmux.tmux(["display", "-p", "-t", "0", "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        try tmux.run("\(try insetBinary()) \(samplePath("clock_4x3.mp4")); echo EXIT=$?")
        try tmux.waitFor(timeout: 8, "video") { $0.videoRows.count > 10 }
        try tmux.keys("q")
        try tmux.waitFor(timeout: 5, "the exit status") { $0.text.contains("\nEXIT=0") }
        let after = try tmux.tmux(["display", "-p", "-t", "0", "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(!after.hasPrefix("Gi="), "the pane is titled \(after)")
        #expect(after == before)
    }
}
