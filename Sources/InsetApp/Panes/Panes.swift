/// The panes the director draws, in their order: the panes' own roster, beside them.
extension Director {
    /// The panes in the order they are drawn, the window over them all.
    struct Panes {
        let library: LibraryPane
        let details: DetailsPane
        let shell: ShellPane
        let player: PlayerPane
        let window: WindowPane
        /// The picture of a seek's target over the player's or the window's progress line,
        /// and the held key or drag that moves it (`Director+Scrubbing`).
        let seekPreview: SeekPreview
        /// What floats over the panes and the window (messages, `?`, stats, subtitles).
        var overlays = Overlays()

        var all: [any Pane] { [library, details, shell, player, window] }
    }

    /// The library's files: the library pane's catalog, the one the director lists from.
    var catalog: LibraryCatalog { panes.library.catalog }

    /// What floats over the panes, held with them.
    var overlays: Overlays {
        get { panes.overlays }
        _modify { yield &panes.overlays }
    }
}
