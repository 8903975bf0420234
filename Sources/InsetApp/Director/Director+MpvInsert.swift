import InsetControl
import InsetCore
import InsetLog
import InsetMedia

extension Director {
    /// `loadfile URL insert-at INDEX` (mpv 0.38): the file is listed before entry `index`,
    /// the entries from there on (the one playing too) moved down, so the list plays on in
    /// its order with the new file in its place; it plays now only when nothing plays, as an
    /// appended file does (`loadFile(_:append:options:at:)`).
    func insertFile(_ path: String, at index: Int, options fileOptions: MpvFileOptions, at now: HostTime) -> CommandOutcome {
        options.allowance = options.allowance.naming([path])
        catalog.allow(options.allowance)
        mpvSessionState.fileOptions[path] = fileOptions == MpvFileOptions() ? nil : fileOptions
        for option in fileOptions.ignored { Log.info("loadfile \(path): ignored mpv's per-file \(option)") }
        let before = catalog.count
        guard let at = catalog.insert(path, at: index) else { return .refused("nothing to play in \(path)") }
        let added = catalog.count - before
        mpvSessionState.raise(properties: ["playlist-count", "playlist-pos"])
        relist(current: playlist.current.map { $0 >= at ? $0 + added : $0 })
        outcome.singleFile = false
        guard focusedVideo == nil && videos.opening == nil else { return .done }
        return playEntry(at, at: now)
    }

    /// `playlist-move FROM TO` (autoload.lua sorts the folder's files around the one
    /// playing with it): the list's order changes, the entry playing plays on, and what
    /// plays next follows the new order.
    func moveEntry(from: Int, to: Int) -> CommandOutcome {
        let current = playlist.current
        guard let at = catalog.move(from: from, to: to) else { return .refused("no such playlist entry") }
        guard at != from else { return .done }
        mpvSessionState.raise(properties: ["playlist", "playlist-pos"])
        // Where the entry playing is now: it moved, or the one that moved passed over it.
        relist(current: current.map { entry in
            if entry == from { return at }
            if from < entry && entry <= at { return entry - 1 }
            if at <= entry && entry < from { return entry + 1 }
            return entry
        })
        return .done
    }
}
