import Foundation
import InsetCore
import InsetRender
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Where a file was left, through the director: kept when its video stops, the next play
/// starting there with a notice, `--start` and `--no-resume` winning, the end forgetting.
@Suite("Director: resume", .serialized)
struct DirectorResumeTests {
    static let clip = sample("long_gop.mp4")  // 30 s

    /// A director playing `clip` whose positions go to `state`.
    static func player(_ state: URL, path: String = clip, configure: (inout AppOptions) -> Void = { _ in }) throws -> DirectorHarness {
        try DirectorHarness(paths: [path]) { options in
            options.resumeStore = ResumeStore(directory: state.path)
            configure(&options)
        }
    }

    /// Plays `clip`, goes to `time` and stops the player as quitting does.
    static func stop(at time: String, _ state: URL, path: String = clip) throws {
        let app = try player(state, path: path)
        #expect(app.waitForPlayer())
        try app.command("seek-to \(time)")
        #expect(app.waitUntil { app.director.videos.fullScreen.map { abs($0.snapshot.position.seconds - (Double(time) ?? 0)) < 0.5 } == true })
        _ = app.director.finish(at: app.now)
    }

    static func startTime(_ app: DirectorHarness) -> Double? {
        guard app.waitForPlayer() else { return nil }
        return app.director.videos.fullScreen.map { $0.snapshot.position.seconds }
    }

    @Test("stopped at 12 s, the next play starts at 12 s and says so; the file is in the state directory")
    func resumes() throws {
        let state = try makeTemporaryDirectory("resume")
        try Self.stop(at: "12", state)
        let text = try String(contentsOfFile: state.appendingPathComponent("positions").path, encoding: .utf8)
        let entry = try #require(ResumePositions.parse(text).positions.entries.first)
        #expect(entry.key.path == Self.clip && abs(entry.position.seconds - 12) < 0.5, "\(text)")
        let app = try Self.player(state)
        let start = try #require(Self.startTime(app))
        #expect(abs(start - 12) < 1, "started at \(start)")
        #expect(app.message == "resumed at 0:12")
    }

