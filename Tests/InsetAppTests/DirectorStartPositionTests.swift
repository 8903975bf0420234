import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// `--start` in mpv's forms, through the director: counted back from the end, a share of the
/// file, a time past the start held at it; resolved when the file has opened (its duration).
@Suite("Director: --start's mpv forms", .serialized)
struct DirectorStartPositionTests {
    static let clip = sample("long_gop.mp4")  // 30 s

    /// Where the full-screen video is once it plays, started at `start`.
    static func startTime(_ start: RelativeTime) throws -> Double? {
        let app = try DirectorHarness(paths: [clip]) { options in
            options.start = start
            options.resumes = false
        }
        defer { _ = app.director.finish(at: app.now) }
        guard app.waitForPlayer() else { return nil }
        return app.director.videos.fullScreen.map { $0.snapshot.position.seconds }
    }

    @Test("--start=-10 starts 10 s before the end")
    func fromTheEnd() throws {
        let time = try #require(try Self.startTime(.fromEnd(.seconds(10))))
        #expect(abs(time - 20) < 1, "\(time)")
    }

    @Test("--start=50% starts half way")
    func share() throws {
        let time = try #require(try Self.startTime(.percent(50)))
        #expect(abs(time - 15) < 1, "\(time)")
    }

    @Test("--start=-90 on a 30 s file starts at its start, as mpv")
    func pastTheStart() throws {
        let time = try #require(try Self.startTime(.fromEnd(.seconds(90))))
        #expect(time < 1, "\(time)")
    }
}
