import Foundation
import PackagePlugin

/// Writes `BuildVersion.swift` (`buildVersion`, `buildCommit`: what `git describe` and the
/// commit say) into the build directory for the target that uses it, by running
/// scripts/version, so `inset --version` names what was built without a file in the tree that
/// each build would change. A build command whose inputs are git's own files (HEAD, the branch's
/// ref, packed-refs, the index, which a commit, a checkout and staging rewrite), so it runs again
/// when they change, even when SwiftPM does not plan the build again (a prebuild command runs
/// only then: after a commit that added no file, the version stayed the old one). The script
/// rewrites the file only when its text changes, so an unchanged tree recompiles nothing.
/// Offline, as the build is: git only; without git (a tarball), the script's fallback.
@main
struct VersionStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildVersion.swift")
        let package = context.package.directoryURL
        var environment: [String: String] = [:]
        if let path = ProcessInfo.processInfo.environment["PATH"] { environment["PATH"] = path }
        return [
            .buildCommand(
                displayName: "Stamping the version from git",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [package.appending(path: "scripts/version").path, "--swift", output.path],
                environment: environment,
                inputFiles: gitFiles(in: package) + [package.appending(path: "scripts/version")],
                outputFiles: [output]
            ),
        ]
    }

    /// The files of git's that change with the commit or the staged state of `package`, as
    /// paths git gives (a worktree's HEAD and index are in its own folder, refs in the common one).
    func gitFiles(in package: URL) -> [URL] {
        let branch = git(["rev-parse", "--symbolic-full-name", "HEAD"], in: package).first ?? "HEAD"
        let names = ["HEAD", "index", "packed-refs", branch == "HEAD" ? nil : branch].compactMap { $0 }
        let paths = git(["rev-parse"] + names.flatMap { ["--git-path", $0] }, in: package)
        return paths.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : package.appending(path: $0) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// `git ARGUMENTS` in `folder`, its output's lines; none when git is missing or fails.
    func git(_ arguments: [String], in folder: URL) -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return [] }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
