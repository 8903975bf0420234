import ArgumentParser
import Foundation
import InsetApp
import InsetConfig
import InsetScripts
import InsetSites
import InsetTerminal

/// `inset doctor` (issue 46): one screen of what this machine and terminal offer and what
/// is missing, each missing thing with how to fix it; plain text, safe to paste into a bug
/// report. The wording of each line is `DoctorFindings`' (unit-tested); here the facts are
/// gathered: the terminal asked last, and the report printed while its echo is still off,
/// as `probe-terminal` does, so a late reply cannot land among the lines.
struct Doctor: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "doctor",
        abstract: "What this machine and terminal offer (pictures, colours, sound, yt-dlp, MPRIS, config, scripts, libraries), and what is missing.")

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        var machine = [DoctorMachine.sound(),
                       DoctorFindings.ytdlp(version: Ytdlp().installedVersion(), today: Date()),
                       DoctorMachine.mpris(), Doctor.config(environment: environment)]
        let folder = ScriptSettings.configFolder(environment: environment)
        let scripts = ScriptSources.paths(given: [], configFolder: folder, loadFolder: true)
        machine.append(DoctorFindings.scripts(paths: scripts.paths, skipped: scripts.skipped.count))
        machine += DoctorMachine.libraries()
        let colours = DoctorFindings.colours(TerminfoColors.detect(fd: STDOUT_FILENO, environment: environment), environment: environment)
        do {
            try TerminalProbe.probeControllingTerminal(environment: environment) { outcome in
                Output.lines(DoctorReport.text(DoctorFindings.terminal(outcome) + [colours] + machine))
            }
        } catch {
            Output.lines(DoctorReport.text(DoctorFindings.terminal(nil) + [colours] + machine))
        }
    }

    /// The default config file (`--config` is the play command's), read as the player reads it.
    static func config(environment: [String: String]) -> DoctorLine {
        let path = ConfigFile.defaultPath(environment: environment)
        let exists = path.map { FileManager.default.fileExists(atPath: $0) } ?? false
        let problems = path.map { ConfigFile.load(path: $0, required: false).problems } ?? []
        return DoctorFindings.config(path: path, exists: exists, problems: problems.map { ($0.line, $0.message) },
                                     home: environment["HOME"])
    }
}
