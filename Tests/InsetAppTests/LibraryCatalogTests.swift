import Foundation
import InsetCore
import Testing
@testable import InsetApp
@testable import InsetPlayback
import InsetMedia

@Suite("Library catalog: which files are listed, and what probing finds")
struct LibraryCatalogTests {
    /// A folder with one real video, bad files, files a directory scan must skip, and an
    /// audio-only file when ffmpeg is there to make one. Each test makes its own and
    /// removes it.
    static func makeFolder() -> (url: URL, hasAudioFile: Bool) {
        let dir = try! makeTemporaryDirectory("library")
        let fm = FileManager.default
        func file(_ name: String, _ data: Data) { _ = fm.createFile(atPath: dir.appendingPathComponent(name).path, contents: data) }
        let video = try! Data(contentsOf: URL(fileURLWithPath: sample("clock_4x3.mp4")))
        file("clock_4x3.mp4", video)
        file("empty.mp4", Data())
        file("notes.txt", Data(String(repeating: "Just some notes, not a video.\n", count: 50).utf8))
        file("readme.mkv", Data(String(repeating: "This is a text file with a video's name.\n", count: 50).utf8))
        file(".hidden.mp4", video)
        try! fm.createDirectory(at: dir.appendingPathComponent("sub.mp4"), withIntermediateDirectories: true)
        _ = fm.createFile(atPath: dir.appendingPathComponent("sub.mp4/inner.mp4").path, contents: video)
        let audio = runQuietly(["ffmpeg", "-v", "error", "-y", "-i", sample("clock_16x9_aac.mp4"), "-vn", "-c:a", "copy",
                                dir.appendingPathComponent("audio.m4a").path])
        return (dir, audio)
    }

    static func remove(_ folder: (url: URL, hasAudioFile: Bool)) {
        try? FileManager.default.removeItem(at: folder.url)
    }

    static func probed(_ paths: [String]) -> [LibraryEntry] {
        let catalog = LibraryCatalog(paths: paths)
        defer { catalog.stop() }
        catalog.startProbing()
        #expect(eventually(timeout: 10) { !catalog.isProbing }, "probing did not finish")
        return catalog.entries
    }

    @Test("a directory lists its media files by name: no hidden files, no subdirectories, no .txt")
    func directoryListing() throws {
        let folder = Self.makeFolder()
        defer { Self.remove(folder) }
        let catalog = LibraryCatalog(paths: [folder.url.path])
        let names = catalog.entries.map(\.name)
        let expected = (folder.hasAudioFile ? ["audio.m4a"] : []) + ["clock_4x3.mp4", "empty.mp4", "readme.mkv"]
        #expect(names == expected)
        #expect(catalog.entries.allSatisfy { $0.isProbing })
        #expect(catalog.entries.map(\.path) == expected.map { folder.url.appendingPathComponent($0).path })
        let clock = try #require(catalog.entries.first { $0.name == "clock_4x3.mp4" })
        #expect(clock.fileSize == 36861)
        #expect(catalog.entries.first { $0.name == "empty.mp4" }?.fileSize == 0)
        #expect(catalog.takeChanges() == false, "nothing probed yet")
    }

    @Test("probing completes, in the background, with the right states and reasons")
    func probing() throws {
        let folder = Self.makeFolder()
        defer { Self.remove(folder) }
        let catalog = LibraryCatalog(paths: [folder.url.path])
        defer { catalog.stop() }
        catalog.startProbing()
        // The worker goes in list order: what is probed is always a prefix of the list.
        var sawChange = false
        var outOfOrder: [Bool]?
        let finished = eventually(timeout: 10) {
            sawChange = catalog.takeChanges() || sawChange
            let states = catalog.entries.map(\.isProbing)
            if states != states.sorted(by: { !$0 && $1 }) { outOfOrder = states }
            return !catalog.isProbing
        }
        #expect(finished)
        #expect(outOfOrder == nil, "probed out of order")
        #expect(sawChange || catalog.takeChanges())
        #expect(catalog.takeChanges() == false, "changes are taken once")

        let entries = Dictionary(uniqueKeysWithValues: catalog.entries.map { ($0.name, $0) })
        let clock = try #require(entries["clock_4x3.mp4"])
        let info = try #require(clock.info)
        #expect(clock.isPlayable && clock.unplayableReason == nil)
        #expect(info.duration == .seconds(6))
        #expect(info.video?.codec == "h264" && info.video?.width == 320 && info.video?.height == 240)

        let empty = try #require(entries["empty.mp4"])
        #expect(empty.failure?.reason == "not a media file (the file is empty)")
        #expect(!empty.isPlayable)
        let readme = try #require(entries["readme.mkv"])
        #expect(readme.failure?.reason.hasPrefix("not a media file (") == true, "\(readme.state)")
        #expect(readme.unplayableReason?.hasPrefix("readme.mkv: not a media file") == true)

        if folder.hasAudioFile {
            let audio = try #require(entries["audio.m4a"])
            #expect(audio.info != nil && audio.isAudioOnly && audio.isPlayable && !audio.hasPicture)
            #expect(audio.unplayableReason == nil, "sound-only files play with a title screen")
        }
    }

