import ArgumentParser
import Foundation
import InsetApp
import InsetMedia

struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the facts of a media file: container, duration, streams.")

    @Argument(help: "A file, - for standard input, or a URL FFmpeg can open; a subtitle file (.srt, .vtt, .ass) is read cue by cue.")
    var path: String

    @Flag(help: "Print the facts as JSON, for scripts.")
    var json = false

    func run() throws {
        if ProbeSubtitles.isSubtitleFile(path) {
            do { print(try ProbeSubtitles.report(path, json: json, allowance: InputAllowance(named: [path])), terminator: "") } catch let error as MediaError {
                throw CommandFailure(error.description)
            }
            return
        }
        let info: MediaInfo
        do {
            info = try MediaSource.openWaiting(path: path, allowance: InputAllowance(named: [path])).info
        } catch let error as MediaError {
            throw CommandFailure(error.description)
        }
        if json { Output.json(try ProbeReport.json(info)) } else { Output.lines(ProbeReport.text(info)) }
    }
}
