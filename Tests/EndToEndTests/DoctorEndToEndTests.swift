import Foundation
import Testing
import InsetTestSupport

/// `inset doctor` on a pty whose other end is scripts/fake-terminal answering as kitty, in
/// a home made for it: a config file with a bad line, a script, a yt-dlp of a known date,
/// SDL's disk driver, no session bus. Each line of the report is checked against what was
/// faked; the wording of every case is InsetAppTests/DoctorFindingsTests.
@Suite("inset doctor, end to end", .tags(.waits))
struct DoctorEndToEndTests {
    @Test("each line says what was faked: kitty's answers, the colours, sound, yt-dlp's age, no bus, the config's error, the script, the libraries")
    func doctorBehindFakeKitty() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("inset-doctor-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: home) }
        let config = home.appendingPathComponent(".config/inset")
        try FileManager.default.createDirectory(at: config.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("bin"), withIntermediateDirectories: true)
        try Data("volume = 50\nno-such-setting = 3\n".utf8).write(to: config.appendingPathComponent("config"))
        try Data("mp.msg.info('hi')\n".utf8).write(to: config.appendingPathComponent("scripts/hello.lua"))
        let ytdlp = home.appendingPathComponent("bin/yt-dlp")
        try Data("#!/bin/sh\necho 2024.01.02\n".utf8).write(to: ytdlp)
        chmod(ytdlp.path, 0o755)
        let path = home.appendingPathComponent("bin").path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let script = repositoryRoot.appendingPathComponent("scripts/fake-terminal").path
        let json = try runCommand(["python3", script, "--as", "kitty", "--", "env", "-u", "XDG_CONFIG_HOME", "HOME=\(home.path)",
                                   "PATH=\(path)", "COLORTERM=truecolor", "SDL_AUDIODRIVER=disk",
                                   "SDL_DISKAUDIOFILE=\(home.appendingPathComponent("sound.raw").path)",
                                   "DBUS_SESSION_BUS_ADDRESS=unix:path=/nonexistent-inset-doctor/bus",
                                   try insetBinary(), "doctor"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
        #expect(object["status"] as? Int == 0, "\(object["stderr"] ?? "")")
        // The pty's bytes, a character each: back to UTF-8, and the report from its heading on.
        let bytes = ((object["output"] as? String) ?? "").unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
        let screen = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let report = try #require(screen.range(of: "inset doctor: ").map { String(screen[$0.lowerBound...]) }, "\(screen.debugDescription)")
        var rows: [String: String] = [:]
        for line in report.split(separator: "\n").dropFirst() where !line.hasPrefix(" ") && line.count > 14 {
            rows[String(line.prefix(12)).trimmingCharacters(in: .whitespaces), default: ""] += String(line.dropFirst(14))
        }
        #expect(rows["terminal"]?.hasPrefix("kitty(0.39.1), answered in ") == true, "\(report)")
        #expect(rows["graphics"] == "kitty (kitty graphics yes, sixel no, iTerm2 images no)")
        #expect(rows["cell size"] == "10x20 pixels (from CSI 16 t)")
        #expect(rows["tmux"] == "no")
        #expect(rows["colours"]?.hasPrefix("truecolor (COLORTERM=truecolor; terminfo ") == true)
        #expect(rows["sound"]?.hasPrefix("disk") == true)
        #expect(rows["yt-dlp"]?.hasPrefix("2024.01.02, ") == true && report.contains("fix: sites change often"))
        #expect(rows["MPRIS"]?.hasPrefix("no session bus (") == true)
        #expect(rows["config"] == "~/.config/inset/config: 1 error (those lines are skipped)")
        #expect(report.contains("\n              line 2: "), "the bad line, by number")
        #expect(rows["scripts"] == "1: hello.lua")
        #expect(rows["libraries"]?.hasPrefix("FFmpeg avformat ") == true)
        for library in ["SDL2 2.", "libass 0.", "libvterm 0.", "LuaJIT 2."] { #expect(report.contains("\n              \(library)"), "no \(library)") }
        // Safe to paste: no path under the home but the config's, written from ~.
        #expect(!report.contains(home.path), "\(report)")
        #expect(report.split(separator: "\n").count <= 30, "one screen")
    }
}
