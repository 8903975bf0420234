import Foundation
import InsetCore
import InsetLog
import InsetMedia
import InsetSites

/// What opening yields: a playback's media, or the list a page turned out to be.
public enum OpenedInput: @unchecked Sendable {
    case media(Playback.Media)
    case list(SiteList)
}

/// Page URLs on the opening thread, as mpv's ytdl hook handles them: resolved by yt-dlp
/// first when they are `ytdl://` or of a listed site, else after FFmpeg found no media in
/// them; then the picture (and the sound, when the site serves it apart) the terminal can
/// show are opened, with the headers yt-dlp said every request needs.
extension PlaybackOpener {
    /// Opens `request.path`, a file or URL, or a page through yt-dlp. Blocking.
    func openInput() throws -> OpenedInput {
        let path = request.path
        let sites = request.sites
        let address = SiteAddress.first(for: path, sites: sites.sites, enabled: sites.enabled)
        if let following = request.following {
            guard request.pages?.video(for: path) == nil, address == nil else { throw GaplessRefusal.notLocal }
            return .media(try Playback.Media.open(request, following: following, video: videoInterrupt, audio: audioInterrupt))
        }
        if let known = request.pages?.video(for: path) { return .media(try openSite(known)) }
        if let address {
            return try opened(resolve(address))
        }
        do {
            return .media(try Playback.Media.open(request, picture: path, sound: request.audioFile,
                                                  video: videoInterrupt, audio: audioInterrupt))
        } catch let error as MediaError {
            // A page, not media: yt-dlp may know the site. When it does not either, the
            // line says both (FFmpeg's reason, then yt-dlp's).
            guard case .notMediaFile = error, let address = SiteAddress.afterFailure(for: path, enabled: sites.enabled) else {
                throw error
            }
            do {
                return try opened(resolve(address))
            } catch MediaError.resolver(_, let reason) {
                throw MediaError.resolver(path: path, reason: "\(error.reason); \(reason)")
            }
        }
    }

    private func opened(_ resolved: (resolution: SiteResolution, dropped: SiteJSON.Dropped)) throws -> OpenedInput {
        switch resolved.resolution {
        case .video(let video):
            return .media(try openSite(video))
        case .list(let title, let entries):
            // The pages resolved on the way here, this one last: an entry naming one of them
            // is not followed (`SiteListLineage`).
            let lineage = (request.pages?.lineage(of: request.path) ?? []) + [request.path]
            var listed: [(path: String, title: String)] = []
            var cycle: String?
            for (index, entry) in entries.enumerated() {
                switch entry {
                case .video(let video):
                    // Listed under its picture's URL, which FFmpeg opens even if the
                    // resolved video is forgotten; the title is what the library shows.
                    guard let pick = FormatChoice.pick(for: request.viewport, in: video, keepChosen: request.sites.ytdlp.format != nil)
                    else { continue }
                    request.pages?.remember(video, as: pick.video.url)
                    listed.append((pick.video.url, video.title))
                case .page(let url, let entryTitle):
                    if let why = SiteListLineage.refusal(of: url, within: lineage) {
                        cycle = cycle ?? why
                        continue
                    }
                    let name = entryTitle ?? "\(title) \(index + 1)"
                    request.pages?.remember(title: name, for: url)
                    request.pages?.remember(lineage: lineage, for: url)
                    listed.append((url, name))
                }
            }
            let said = [resolved.dropped.line, cycle.map { "yt-dlp's list: not followed: \($0)" }].compactMap { $0 }
            for line in said { Log.error("page \(request.path): \(line)") }
            guard !listed.isEmpty else {
                throw MediaError.resolver(path: request.path, reason: cycle ?? SiteJSON.Failure.nothingToPlay.description)
            }
            return .list(SiteList(title: title, entries: listed, notice: said.isEmpty ? nil : said.joined(separator: "; ")))
        }
    }

    /// Runs yt-dlp, the player saying "resolving…" meanwhile; `q` (cancel) kills it.
    func resolve(_ address: SiteAddress) throws -> (resolution: SiteResolution, dropped: SiteJSON.Dropped) {
        noteResolving(true)
        defer { noteResolving(false) }
        let interrupt = videoInterrupt
        let started = ContinuousClock.now
        for line in request.sites.ytdlp.refusedRawOptions { Log.error(line) }
        do {
            let resolved = try request.sites.ytdlp.resolveSayingDropped(address) { interrupt.isStopped }
            Log.info("yt-dlp resolved \(address.query) in \(ContinuousClock.now - started)")
            if case .video = resolved.resolution, let line = resolved.dropped.line { Log.error("page \(address.query): \(line)") }
            return resolved
        } catch let failure as Ytdlp.Failure {
            Log.error("yt-dlp on \(address.query): \(failure)")
            switch failure {
            case .stopped: throw MediaError.interrupted(path: request.path)
            case .timedOut: throw MediaError.timedOut(path: request.path, seconds: Int(Ytdlp.deadline.components.seconds))
            default: throw MediaError.resolver(path: request.path, reason: failure.description)
            }
        }
    }

    /// Opens the formats of `video` the terminal can show, with its title, chapters and
    /// subtitles, every request carrying the headers yt-dlp gave.
    func openSite(_ video: SiteVideo) throws -> Playback.Media {
        guard let pick = FormatChoice.pick(for: request.viewport, in: video, keepChosen: request.sites.ytdlp.format != nil) else {
            throw MediaError.resolver(path: request.path, reason: SiteJSON.Failure.nothingToPlay.description)
        }
        Log.info("page \(request.path): \(video.title); picture \(pick.video.id) \(pick.video.size.map { "\($0)" } ?? "?")"
                 + (pick.audio.map { ", sound \($0.id)" } ?? ""))
        var request = self.request
        request.allowance = request.allowance.withPageHeaders(pick.video.headers, for: pick.video.url)
        if let audio = pick.audio { request.allowance = request.allowance.withPageHeaders(audio.headers, for: audio.url) }
        // The page's subtitles are listed with the others; `--sub-lang` picks among them.
        if request.subtitles.file == nil, let wanted = Self.subtitle(of: video, language: request.subtitles.language) {
            request.subtitles.file = wanted.url
            // As yt-dlp fetches a subtitle: with its own headers, else the page's (Referer,
            // User-Agent), whose credentials only when it is on the picture's host.
            let headers = wanted.headers.isEmpty ? InputAllowance.borrowed(pick.video.headers, from: pick.video.url, to: wanted.url)
                                                 : wanted.headers
            request.allowance = request.allowance.withPageHeaders(headers, for: wanted.url)
        }
        var media = try Playback.Media.open(request, picture: pick.video.url, sound: pick.audio?.url ?? request.audioFile,
                                            video: videoInterrupt, audio: audioInterrupt)
        media.title = video.title
        media.site = video
        media.siteFormat = pick
        if media.info.chapters.isEmpty { media.info.chapters = video.chapters }
        return media
    }

    /// The page's subtitle in `language`, else its first; nil when it has none.
    static func subtitle(of video: SiteVideo, language: String?) -> SiteSubtitle? {
        if let language, let match = video.subtitles.first(where: { SubtitleLanguage.same($0.language, language) }) { return match }
        return video.subtitles.first
    }
}