    @Test("paths given one by one are listed as given, whatever their name, and never dropped")
    func explicitPaths() throws {
        let folder = Self.makeFolder()
        defer { Self.remove(folder) }
        func path(_ name: String) -> String { folder.url.appendingPathComponent(name).path }
        let paths = [path("notes.txt"), sample("clock_4x3.mp4"), path("missing.mp4"), "-", path(".hidden.mp4")]
        let entries = Self.probed(paths)
        #expect(entries.map(\.name) == ["notes.txt", "clock_4x3.mp4", "missing.mp4", "standard input", ".hidden.mp4"])
        #expect(entries[0].failure?.reason.hasPrefix("not a media file") == true)
        #expect(entries[0].fileSize == 1500)
        #expect(entries[1].isPlayable)
        #expect(entries[2].failure?.reason == "no such file")
        #expect(entries[2].fileSize == nil)
        #expect(entries[3].failure != nil && !entries[3].isPlayable)
        #expect(entries[4].isPlayable, "a hidden file given by name is listed")
    }

    @Test("stop() ends the worker before the list is done, and waits for it")
    func stopEarly() {
        let catalog = LibraryCatalog(paths: Array(repeating: sample("clock_16x9_aac.mp4"), count: 200))
        catalog.startProbing()
        catalog.stop()
        let afterStop = catalog.entries
        #expect(afterStop.contains { $0.isProbing }, "200 files probed before stop() returned?")
        #expect(!catalog.isProbing, "a stopped catalog probes no more")
        Thread.sleep(forTimeInterval: 0.2)
        #expect(catalog.entries == afterStop, "the worker went on after stop()")
        catalog.stop()
        catalog.startProbing()
        Thread.sleep(forTimeInterval: 0.1)
        #expect(catalog.entries == afterStop, "startProbing() after stop() does nothing")
    }

    @Test("a file left to the player is not probed; the player's result fills its entry in")
    func leftToPlayer() throws {
        let played = sample("clock_4x3.mp4"), other = sample("long_gop.mp4")
        let catalog = LibraryCatalog(paths: [played, other])
        defer { catalog.stop() }
        catalog.leaveToPlayer(played)
        catalog.startProbing()
        #expect(eventually(timeout: 10) { !catalog.isProbing }, "the other file was not probed")
        #expect(catalog.entries[0].isProbing, "the catalog opened the player's file as well")
        #expect(catalog.entries[1].isPlayable)
        catalog.record(.interrupted(path: played), for: played)
        #expect(catalog.entries[0].failure != nil, "the player's failure is the entry's reason")
    }

    @Test("a file claimed while the library probes it is let go of first, left to the player, and probed again when released")
    func claimedWhileProbing() throws {
        let files = (0..<6).map { _ in sample("clock_4x3.mp4") } + [sample("long_gop.mp4")]
        let claimed = files.last!
        let catalog = LibraryCatalog(paths: files)
        defer { catalog.stop() }
        catalog.startProbing()
        // From another thread, as the opener does; it returns only once no probe has the file open.
        catalog.claim(claimed)
        #expect(eventually(timeout: 10) { !catalog.isProbing }, "the other files were not probed")
        #expect(catalog.entries.last!.isProbing, "the catalog filled in a file the player claimed")
        #expect(catalog.entries.dropLast().allSatisfy { $0.isPlayable })
        catalog.release(claimed)
        #expect(eventually(timeout: 10) { catalog.entries.last!.isPlayable }, "a released file was not probed again")
    }

    @Test("names sort case-insensitively with numbers by value")
    func nameOrder() {
        let names = ["ep10.mp4", "Ep2.mp4", "ep1.mp4", "b.mkv", "A.mp4", "a.mp4"]
        #expect(names.sorted(by: LibraryCatalog.nameOrder) == ["A.mp4", "a.mp4", "b.mkv", "ep1.mp4", "Ep2.mp4", "ep10.mp4"])
    }

    @Test("the directory rule: media extensions in any case, no hidden names", arguments: [
        ("movie.MP4", true), ("clip.webm", true), ("song.flac", true), ("anim.gif", true), ("x.m2ts", true),
        (".movie.mp4", false), ("notes.txt", false), ("README", false), ("archive.mp4.zip", false),
    ])
    func directoryRule(name: String, listed: Bool) {
        #expect(LibraryCatalog.isListedInDirectory(name) == listed)
    }

    @Test("an unreadable directory is listed itself, with the reason")
    func unreadableDirectory() throws {
        let dir = try makeTemporaryDirectory("locked")
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: dir.path)
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.path)
            try? FileManager.default.removeItem(at: dir)
        }
        let entries = LibraryCatalog(paths: [dir.path]).entries
        if getuid() == 0 {
            #expect(entries.isEmpty, "root reads any directory: an empty one lists nothing")
        } else {
            #expect(entries.count == 1 && entries.first?.failure?.reason == "permission denied")
        }
    }
}
