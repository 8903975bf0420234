import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// The playlist through the director: the command line's files in order, `>` and `<`,
/// the place on the bar, the shuffled order, a file that does not open, and the position
/// kept of each file left for the next.
@Suite("Director: playlists", .serialized)
struct DirectorPlaylistTests {
    static let first = sample("clock_16x9_aac.mp4"), second = sample("long_gop.mp4"), third = sample("clock_4x3.mp4")

    @Test("several paths: the first plays at once, > and < move through them, the bar's place follows, and each file left keeps its position")
    func keysAndResume() throws {
        let state = try makeTemporaryDirectory("playlist-resume")
        let store = ResumeStore(directory: state.path)
        let app = try DirectorHarness(paths: [Self.first, Self.second, Self.third]) { $0.resumeStore = store }
        #expect(app.waitForPlayer("clock_16x9_aac.mp4"))
        #expect(app.director.list.labels[Self.first] == "1/3")
        try app.command("seek-to 4")
        #expect(app.waitUntil { abs((app.time(of: app.director.videos.fullScreen) ?? 0) - 4) < 0.3 })
        app.key(">")
        #expect(app.waitForPlayer("long_gop.mp4"))
        #expect(app.director.list.labels[Self.second] == "2/3")
        #expect(abs((store.remembered(for: Self.first).position?.seconds ?? 0) - 4) < 0.5, "the file left keeps its position")
        app.key("<")
        #expect(app.waitForPlayer("clock_16x9_aac.mp4"))
        #expect(app.message == "resumed at 0:04")
        app.key("<")
        #expect(app.message == "this is the first file of the list")
        #expect(app.fullScreenVideo == "clock_16x9_aac.mp4")
    }

    @Test("a file that does not open is passed over for the next, said on the bar")
    func passesOver() throws {
        let app = try DirectorHarness(paths: ["/no/such/file.mp4", Self.third])
        #expect(app.waitForPlayer("clock_4x3.mp4"))
        #expect(app.message?.contains("/no/such/file.mp4") == true, "\(app.message ?? "")")
        #expect(app.director.list.labels[Self.third] == "2/2")
        #expect(app.isRunning)
    }

    // The second video seeks twice at once (to its start, then 5.6 s): a read the second
    // seek's wake cut short left AVERROR_EXIT in the input's I/O contexts, and the first read
    // after the seek failed with it and ended the stream with no frame, so the list never
    // ended (3 runs in 150 before `cffmpeg_io_forget_interrupt`, none in 300 after).
    @Test("a file listed twice in a row plays again from its start, and the list then ends")
    func sameFileTwice() throws {
        let app = try DirectorHarness(paths: [Self.third, Self.third])
        #expect(app.waitForPlayer("clock_4x3.mp4"))
        try app.command("seek-to 5.6")
        #expect(app.waitUntil(timeout: 8) { app.director.list.labels[Self.third] == "2/2" })
        #expect(app.waitUntil { (app.time(of: app.director.videos.fullScreen) ?? 9) < 2 }, "played again from its start")
        #expect(app.isRunning)
        try app.command("seek-to 5.6")
        #expect(app.waitUntil(timeout: 8) { !app.isRunning }, "the end of the list quits")
        // The end of the first opened the second, which is the same video: its answer waited
        // until the end's handling returned, rather than being handled inside it.
        #expect(app.director.machineEvents.deepest == 1, "a machine's answer was handled inside another's")
    }

    @Test("a file of the command line that does not open makes the exit status 1, named, before or after the one that plays, however far the probe got")
    func failedFileSetsTheStatus() throws {
        for paths in [[Self.missing, Self.third], [Self.third, Self.missing]] {
            let app = try DirectorHarness(paths: paths)
            #expect(app.waitForPlayer("clock_4x3.mp4"))
            // Let the library's probe find the missing file first, as it may on a fast machine.
            #expect(app.waitUntil { app.director.catalog.entries.contains { $0.failure != nil } })
            try app.command("seek-to 5.6")
            #expect(app.waitUntil(timeout: 8) { !app.isRunning }, "\(paths)")
            let exit = app.director.exitStatus
            #expect(exit.status == 1, "\(paths): \(exit)")
            #expect(exit.lastLine?.contains(Self.missing) == true, "\(paths): \(exit)")
        }
    }

    @Test("--sub with a playlist: said at start, since it goes with one video; with one video it is not said")
    func subtitleFileWithAPlaylist() throws {
        let dir = try makeTemporaryDirectory("playlist-sub")
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = dir.appendingPathComponent("two.m3u")
        try "\(Self.third)\n\(Self.second)\n".write(to: list, atomically: true, encoding: .utf8)
        let app = try DirectorHarness(paths: [list.path]) { $0.subtitleFile = sample("sidecar.en.srt") }
        #expect(app.waitForPlayer("clock_4x3.mp4"))
        #expect(app.message?.contains("--sub goes with one video") == true, "\(app.message ?? "")")
        let single = try DirectorHarness(paths: [sample("sidecar.mp4")]) { $0.subtitleFile = sample("sidecar.en.srt") }
        #expect(single.waitForPlayer("sidecar.mp4"))
        #expect(single.message?.contains("--sub goes with one video") != true)
    }

    static let missing = "/no/such/file.mp4"

    @Test("--shuffle: the first file played is the first of the seed's order")
    func shuffledStart() throws {
        let paths = [Self.first, Self.second, Self.third]
        let seeds: [UInt64] = [1, 2, 3, 4]
        // Not all the list's own order: some seed starts elsewhere.
        #expect(seeds.contains { PlaylistShuffle.order(count: 3, seed: $0)[0] != 0 })
        for seed in seeds {
            let order = PlaylistShuffle.order(count: 3, seed: seed)
            let app = try DirectorHarness(paths: paths) { $0.shuffleSeed = seed }
            let name = (paths[order[0]] as NSString).lastPathComponent
            #expect(app.waitForPlayer(name), "seed \(seed): \(name) first")
            #expect(app.director.list.labels[paths[order[0]]] == "1/3")
        }
    }

