import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// mpv's mapped options (docs/mpv.md, "Mapped") applied to the player's options, and what
/// they do in the director: starting paused, a chapters file's chapters in place of the
/// file's, the subtitle files of `--sub-files`.
@Suite("mpv's mapped options", .serialized)
struct MpvMappedSettingsTests {
    private func applied(_ configure: (inout MpvMappedSettings) -> Void, graphicsGiven: Bool = false)
        throws -> (AppOptions, MpvMappedSettings.Outcome) {
        var settings = MpvMappedSettings()
        configure(&settings)
        var options = AppOptions(paths: ["f"])
        let outcome = try settings.apply(to: &options, graphicsGiven: graphicsGiven, blitterGiven: false)
        return (options, outcome)
    }

    /// ani-skip's chapters file, as its script writes it.
    static func aniSkipChapters() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ani-skip-\(UUID().uuidString)").path
        let text = ";FFMETADATA1\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=2000\nEND=4000\nTITLE=Opening\n"
            + "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=8000\nEND=9000\nTITLE=Ending\n"
            + "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=4000\nEND=8000\nTITLE=Episode\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("yazi's preview line: kitty, shared memory, the rectangle")
    func yazisLine() throws {
        let (options, outcome) = try applied {
            $0.vo = "kitty"; $0.kittySharedMemory = "yes"
            $0.kittyRectangle.left = "41"; $0.kittyRectangle.top = "2"; $0.kittyRectangle.columns = "38"; $0.kittyRectangle.rows = "20"
        }
        #expect(options.graphics == .kitty)
        #expect(options.kittySharedMemory == true)
        #expect(outcome.rectangle?.description == "38x20+40+1")
    }

    @Test func outputsAndTheirOptions() throws {
        #expect(try applied { $0.vo = "tct"; $0.tctAlgorithm = "plain" }.0.blitter == .half)
        #expect(try applied { $0.vo = "tct" }.0.graphics == .cells)
        #expect(try applied({ $0.vo = "sixel" }, graphicsGiven: true).0.graphics == nil, "Inset's --graphics wins")
        let gpu = try applied { $0.vo = "gpu" }
        #expect(gpu.0.graphics == nil && gpu.1.logLines.count == 1, "ignored, with a log line")
        #expect(try applied { $0.sixelRectangle.columns = "10"; $0.sixelRectangle.rows = "5" }.1.rectangle?.description == "10x5+0+0")
        #expect(try applied { $0.kittySharedMemory = "no" }.0.kittySharedMemory == false)
        #expect(throws: MpvMappedOptions.Refusal.self) { try applied { $0.kittySharedMemory = "maybe" } }
        #expect(throws: MpvMappedOptions.Refusal.self) { try applied { $0.kittyRectangle.left = "x" } }
    }

    @Test("--pause, --msg-level, --script-opts, --script, --stream-lavf-o")
    func theRest() throws {
        #expect(try applied { $0.pause = "yes" }.0.startsPaused)
        #expect(try !applied { $0.pause = "no" }.0.startsPaused)
        #expect(try applied { $0.messageLevel = "all=warn,ffmpeg=v" }.1.messageLevel == "warn")
        let (options, outcome) = try applied {
            $0.scriptOptions = "skip-op_start=2,skip-op_end=%1%5"
            $0.scripts = ["/home/u/.config/mpv/scripts/skip.lua"]
            $0.streamOptions = "timeout=5000000,protocol_whitelist=file,request_size=10485760"
        }
        #expect(options.scriptOptions == [.init("skip-op_start", "2"), .init("skip-op_end", "5")])
        #expect(options.scripts == ["/home/u/.config/mpv/scripts/skip.lua"])
        #expect(outcome.inputOptions == [.init("timeout", "5000000"), .init("request_size", "10485760")])
        #expect(options.loadsConfigFolderScripts, "the config folder's scripts load unless --load-scripts=no")
        #expect(try !applied { $0.loadScripts = false }.0.loadsConfigFolderScripts)
        #expect(outcome.logLines.contains { $0.contains("protocol_whitelist not passed") })
    }

