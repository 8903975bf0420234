import Foundation
import PackagePlugin

/// Writes `BuildVersion.swift` (`buildVersion`, `buildCommit`: what `git describe` and the
/// commit say) into the build directory before every build of the target that uses it, by
/// running scripts/version, so `inset --version` names what was built without a file in
/// the tree that each build would change. A prebuild command, since the version follows
/// git, which no input file of the build names; the script rewrites the file only when its
/// text changes, so an unchanged tree recompiles nothing. Offline, as the build is: git only.
@main
struct VersionStamp: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        let script = context.package.directoryURL.appending(path: "scripts/version")
        var environment: [String: String] = [:]
        if let path = ProcessInfo.processInfo.environment["PATH"] { environment["PATH"] = path }
        return [
            .prebuildCommand(
                displayName: "Stamping the version from git",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path, "--swift", output.appending(path: "BuildVersion.swift").path],
                environment: environment,
                outputFilesDirectory: output
            ),
        ]
    }
}
