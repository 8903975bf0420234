import InsetCore
import InsetPlayback

/// The list being played, a job of its own beside the director's (issue 44 item 1): the
/// library's entries in their playing order and which plays now (`PlaylistCursor`, which
/// `Director+Playlist` follows), the next file opened ahead to be heard right after a
/// sound-only one (`GaplessQueue`, `Director+Gapless`), and what the bar says of each open
/// file's place in the list ("2/3"). Before, the cursor and the gapless queue were the
/// director's own fields and the labels sat in `VideoPlaces`, which is only a lookup from
/// a video's id to its playback.
///
/// UI thread. A class, shared by the director and the player pane that draws the labels.
final class PlaylistDesk {
    var cursor: PlaylistCursor
    var gapless = GaplessQueue()
    /// Each open file's place in its list, by path, set as it opens.
    private(set) var labels: [String: String] = [:]

    init(cursor: PlaylistCursor) { self.cursor = cursor }

    /// `entry` is the one playing now: the cursor is on it, and its file's label is its place.
    func select(entry: Int, path: String) {
        cursor.select(entry: entry)
        labels[path] = cursor.label(for: entry)
    }
}

/// The director's list is the desk's: its cursor and gapless queue read where they are kept.
extension Director {
    var playlist: PlaylistCursor {
        get { list.cursor }
        _modify { yield &list.cursor }
    }

    var gapless: GaplessQueue {
        get { list.gapless }
        _modify { yield &list.gapless }
    }

    /// The list or its rules changed under the cursor (a file appended, inserted or moved,
    /// `loop-playlist` set): a new cursor over the catalog, on `current`'s entry.
    func relist(current: Int?) {
        playlist = PlaylistCursor(count: catalog.count, rules: options.playlistRules)
        if let current { playlist.select(entry: current) }
    }
}
