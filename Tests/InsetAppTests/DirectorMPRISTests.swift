import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// What MPRIS reads of the director and the one thing it asks beside commands (OpenUri),
/// with no terminal and no bus: the mapping itself is InsetMPRISTests', the bus end to end.
@Suite("Director: what MPRIS reads and opens", .serialized)
struct DirectorMPRISTests {
    @Test("the status says which entry of the list plays and whether one comes after or before it")
    func listNeighbours() throws {
        let app = try DirectorHarness(paths: [sample("clock_4x3.mp4"), sample("long_gop.mp4")])
        #expect(app.waitForPlayer("clock_4x3.mp4"))
        let first = try #require(app.director.controlledVideoStatus(at: app.now))
        #expect(first.entry == 0 && first.hasNext && !first.hasPrevious)
        #expect(first.start == .zero && first.canSeek)
        // Untimed, the harness plays without a sound device: no volume to show.
        #expect(first.volume == nil)
        try app.command("playlist next")
        #expect(app.waitForPlayer("long_gop.mp4"))
        let second = try #require(app.director.controlledVideoStatus(at: app.now))
        #expect(second.entry == 1 && !second.hasNext && second.hasPrevious)
        // Asking did not move the list: `<` still goes back to the first.
        try app.command("playlist previous")
        #expect(app.waitForPlayer("clock_4x3.mp4"))
    }

    @Test("a file from outside (OpenUri) is listed after the entries and plays full screen; one already listed is not listed again")
    func openFromOutside() throws {
        let app = try DirectorHarness(paths: [sample("clock_4x3.mp4")])
        #expect(app.waitForPlayer("clock_4x3.mp4"))
        let (outcome, _) = app.director.openFromOutside(sample("scope_239.mp4"), at: app.now)
        #expect(outcome == .done)
        #expect(app.waitForPlayer("scope_239.mp4"))
        #expect(app.director.catalog.count == 2)
        let status = try #require(app.director.controlledVideoStatus(at: app.now))
        #expect(status.entry == 1 && status.hasPrevious && !status.hasNext)
        _ = app.director.openFromOutside(sample("clock_4x3.mp4"), at: app.now)
        #expect(app.waitForPlayer("clock_4x3.mp4"))
        #expect(app.director.catalog.count == 2)
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("inset-empty-\(UUID().uuidString.prefix(6))")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(app.director.openFromOutside(empty.path, at: app.now).0 == .refused("nothing to play in \(empty.path)"))
    }
}
