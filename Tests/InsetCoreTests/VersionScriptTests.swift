import Foundation
import Testing

/// Issue 46: the version `inset --version` prints and the packages are named by, from git
/// (scripts/version, which the VersionStamp plugin runs before each build). Each case runs the
/// script itself in a repository of its own making, or in a copy with no git at all.
@Suite("scripts/version: the version from git, a tarball's, and Debian's spelling (issue 46)")
struct VersionScriptTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Runs `arguments` in `directory` with git's discovery stopped above it, so a scratch
    /// folder inside some other repository is not taken for part of it; stdout, trimmed.
    @discardableResult
    static func run(_ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CEILING_DIRECTORIES"] = directory.deletingLastPathComponent().path
        for key in ["GIT_AUTHOR_NAME", "GIT_COMMITTER_NAME"] { environment[key] = "Inset test" }
        for key in ["GIT_AUTHOR_EMAIL", "GIT_COMMITTER_EMAIL"] { environment[key] = "test@localhost" }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(arguments) exited \(process.terminationStatus)"])
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A scratch folder holding a copy of scripts/version (and the archive stamp, unfilled).
    static func scratchWithScript() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("version-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        for name in ["version", "version-archive"] {
            try FileManager.default.copyItem(at: root.appendingPathComponent("scripts/\(name)"),
                                             to: folder.appendingPathComponent("scripts/\(name)"))
        }
        return folder
    }

    static func matches(_ text: String, _ pattern: String) -> Bool {
        text.range(of: "^\(pattern)$", options: .regularExpression) != nil
    }

    @Test("after a tag: what git describe says, without the v; Debian's form sorts after the tag; -dirty when edited")
    func taggedRepository() throws {
        let repository = try Self.scratchWithScript()
        defer { try? FileManager.default.removeItem(at: repository) }
        try Self.run(["git", "init", "-q"], in: repository)
        try Self.run(["git", "add", "scripts"], in: repository)
        try Self.run(["git", "commit", "-q", "-m", "first"], in: repository)
        try Self.run(["git", "tag", "v0.2.0"], in: repository)
        #expect(try Self.run(["sh", "scripts/version"], in: repository) == "0.2.0")
        for number in 1...3 { try Self.run(["git", "commit", "-q", "--allow-empty", "-m", "\(number)"], in: repository) }
        let head = try Self.run(["git", "rev-parse", "HEAD"], in: repository)
        let version = try Self.run(["sh", "scripts/version"], in: repository)
        #expect(version == "0.2.0-3-g\(head.prefix(7))")
        #expect(try Self.run(["sh", "scripts/version", "--debian"], in: repository) == "0.2.0+3.g\(head.prefix(7))")
        #expect(try Self.run(["sh", "scripts/version", "--commit"], in: repository) == head)
        try "edited\n".write(to: repository.appendingPathComponent("scripts/version-archive"), atomically: true, encoding: .utf8)
        #expect(try Self.run(["sh", "scripts/version"], in: repository) == version + "-dirty")
        #expect(try Self.run(["sh", "scripts/version", "--debian"], in: repository).hasSuffix(".g\(head.prefix(7)).dirty"))
    }

    @Test("before any tag: the base version and the commit, as describe would put them after a tag")
    func untaggedRepository() throws {
        let repository = try Self.scratchWithScript()
        defer { try? FileManager.default.removeItem(at: repository) }
        try Self.run(["git", "init", "-q"], in: repository)
        try Self.run(["git", "add", "scripts"], in: repository)
        try Self.run(["git", "commit", "-q", "-m", "first"], in: repository)
        let head = try Self.run(["git", "rev-parse", "HEAD"], in: repository)
        #expect(try Self.run(["sh", "scripts/version"], in: repository) == "0.1.0-g\(head.prefix(7))")
        #expect(try Self.run(["sh", "scripts/version", "--debian"], in: repository) == "0.1.0+g\(head.prefix(7))")
    }

    @Test("no git, no filled-in stamp: the base version and an unknown commit")
    func noGit() throws {
        let copy = try Self.scratchWithScript()
        defer { try? FileManager.default.removeItem(at: copy) }
        #expect(try Self.run(["sh", "scripts/version"], in: copy) == "0.1.0")
        #expect(try Self.run(["sh", "scripts/version", "--commit"], in: copy) == "unknown")
    }

    @Test("a source tarball from git archive names its commit (export-subst fills scripts/version-archive)")
    func archive() throws {
        guard FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(".git").path) else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("version-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tarball = folder.appendingPathComponent("source.tar").path
        try Self.run(["git", "-C", Self.root.path, "archive", "-o", tarball, "HEAD", "scripts/version", "scripts/version-archive"], in: folder)
        try Self.run(["tar", "-xf", tarball], in: folder)
        let head = try Self.run(["git", "-C", Self.root.path, "rev-parse", "HEAD"], in: folder)
        #expect(try Self.run(["sh", "scripts/version", "--commit"], in: folder) == head)
        let inTree = try Self.run(["sh", Self.root.appendingPathComponent("scripts/version").path], in: folder)
        #expect(try Self.run(["sh", "scripts/version"], in: folder) == inTree.replacingOccurrences(of: "-dirty", with: ""))
    }

    @Test("the Swift file is rewritten only when its text changes, so an unchanged tree recompiles nothing")
    func swiftFileKeptWhenUnchanged() throws {
        let copy = try Self.scratchWithScript()
        defer { try? FileManager.default.removeItem(at: copy) }
        let file = copy.appendingPathComponent("out/BuildVersion.swift")
        try Self.run(["sh", "scripts/version", "--swift", file.path], in: copy)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("let buildVersion = \"0.1.0\"") && text.contains("let buildCommit = \"unknown\""))
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: file.path)
        try Self.run(["sh", "scripts/version", "--swift", file.path], in: copy)
        let kept = try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date
        #expect(kept == old)
        try "let buildVersion = \"stale\"\n".write(to: file, atomically: true, encoding: .utf8)
        try Self.run(["sh", "scripts/version", "--swift", file.path], in: copy)
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }
}