    @Test("the viewing history is the user's alone: the file 0600 and its folder 0700, an older one closed too")
    func privateFiles() throws {
        let parent = try makeTemporaryDirectory("resume")
        let state = parent.appendingPathComponent("inset")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try Self.stop(at: "12", state)
        func mode(_ url: URL) -> Int { (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? -1 }
        #expect(mode(state) == 0o700)
        #expect(mode(state.appendingPathComponent("positions")) == 0o600)
    }

    @Test("--no-resume and --start win over the position kept")
    func overrides() throws {
        let state = try makeTemporaryDirectory("resume")
        try Self.stop(at: "12", state)
        let fresh = try Self.player(state) { $0.resumes = false }
        #expect(try #require(Self.startTime(fresh)) < 1)
        #expect(fresh.message != "resumed at 0:12")
        _ = fresh.director.finish(at: fresh.now)
        // `--no-resume` still keeps where this play stopped (near 0: forgotten); start again.
        try Self.stop(at: "12", state)
        let asked = try Self.player(state) { $0.start = .seconds(5) }
        #expect(abs(try #require(Self.startTime(asked)) - 5) < 1)
    }

    @Test("stopped within the last seconds, the file starts from 0 next time and its entry is gone")
    func watchedToTheEnd() throws {
        let state = try makeTemporaryDirectory("resume")
        try Self.stop(at: "12", state)
        try Self.stop(at: "29", state)  // 1 s from the end of 30 (the margin there is 5% of it, 1.5 s)
        let text = try String(contentsOfFile: state.appendingPathComponent("positions").path, encoding: .utf8)
        #expect(!text.contains("long_gop.mp4"), "\(text)")
        let app = try Self.player(state)
        #expect(try #require(Self.startTime(app)) < 1)
    }

    @Test("a broken state file is ignored, and written whole again at the next stop")
    func brokenFile() throws {
        let state = try makeTemporaryDirectory("resume")
        let file = state.appendingPathComponent("positions")
        try Data([0xff, 0xfe, 0x00, 0x41, 0x0a]).write(to: file)
        let app = try Self.player(state)
        #expect(try #require(Self.startTime(app)) < 1)
        _ = app.director.finish(at: app.now)
        try Self.stop(at: "12", state)
        let (positions, rejected) = ResumePositions.parse(try String(contentsOf: file, encoding: .utf8))
        #expect(rejected == 0 && positions.entries.count == 1)
        // No temporary file is left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path) == ["positions"])
    }

    /// The library's rows as text, as they would be painted.
    static func libraryText(_ app: DirectorHarness) -> String {
        var planes: [Plane] = []
        app.director.panes.library.draw(into: &planes, focused: true, at: app.now)
        return planes.first?.grid.description ?? ""
    }

    @Test("the library shows how far each file was watched, at start and after a video stops")
    func libraryShowsWatched() throws {
        let state = try makeTemporaryDirectory("resume")
        // Listed by name: clock_16x9_aac.mp4, then long_gop.mp4.
        let library = try libraryFolder([Self.clip, sample("clock_16x9_aac.mp4")])
        try Self.stop(at: "12", state, path: library + "/long_gop.mp4")  // 12 of 30 s: 40%
        let app = try DirectorHarness(paths: [library]) { $0.resumeStore = ResumeStore(directory: state.path) }
        #expect(app.waitUntil { app.director.catalog.entries.allSatisfy(\.isPlayable) })
        let before = Self.libraryText(app)
        #expect(before.contains("Watched"))
        let rows = before.split(separator: "\n")
        #expect(rows.first { $0.contains("long_gop.mp4") }?.contains("40%") == true, "\(before)")
        #expect(rows.first { $0.contains("clock_16x9_aac.mp4") }?.contains("%") == false, "\(before)")
        // The other file played to 5 s of 10 and replaced by the first: it shows 50%.
        app.key("Enter")
        #expect(app.waitForPlayer("clock_16x9_aac.mp4"))
        try app.command("seek-to 5")
        #expect(app.waitUntil { abs((app.time(of: app.director.videos.fullScreen) ?? 0) - 5) < 0.3 })
        app.key("Esc")
        app.keys("Down", "Enter")
        #expect(app.waitForPlayer("long_gop.mp4"))
        let after = Self.libraryText(app).split(separator: "\n")
        #expect(after.first { $0.contains("clock_16x9_aac.mp4") }?.contains("50%") == true, "\(after)")
    }

    @Test("only local regular files are remembered: not standard input, a URL, a pipe or a folder")
    func whatIsKept() throws {
        let dir = try makeTemporaryDirectory("resume-keys")
        let fifo = dir.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(ResumeStore.key(for: "-") == nil)
        #expect(ResumeStore.key(for: "https://example.com/a.mp4") == nil)
        #expect(ResumeStore.key(for: fifo) == nil)
        #expect(ResumeStore.key(for: dir.path) == nil)
        let key = try #require(ResumeStore.key(for: Self.clip))
        #expect(key.path == Self.clip && key.size > 0)
        // A path with `..` in it is kept by the plain one, so either names the same file.
        let file = dir.appendingPathComponent("clip.mp4").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data([1, 2, 3])))
        let roundabout = dir.path + "/../" + dir.lastPathComponent + "/./clip.mp4"
        #expect(ResumeStore.key(for: roundabout) == ResumeStore.key(for: file))
        #expect(ResumeStore.key(for: roundabout)?.path == file)
    }

    @Test("the state directory: XDG_STATE_HOME when absolute, else ~/.local/state")
    func directory() {
        #expect(ResumeStore.standard(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])?.directory == "/s/inset")
        #expect(ResumeStore.standard(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"])?.directory == "/h/.local/state/inset")
        #expect(ResumeStore.standard(environment: ["HOME": "/h"])?.file == "/h/.local/state/inset/positions")
        #expect(ResumeStore.standard(environment: [:]) == nil)
    }
}
