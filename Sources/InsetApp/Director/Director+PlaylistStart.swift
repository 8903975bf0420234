import InsetCore

extension Director {
    /// The entry the list starts at: mpv's `--playlist-start=N` (from 0; the settings
    /// table's row, given on the command line or in the config file) when the list has that
    /// entry and it can play in turn, else the first of the order that can.
    func firstEntry() -> Int? {
        if case .integer(let number)? = options.settings["playlist-start"], let index = Int(exactly: number),
           catalog.entries.indices.contains(index), canPlayInTurn(index) {
            return index
        }
        return playlist.first(where: canPlayInTurn)
    }
}
