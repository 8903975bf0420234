import Foundation
import InsetCore
import Testing
@testable import InsetApp

@Suite("inset with no file: the folder's library, else the usage screen")
struct NoFileGivenTests {
    func folder(_ names: [String]) throws -> URL {
        let dir = try makeTemporaryDirectory("nofile")
        for name in names { _ = FileManager.default.createFile(atPath: dir.appendingPathComponent(name).path, contents: Data("x".utf8)) }
        return dir
    }

    @Test("a folder with a media file opens as the library, whatever the file holds (the library says why it cannot play)")
    func mediaFolder() throws {
        let dir = try folder(["notes.txt", "Holiday.MKV"])
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(NoFileGiven.choice(folder: dir.path) == .library(dir.path))
    }

    @Test("an empty folder, one of other files, a hidden video only, or one that cannot be read: the usage screen",
          arguments: [[], ["notes.txt", "a.srt"], [".hidden.mp4"]])
    func noMedia(_ names: [String]) throws {
        let dir = try folder(names)
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(NoFileGiven.choice(folder: dir.path) == .usage)
        #expect(NoFileGiven.choice(folder: dir.appendingPathComponent("missing").path) == .usage)
    }

    @Test("the usage screen: what to type, ten keys as the default bindings say, the manual; nothing about samples")
    func usage() {
        let text = NoFileGiven.usage
        #expect(text.contains("inset movie.mkv") && text.contains("man inset") && text.contains("inset --help"))
        #expect(!text.lowercased().contains("sample"))
        let keys = NoFileGiven.keyLines()
        #expect(keys.count == 10, "\(keys)")
        #expect(keys.contains { $0.hasPrefix("  Space") && $0.hasSuffix(Command.pause(nil).help) })
        #expect(keys.contains { $0.hasPrefix("  q ") && $0.hasSuffix("quit") })
        #expect(text.split(separator: "\n").count <= 24, "one screen")
    }

    @Test("a key the bindings no longer have is left out, not described from memory")
    func unboundKey() throws {
        var bindings = KeyBindings.defaults
        let press = try #require(KeyBindings.Trigger(name: "m"))
        for context in KeyBindings.Context.allCases { bindings.bind(press, to: nil, in: context) }
        let keys = NoFileGiven.keyLines(bindings)
        #expect(keys.count == 9 && !keys.contains { $0.hasPrefix("  m ") })
    }
}
