import Foundation

extension LibraryCatalog {
    /// mpv's `playlist-move FROM TO`: entry `from` takes the place of entry `to` (so it ends
    /// one before `to` when it came from above), `to` equal to the count moving it to the
    /// end. Returns where it went, or nil when either index is out of the list (mpv's
    /// error); a move onto its own place changes nothing.
    func move(from: Int, to: Int) -> Int? {
        lock.withLock {
            guard stored.indices.contains(from), (0...stored.count).contains(to) else { return nil }
            if to == from || to == from + 1 { return from }
            let entry = stored.remove(at: from)
            let at = to > from ? to - 1 : to
            stored.insert(entry, at: at)
            changed = true
            return at
        }
    }
}