    @Test("--chapters-file: read, or said on the bar when it cannot be")
    func chaptersFile() throws {
        let path = try Self.aniSkipChapters()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try applied { $0.chaptersFile = path }.0.chapters?.map(\.title) == ["Opening", "Episode", "Ending"])
        let missing = try applied { $0.chaptersFile = "/nonexistent/chapters" }.0
        #expect(missing.chapters == nil)
        #expect(missing.notices == ["--chapters-file /nonexistent/chapters: cannot be read"])
        #expect(try applied { $0.chaptersFile = sample("sidecar.en.srt") }.0.notices.first?.contains("not an FFmpeg metadata file") == true)
    }

    @Test("--sub-files: the first is --sub's, the rest follow it")
    func subtitleFiles() throws {
        let options = try applied { $0.subtitleFiles = "a.srt:b.srt:c.srt" }.0
        #expect(options.subtitleFile == "a.srt")
        #expect(options.moreSubtitleFiles == ["b.srt", "c.srt"])
    }

    @Test("--pause: the file opens on its first frame, paused; Space plays it")
    func startsPaused() throws {
        let app = try DirectorHarness(paths: [sample("clock_16x9_aac.mp4")]) { $0.startsPaused = true }
        #expect(app.waitForPlayer())
        let video = try #require(app.director.videos.fullScreen)
        app.run(for: 1)
        #expect(!video.snapshot.isPlaying)
        #expect(video.snapshot.position.seconds < 0.1)
        app.key("Space")
        #expect(app.waitUntil { video.snapshot.isPlaying })
    }

    @Test("--chapters-file: its chapters replace the file's, on the bar and for PgDn")
    func chaptersReplaceTheFiles() throws {
        let path = try Self.aniSkipChapters()
        defer { try? FileManager.default.removeItem(atPath: path) }
        var settings = MpvMappedSettings()
        settings.chaptersFile = path
        let app = try DirectorHarness(paths: [try DirectorChapterTests.makeChaptered()]) {
            _ = try? settings.apply(to: &$0, graphicsGiven: false, blitterGiven: false)
        }
        #expect(app.waitForPlayer())
        let video = try #require(app.director.videos.fullScreen)
        #expect(video.chapters.chapters.map(\.title) == ["Opening", "Episode", "Ending"], "not the file's Opening, Middle, End")
        app.key("Space")
        app.key("PgDn")
        #expect(app.message == "chapter 1/3: Opening")
        #expect(app.waitUntil { abs(video.snapshot.position.seconds - 2) < 0.1 }, "\(video.snapshot.position)")
    }

    @Test("--sub-files: each file a track, in the order given, before the file's own")
    func subtitleFilesAreTracks() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sub-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = directory.appendingPathComponent("one.srt").path, second = directory.appendingPathComponent("two.srt").path
        try "1\n00:00:00,000 --> 00:00:09,000\nFirst file\n".write(toFile: first, atomically: true, encoding: .utf8)
        try "1\n00:00:00,000 --> 00:00:09,000\nSecond file\n".write(toFile: second, atomically: true, encoding: .utf8)
        var settings = MpvMappedSettings()
        settings.subtitleFiles = "\(first):\(second)"
        let app = try DirectorHarness(paths: [sample("subtitled.mp4")]) {
            _ = try? settings.apply(to: &$0, graphicsGiven: false, blitterGiven: false)
        }
        #expect(app.waitForPlayer())
        let video = try #require(app.director.videos.fullScreen)
        let tracks = try #require(video.subtitles).selection.tracks
        #expect(tracks.prefix(2).map(\.file) == [first, second])
        #expect(tracks.count == 4, "the two files, then the clip's two streams")
    }
}
