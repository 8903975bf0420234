/// What a music file's tags say (ID3, Vorbis comments, MP4 atoms: libavformat reads them all
/// into one dictionary), for the bar, the window's title, the library, the details and the
/// players' metadata (mpv's `metadata`, MPRIS's `xesam:`). Each field is the tag's text as
/// written, nil when the file has no such tag.
public struct MediaTags: Sendable, Equatable, Codable {
    public var artist: String?
    public var title: String?
    public var album: String?
    /// The track as tagged: `3`, or `3/12` (of twelve).
    public var track: String?
    /// The date as tagged: a year (`2024`) or a whole date (`2024-05-01`).
    public var date: String?

    public init(artist: String? = nil, title: String? = nil, album: String? = nil, track: String? = nil, date: String? = nil) {
        self.artist = artist; self.title = title; self.album = album; self.track = track; self.date = date
    }

    /// Nil when none of the fields is set: a file without music tags has no `MediaTags`.
    /// Each field is cut to a title's length (`TitleCut`): a file may tag a 4 MB title.
    public init?(tag: (String) -> String?) {
        func text(_ keys: String...) -> String? {
            for key in keys {
                if let value = tag(key).map(TitleCut.bounded)?.trimmingWhitespace, !value.isEmpty { return value }
            }
            return nil
        }
        self.init(artist: text("artist", "album_artist"), title: text("title"), album: text("album"),
                  track: text("track"), date: text("date", "year"))
        if self == MediaTags() { return nil }
    }

    /// The track's number, without the count after a slash.
    public var trackNumber: Int? { track.flatMap { Int($0.prefix { $0.isNumber }) } }
    /// The year the date starts with.
    public var year: Int? {
        guard let date else { return nil }
        let digits = date.prefix { $0.isNumber }
        return digits.count == 4 ? Int(digits) : nil
    }

    /// What the music is called: "artist – title", or the title alone; nil without a title
    /// (an artist alone does not name a piece).
    public var displayTitle: String? {
        guard let title else { return nil }
        guard let artist else { return title }
        return "\(artist) – \(title)"
    }

    /// The album and its year, for the line under the title: "Sines (2024)"; nil when
    /// neither is tagged.
    public var albumLine: String? {
        switch (album, year) {
        case (let album?, let year?): return "\(album) (\(year))"
        case (let album?, nil): return album
        case (nil, let year?): return String(year)
        case (nil, nil): return nil
        }
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
