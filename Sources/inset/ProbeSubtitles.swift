import Foundation
import InsetCore
import InsetMedia

/// `inset probe movie.srt`: a subtitle file's facts, read as the player reads it (its
/// character set guessed, every cue decoded), so its parsing can be checked, and fuzzed,
/// without a terminal.
enum ProbeSubtitles {
    /// Whether `path` is named as a subtitle file (.srt, .vtt, .ass, .ssa).
    static func isSubtitleFile(_ path: String) -> Bool {
        SubtitleFileMatch.extensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// The report, text or JSON: codec, cue count, first start and last end, character set.
    static func report(_ path: String, json: Bool, allowance: InputAllowance = .webOnly) throws -> String {
        let (track, cues) = try SubtitleFile.load(path, id: -1, allowance: allowance)
        let first = cues.first?.start.seconds ?? 0
        let last = cues.map { ($0.end ?? $0.start).seconds }.max() ?? 0
        if json {
            let charset = track.charset.map { "\"\($0)\"" } ?? "null"
            return "{\"subtitles\":{\"codec\":\"\(track.codec)\",\"cues\":\(cues.count),"
                + "\"first\":\(String(format: "%.3f", first)),\"last\":\(String(format: "%.3f", last)),\"charset\":\(charset)}}\n"
        }
        return "subtitles: \(track.codec), \(cues.count) cues, \(String(format: "%.3f", first)) s to \(String(format: "%.3f", last)) s, "
            + "read as \(track.charset ?? "UTF-8")\n"
    }
}
