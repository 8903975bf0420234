/// Which pages a list from yt-dlp may send the player to next, by the rule playlists follow
/// (`LibraryCatalog+Playlists`): a list that names a page it came from (itself, or one that
/// named it) is not resolved again, and lists nested more than `maximumNesting` deep stop.
/// An RSS feed whose enclosure is the feed ran yt-dlp 73 times in 30 s, and a page whose
/// answer is `_type: url` naming itself 402 times in 15 s, each run a list again.
public enum SiteListLineage {
    /// As deep as playlists may nest.
    public static let maximumNesting = 8

    /// Why `page`, an entry of the list that `lineage` led to (the pages resolved on the way,
    /// the list's own page last), is not followed; nil when it may be.
    public static func refusal(of page: String, within lineage: [String]) -> String? {
        let identity = self.identity(page)
        if let named = lineage.last(where: { self.identity($0) == identity }) {
            return named == lineage.last ? "the list names itself" : "the list names \(named), which led to it"
        }
        if lineage.count >= maximumNesting { return "lists nested more than \(maximumNesting) deep" }
        return nil
    }

    /// A page as yt-dlp is given it: without `ytdl://` and without its fragment, which
    /// the server never sees; the scheme and host in lower case.
    static func identity(_ page: String) -> String {
        var text = Substring(page)
        if text.lowercased().hasPrefix(SiteAddress.prefix) { text = text.dropFirst(SiteAddress.prefix.count) }
        if let hash = text.firstIndex(of: "#") { text = text[..<hash] }
        guard let schemeEnd = text.range(of: "://") else { return String(text) }
        let afterScheme = text[schemeEnd.upperBound...]
        let hostEnd = afterScheme.firstIndex { $0 == "/" || $0 == "?" } ?? afterScheme.endIndex
        return text[..<hostEnd].lowercased() + text[hostEnd...]
    }
}