    @Test("the library: a file chosen by hand goes on to the next of the library when it ends, and the last one stays")
    func libraryGoesOn() throws {
        // Listed by name, numbers by value: clock_4x3.mp4 (6 s), then clock_16x9_aac.mp4 (10 s).
        let app = try DirectorHarness(paths: [try libraryFolder([Self.first, Self.third])])
        #expect(app.waitUntil { app.director.catalog.entries.allSatisfy(\.isPlayable) })
        app.key("Enter")
        #expect(app.waitForPlayer("clock_4x3.mp4"))
        try app.command("seek-to 5.5")
        #expect(app.waitForPlayer("clock_16x9_aac.mp4", timeout: 5))
        #expect(app.director.list.labels[app.director.videos.fullScreen?.path ?? ""] == "2/2")
        try app.command("seek-to 9.5")
        #expect(app.waitUntil(timeout: 5) { app.director.videos.fullScreen?.snapshot.isFinished == true })
        app.run(for: 0.5)
        #expect(app.fullScreenVideo == "clock_16x9_aac.mp4" && app.front == .player && app.isRunning)
    }

    @Test("in the window: the next file takes the window where it is, with no animation, the library staying in front")
    func windowGoesOn() throws {
        let app = try DirectorHarness(paths: [try libraryFolder([Self.first, Self.third])])
        #expect(app.waitUntil { app.director.catalog.entries.allSatisfy(\.isPlayable) })
        app.key("Enter")
        #expect(app.waitForPlayer("clock_4x3.mp4"))
        app.key("p")
        #expect(app.waitForWindow())
        app.key("S-Up")  // moved by the user: the next file keeps the place
        #expect(app.waitForWindow())
        let frame = try #require(app.window?.layout.frame)
        app.key("Tab")
        try app.command("seek-to 5.5")
        #expect(app.waitUntil(timeout: 5) { app.windowVideo == "clock_16x9_aac.mp4" && app.director.videos.window?.current != nil })
        #expect(app.window?.isAnimating == false && app.window?.layout.frame == frame)
        #expect(app.front == .library && app.director.videos.fullScreen == nil)
        #expect(app.director.videos.window?.snapshot.isPlaying == true)
    }

    @Test("past the last file > says so and stays; Esc shows the list's files in the library")
    func lastFileAndLibrary() throws {
        let app = try DirectorHarness(paths: [Self.first, Self.second, Self.third])
        #expect(app.waitForPlayer("clock_16x9_aac.mp4"))
        app.key(">")
        #expect(app.waitForPlayer("long_gop.mp4"))
        app.key(">")
        #expect(app.waitForPlayer("clock_4x3.mp4"))
        #expect(app.director.list.labels[Self.third] == "3/3")
        app.key(">")
        #expect(app.message == "this is the last file of the list")
        #expect(app.fullScreenVideo == "clock_4x3.mp4" && app.director.videos.opening == nil)
        app.key("Esc")
        #expect(app.front == .library)
        let listed = DirectorResumeTests.libraryText(app)
        for name in ["clock_16x9_aac.mp4", "long_gop.mp4", "clock_4x3.mp4"] { #expect(listed.contains(name), "\(listed)") }
    }

    @Test("--no-advance: a file's end stays on its last frame, and the next does not open")
    func noAdvance() throws {
        let app = try DirectorHarness(paths: [Self.third, Self.first]) { $0.advances = false }
        #expect(app.waitForPlayer("clock_4x3.mp4"))
        try app.command("seek-to 5.6")
        #expect(app.waitUntil { app.director.videos.fullScreen?.snapshot.isFinished == true })
        app.run(for: 1)
        #expect(app.fullScreenVideo == "clock_4x3.mp4" && app.director.videos.opening == nil)
        #expect(app.director.videos.fullScreen?.current != nil, "the last frame stays on screen")
        #expect(app.front == .player && app.isRunning)
    }

    @Test("--loop-playlist: after the last file's end, the first again")
    func loopPlaylist() throws {
        let app = try DirectorHarness(paths: [Self.third, Self.first]) { $0.loopsPlaylist = true }
        #expect(app.waitForPlayer("clock_4x3.mp4"))
        try app.command("seek-to 5.6")
        #expect(app.waitForPlayer("clock_16x9_aac.mp4"))
        #expect(app.director.list.labels[Self.first] == "2/2")
        try app.command("seek-to 9.6")
        #expect(app.waitForPlayer("clock_4x3.mp4"))
        #expect(app.director.list.labels[Self.third] == "1/2")
        #expect(app.isRunning)
    }

    @Test("--start past the end of a file chosen in the library: it plays from its start, the bar saying why")
    func startPastTheEndInTheLibrary() throws {
        // Listed by name: clock_4x3.mp4 (6 s), then long_gop.mp4 (30 s), which --start 0:08 is within.
        let app = try DirectorHarness(paths: [try libraryFolder([Self.third, Self.second])]) { $0.start = .seconds(8) }
        #expect(app.waitUntil { app.director.catalog.entries.allSatisfy(\.isPlayable) })
        app.key("Enter")
        #expect(app.waitForPlayer("clock_4x3.mp4"))
        #expect(app.message == "--start 0:08 is past the end of clock_4x3.mp4 (0:06); playing from the start")
        #expect(try #require(app.time(of: app.director.videos.fullScreen)) < 1, "played from its start")
        #expect(app.isRunning && app.front == .player)
    }
}
