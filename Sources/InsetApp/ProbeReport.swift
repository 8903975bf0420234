import Foundation
import InsetCore
import InsetMedia

/// `inset probe`: the facts of one file, as a screen of text or as JSON for scripts.
public enum ProbeReport {
    public static func text(_ info: MediaInfo) -> String {
        var lines: [String] = []
        func row(_ name: String, _ value: String) { lines.append(name.padding(toLength: 14, withPad: " ", startingAt: 0) + value) }
        row("file", info.path)
        row("container", info.containerLongName.isEmpty ? info.container : "\(info.container) (\(info.containerLongName))")
        if info.isStillImage {
            row("duration", "none (a still picture)")
        } else {
            row("duration", info.duration.map { "\($0.clockString) (\(String(format: "%.3f", $0.seconds)) s)" } ?? "live (no known end)")
        }
        if let cut = info.truncation {
            row("cut short", "\(cut.percentPresent)% of the data is there; plays to \(cut.playable.clockString) "
                + "(\(String(format: "%.3f", cut.playable.seconds)) s)")
        }
        if let tags = info.tags {
            // The tags as written (the details pane escapes what it shows).
            if let artist = tags.artist { row("artist", artist) }
            if let title = tags.title { row("title", title) }
            if let album = tags.album { row("album", album) }
            if let track = tags.track { row("track", track) }
            if let date = tags.date { row("date", date) }
        }
        if info.startMicroseconds != 0 { row("start", String(format: "%.3f s", info.start.seconds)) }
        if let size = info.fileSize { row("size", byteCount(size)) }
        if let rate = info.bitRate { row("bit rate", "\(rate / 1000) kb/s") }
        if let v = info.video {
            lines.append(v.isAttachedPicture ? "cover picture #\(v.index)" : "video stream #\(v.index)")
            row("  codec", v.codecLongName.isEmpty ? v.codec : "\(v.codec) (\(v.codecLongName))")
            row("  size", "\(v.width)x\(v.height)")
            let dar = Letterbox.displayAspect(coded: v.codedSize, sampleAspect: v.sampleAspect, rotation: .none)
            row("  aspect", "SAR \(v.sampleAspect), DAR \(String(format: "%.3f", dar)):1")
            row("  rotation", v.rotationDegrees == 0 ? "none" : "\(v.rotationDegrees)° clockwise")
            if !v.isAttachedPicture, let fps = v.frameRate.value { row("  frame rate", String(format: "%.3f fps", fps) + " (\(v.frameRate.numerator)/\(v.frameRate.denominator))") }
            row("  pixels", v.pixelFormat)
            if let n = v.frameCount { row("  frames", "\(n)") }
        } else {
            lines.append("video         none")
        }
        if let a = info.audio {
            lines.append("audio stream #\(a.index)")
            row("  codec", a.codecLongName.isEmpty ? a.codec : "\(a.codec) (\(a.codecLongName))")
            row("  layout", "\(a.layout), \(a.channels) channel\(a.channels == 1 ? "" : "s")")
            row("  rate", "\(a.sampleRate) Hz, \(a.sampleFormat)")
            if info.audioTracks.count > 1 {
                lines.append("audio tracks  \(info.audioTracks.count) (a cycles them; --audio-lang chooses)")
                for (number, track) in info.audioTracks.enumerated() {
                    let chosen = track.stream.index == a.index ? " (played)" : ""
                    lines.append("  \(number + 1)  #\(track.stream.index) \(track.label): \(track.stream.codec), "
                                 + "\(track.stream.layout), \(track.stream.sampleRate) Hz\(chosen)")
                }
            }
        } else {
            lines.append("audio         none")
        }
        if !info.subtitleTracks.isEmpty {
            lines.append("subtitles     \(info.subtitleTracks.count) (c cycles them; --sub-lang chooses)")
            for (number, track) in info.subtitleTracks.enumerated() {
                let facts = [track.codec, track.language ?? "no language", track.title.map(PrintableText.escaped)]
                    .compactMap { $0 }.joined(separator: ", ")
                lines.append("  \(number + 1)  #\(track.index) \(PrintableText.escaped(track.label)): \(facts)"
                             + (track.decodable ? "" : " (cannot be decoded)"))
            }
        }
        if !info.chapters.isEmpty {
            lines.append("chapters      \(info.chapters.count) (PgUp / PgDn in the player)")
            for (number, chapter) in info.chapters.enumerated() {
                let span = "\(chapter.start.preciseClockString) - \(chapter.end.preciseClockString)"
                lines.append("  \(number + 1)  \(span)" + (chapter.title.map { "  \(PrintableText.escaped($0))" } ?? ""))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    public static func json(_ info: MediaInfo) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(info), as: UTF8.self) + "\n"
    }

    static func byteCount(_ bytes: Int64) -> String {
        let units = ["B", "KB", "MB", "GB", "TB"]
        var value = Double(bytes), unit = 0
        while value >= 1000 && unit < units.count - 1 { value /= 1000; unit += 1 }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f %@", value, units[unit])
    }
}
