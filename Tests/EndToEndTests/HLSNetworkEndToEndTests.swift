import Foundation
import InsetTestSupport
import Testing

/// What the one demuxer per input reads over the network, from `scripts/http-serve`'s
/// request log: an HLS master played straight asks for each segment once and, after `p`,
/// only for the window's variant; a throttled link makes it step down to a variant the
/// rate carries and back up once the throttle lifts; an MP4 is read about once.
@Suite("HLS and MP4 over HTTP: what is read", .serialized, .tags(.clock))
struct HLSNetworkEndToEndTests {
    /// The segment paths requested, in order, with the log's time.
    static func segments(_ server: TestWebServer) -> [(time: Double, path: String)] {
        server.requests.filter { $0.count >= 7 && $0[2].hasSuffix(".ts") }.map { (Double($0[0]) ?? 0, $0[2]) }
    }

    /// A master with sound: two variants (180p, 360p) of clock_16x9_aac.mp4, each with its
    /// AAC, in 2 s segments, made once per run (the bundled master has no sound, and the
    /// sound is what used to read an input a second time).
    static let soundMaster: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-hls-sound-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        _ = try? runCommand(["ffmpeg", "-v", "error", "-nostdin", "-y", "-i", samplePath("clock_16x9_aac.mp4"),
                             "-map", "0:v", "-map", "0:a", "-map", "0:v", "-map", "0:a",
                             "-c:v", "libx264", "-g", "25", "-s:v:0", "320x180", "-s:v:1", "640x360", "-c:a", "aac",
                             "-f", "hls", "-var_stream_map", "v:0,a:0 v:1,a:1", "-master_pl_name", "master.m3u8",
                             "-hls_time", "2", "-hls_list_size", "0", dir.appendingPathComponent("v%v/index.m3u8").path])
        return dir
    }()

    @Test("an HLS master with sound played straight over HTTP: each segment requested once, the sound heard from the same reads")
    func withSoundOnce() throws {
        let server = try TestWebServer(["--root", Self.soundMaster.path])
        let tmux = try Tmux(columns: 120, rows: 40)
        // At 4× (the sound through atempo): what is read does not depend on how fast it plays.
        try tmux.run("SDL_AUDIODRIVER=dummy \(try insetBinary()) --speed 4 \(server.url("master.m3u8")); echo EXIT=$?")
        try tmux.waitFor(timeout: 25, "the end") { $0.text.range(of: #"(?m)^EXIT=\d+"#, options: .regularExpression) != nil }
        let all = Self.segments(server).map(\.path)
        #expect(all.count >= 5, "\(all)")
        #expect(Set(all).count == all.count, "a segment fetched twice: \(all)")
    }

    @Test("a straight play requests each segment once; after p, only the window's variant's")
    func eachSegmentOnce() throws {
        let server = try TestWebServer()
        let tmux = try Tmux(columns: 120, rows: 40)
        try tmux.run("\(try insetBinary()) --blitter quadrant --stats \(server.url("hls/master.m3u8")); echo EXIT=$?")
        // The bar counts from the stream's start (1.48 s) and hides after 3 s: 0:03 came
        // too late to be seen on it; 0:01 is there while it shows.
        try tmux.waitFor(timeout: 10, "playing to 0:01") { $0.videoRows.count > 20 && ($0.shownTime?.position ?? -1) >= 1 }
        let straight = Self.segments(server).map(\.path)
        #expect(Set(straight).count == straight.count, "a segment fetched twice: \(straight)")
        let beforeWindow = straight.count
        try tmux.keys("p")
        try tmux.waitFor(timeout: 10, "the window's variant shown") { $0.text.contains("320x180 (1/3)") }
        // The switch is complete: the old variant is read no more, but the one segment of
        // it being fetched may still end (the log has a request once its response ends).
        let switched = Self.segments(server).count
        usleep(3_000_000)
        let after = Self.segments(server).dropFirst(beforeWindow).map(\.path)
        #expect(after.contains { $0.hasPrefix("/hls/v0/") }, "no 180p segment after p: \(after)")
        let later = Self.segments(server).dropFirst(switched + 1).map(\.path)
        #expect(later.allSatisfy { $0.hasPrefix("/hls/v0/") }, "another variant after the switch: \(after)")
        let all = Self.segments(server).map(\.path)
        #expect(Set(all).count == all.count, "a segment fetched twice: \(all)")
        try tmux.keys("q")
    }

    @Test("a throttled link steps HLS down to a variant the rate carries, and back up when the throttle lifts")
    func stepsDownAndUp() throws {
        let server = try TestWebServer()
        let tmux = try Tmux(columns: 160, rows: 45)
        try tmux.run("\(try insetBinary()) --blitter quadrant --stats --loop \(server.url("hls/master.m3u8")); echo EXIT=$?")
        try tmux.waitFor(timeout: 15, "360p by the render size (quadrants' 320x90 sub-pixels, twice)") { $0.text.contains("640x360 (2/3)") }
        // 25 kB/s is 200 kb/s: 360p (310 kb/s) is too much.
        try server.control("rate=25000")
        let throttled = Self.segments(server).count
        try tmux.waitFor(timeout: 40, "180p on the slow link") { $0.text.contains("320x180 (1/3)") }
        try server.control("rate=0")
        try tmux.waitFor(timeout: 40, "360p again") { $0.text.contains("640x360 (2/3)") }
        // (The log has a request once its response ends.)
        let since = Self.segments(server).dropFirst(throttled).map(\.path)
        #expect(since.contains { $0.hasPrefix("/hls/v0/") }, "\(since)")
        try tmux.keys("q")
    }

    /// clock_16x9_aac.mp4 as MPEG-DASH (2 s chunks, picture and sound), made once per run.
    static let dash: URL = {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inset-dash-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        _ = try? runCommand(["ffmpeg", "-v", "error", "-nostdin", "-y", "-i", samplePath("clock_16x9_aac.mp4"),
                             "-c:v", "libx264", "-g", "25", "-c:a", "aac", "-f", "dash", "-seg_duration", "2",
                             dir.appendingPathComponent("manifest.mpd").path])
        return dir
    }()

    @Test("a DASH manifest over HTTP plays in colour with the time moving, each chunk requested once")
    func dashPlays() throws {
        let server = try TestWebServer(["--root", Self.dash.path])
        try NetworkEndToEndTests.plays(server.url("manifest.mpd"), from: 2, to: 4, arguments: "--mute")
        let chunks = server.requests.filter { $0.count >= 7 && $0[2].hasSuffix(".m4s") }.map { $0[2] }
        #expect(chunks.count >= 4, "\(chunks)")
        #expect(Set(chunks).count == chunks.count, "a chunk fetched twice: \(chunks)")
    }

    @Test("an MP4 over HTTP played to its end is read about once: the bytes sent are within 10% of its size")
    func mp4ReadOnce() throws {
        let server = try TestWebServer()
        let tmux = try Tmux(columns: 120, rows: 40)
        try tmux.run("SDL_AUDIODRIVER=dummy \(try insetBinary()) --speed 4 \(server.url("clock_16x9_aac.mp4")); echo EXIT=$?")
        try tmux.waitFor(timeout: 25, "the end") { $0.text.range(of: #"(?m)^EXIT=\d+"#, options: .regularExpression) != nil }
        let size = try FileManager.default.attributesOfItem(atPath: samplePath("clock_16x9_aac.mp4"))[.size] as! Int
        let sent = server.requests.filter { $0.count >= 7 && $0[2] == "/clock_16x9_aac.mp4" }.compactMap { Int($0[5]) }
        let total = sent.reduce(0, +)
        #expect(total >= size && Double(total) <= Double(size) * 1.1, "\(total) bytes sent for \(size): \(sent)")
    }
}
