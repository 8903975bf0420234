import Foundation
import InsetCore
import InsetFuzzing
import InsetSites

extension FuzzTarget {
    /// yt-dlp's answer through the code the player reads it with (`SiteJSON.read`) and
    /// chooses from (`FormatChoice` at several sizes, `SiteListLineage`), in process. A
    /// crash (a trap on a number) is a failure, and so is any answer read into something
    /// the player must never get: a format or entry it would open that is not http(s) (or
    /// `ytdl://` for a page), a size out of bounds, a header with a line break, more entries,
    /// formats, subtitles or chapters than are kept. `--replay FILE` checks a kept input.
    static let ytdlpJSON = FuzzTarget(
        name: "ytdlp-json",
        summary: "yt-dlp's JSON (formats, entries, subtitles, headers, numbers) read and chosen from as the player does"
    ) { index, options in
        if let path = options.extra["--replay"] {
            let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
            return FuzzCase(bytes: bytes, fileExtension: "json") { FuzzVerdict(problem: YtdlpJSONCheck.problem(bytes)) }
        }
        var generator = YtdlpJSONGenerator(random: FuzzRandom(seed: options.seed, index: index))
        let input = generator.make()
        return FuzzCase(bytes: input.bytes, fileExtension: "json", notes: input.notes + "\n") {
            FuzzVerdict(problem: YtdlpJSONCheck.problem(input.bytes))
        }
    }
}

/// What the player may be handed from yt-dlp's answer, checked.
enum YtdlpJSONCheck {
    static let viewports = [
        Viewport(cells: CellSize(columns: 160, rows: 45)),
        Viewport(cells: CellSize(columns: 1, rows: 1)),
        Viewport(cells: CellSize(columns: 120, rows: 33), raster: CellRaster(cellPixels: PixelSize(width: 10, height: 20))),
        Viewport(cells: CellSize(columns: 400, rows: 120), raster: CellRaster(blitter: .octant)),
    ]

    /// One line on what is wrong; nil when all is well.
    static func problem(_ bytes: [UInt8]) -> String? {
        var dropped = SiteJSON.Dropped()
        let resolution: SiteResolution
        do {
            resolution = try SiteJSON.read(Data(bytes), dropped: &dropped)
        } catch is SiteJSON.Failure {
            return nil
        } catch {
            return "read threw \(error), not a SiteJSON.Failure"
        }
        if let line = dropped.line, line.contains(where: \.isNewline) { return "the dropped line has a line break" }
        switch resolution {
        case .video(let video):
            return problem(video)
        case .list(_, let entries):
            if entries.isEmpty { return "an empty list" }
            if entries.count > SiteJSON.maximumEntries { return "\(entries.count) entries kept" }
            for entry in entries {
                switch entry {
                case .video(let video):
                    if let problem = problem(video) { return problem }
                case .page(let url, _):
                    let page = SiteAddress.isSafeMediaURL(url) || url.lowercased().hasPrefix("ytdl://") && url.count > 7
                    if !page { return "an entry names \(url.prefix(60).debugDescription)" }
                    _ = SiteListLineage.refusal(of: url, within: [url, "ytdl://" + url])
                }
            }
            return nil
        }
    }

    static func problem(_ video: SiteVideo) -> String? {
        if video.formats.count > SiteJSON.maximumFormats { return "\(video.formats.count) formats kept" }
        if video.subtitles.count > SiteJSON.maximumSubtitles { return "\(video.subtitles.count) subtitles kept" }
        if video.chapters.count > SiteJSON.maximumChapters { return "\(video.chapters.count) chapters kept" }
        for format in video.formats + video.chosen {
            if let size = format.size, !(1...SiteJSON.maximumDimension).contains(size.width) || !(1...SiteJSON.maximumDimension).contains(size.height) {
                return "a format of \(size)"
            }
            for rate in [format.bitrate, format.audioBitrate].compactMap({ $0 }) where !rate.isFinite || rate < 0 {
                return "a bitrate of \(rate)"
            }
            if format.headers.contains(where: { ($0.key + $0.value).contains(where: \.isNewline) }) { return "a header with a line break" }
        }
        if let subtitle = video.subtitles.first(where: { !SiteAddress.isSafeMediaURL($0.url) }) {
            return "a subtitle at \(subtitle.url.prefix(60).debugDescription)"
        }
        _ = FormatChoice.ladder(of: video)
        for viewport in viewports + [nil] {
            for keep in [false, true] {
                guard let pick = FormatChoice.pick(for: viewport, in: video, keepChosen: keep) else { continue }
                for format in [pick.video] + (pick.audio.map { [$0] } ?? []) where !format.isPlayable {
                    return "picked \(format.url.prefix(60).debugDescription), which the player must not open"
                }
            }
        }
        return nil
    }
}
