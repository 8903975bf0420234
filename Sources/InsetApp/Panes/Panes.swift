/// The panes the director draws, in their order: the panes' own roster, beside them.
extension Director {
    /// The panes in the order they are drawn, the window over them all.
    struct Panes {
        let library: LibraryPane
        let details: DetailsPane
        let shell: ShellPane
        let player: PlayerPane
        let window: WindowPane

        var all: [any Pane] { [library, details, shell, player, window] }
    }
}
