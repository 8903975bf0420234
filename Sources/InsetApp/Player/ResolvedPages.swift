import Foundation
import InsetSites

/// The videos yt-dlp resolved in this run that are still to be played, by the path the
/// library lists them under (a list's entries): playing one opens what was resolved rather
/// than running yt-dlp again, and the library shows their titles.
///
/// Threads: written by the opening thread, read by the UI thread and the next opener.
final class ResolvedPages: @unchecked Sendable {
    private let lock = NSLock()
    private var videos: [String: SiteVideo] = [:]
    private var titles: [String: String] = [:]

    func remember(_ video: SiteVideo, as path: String) {
        lock.withLock { videos[path] = video; titles[path] = video.title }
    }

    func remember(title: String, for path: String) { lock.withLock { titles[path] = title } }

    func video(for path: String) -> SiteVideo? { lock.withLock { videos[path] } }
    func title(for path: String) -> String? { lock.withLock { titles[path] } }
}

/// A list a page resolved to, as the library lists it: each entry's path (a resolved
/// video's stream, or a page to resolve when played) and title, in the page's order.
struct SiteList: Sendable {
    var title: String
    var entries: [(path: String, title: String)]
}
