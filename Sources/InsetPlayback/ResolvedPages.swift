import Foundation
import InsetSites

/// The videos yt-dlp resolved in this run that are still to be played, by the path the
/// library lists them under (a list's entries): playing one opens what was resolved rather
/// than running yt-dlp again, and the library shows their titles.
///
/// Threads: written by the opening thread, read by the UI thread and the next opener.
public final class ResolvedPages: @unchecked Sendable {
    public init() {}

    private let lock = NSLock()
    private var videos: [String: SiteVideo] = [:]
    private var titles: [String: String] = [:]
    /// For each page a list named, the pages resolved on the way to that list, its own
    /// last (`SiteListLineage`).
    private var lineages: [String: [String]] = [:]

    func remember(_ video: SiteVideo, as path: String) {
        lock.withLock { videos[path] = video; titles[path] = video.title }
    }

    func remember(title: String, for path: String) { lock.withLock { titles[path] = title } }

    func remember(lineage: [String], for path: String) { lock.withLock { lineages[path] = lineage } }
    func lineage(of path: String) -> [String] { lock.withLock { lineages[path] ?? [] } }

    public func video(for path: String) -> SiteVideo? { lock.withLock { videos[path] } }
    public func title(for path: String) -> String? { lock.withLock { titles[path] } }
}

/// A list a page resolved to, as the library lists it: each entry's path (a resolved
/// video's stream, or a page to resolve when played) and title, in the page's order.
public struct SiteList: Sendable {
    public var title: String
    public var entries: [(path: String, title: String)]
    /// What was left out of the list, one line for the bar (`SiteJSON.Dropped`, entries
    /// naming a page they came from); nil when nothing was.
    public var notice: String?
}
