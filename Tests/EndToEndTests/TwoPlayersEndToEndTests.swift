import Foundation
import Testing
import InsetTestSupport

/// Two players in one kitty window: two tmux panes side by side, each playing in kitty's
/// placeholder cells. Kitty has one namespace of image ids for the window, and tmux passes
/// both panes' pictures into it, so each pane's cells must name images of their own player:
/// if they named the same id, both panes would show whichever frame was sent last.
@Suite("Two players in one kitty window", .serialized, .tags(.waits))
struct TwoPlayersEndToEndTests {
    /// The image ids a pane's placeholder cells name, each as (the id's low byte, the
    /// foreground's palette index; its top byte, the third diacritic), and how many
    /// placeholder cells there are.
    static func placeholderIDs(_ screen: Screen) -> (ids: Set<String>, cells: Int) {
        let placeholders = screen.styled.joined().filter { $0.character.unicodeScalars.first == "\u{10EEEE}" }
        let ids = placeholders.map { cell in
            let scalars = Array(cell.character.unicodeScalars)
            return "\(cell.foreground?.description ?? "default")/\(scalars.count > 3 ? scalars[3].value : 0)"
        }
        return (Set(ids), placeholders.count)
    }

    @Test("two tmux panes each playing in kitty placeholders: each pane's cells name its own player's images", .timeLimit(.minutes(2)))
    func panesNameTheirOwnImages() throws {
        let tmux = try Tmux(columns: 120, rows: 30, environment: ["KITTY_WINDOW_ID": "1"])
        try tmux.tmux(["split-window", "-h", "-t", "%0", "-e", "KITTY_WINDOW_ID=1", "bash --norc --noprofile"])
        let command = "\(try insetBinary()) --graphics kitty \(samplePath("clock_16x9_aac.mp4"))\n"
        for pane in ["%0", "%1"] {
            try tmux.tmux(["send-keys", "-t", pane, "-l", command])
        }
        var last: [(ids: Set<String>, cells: Int)] = []
        let seen = try Tmux.eventually(timeout: 15) {
            last = try ["%0", "%1"].map {
                Self.placeholderIDs(Screen(capture: try tmux.tmux(["capture-pane", "-p", "-e", "-t", $0]), columns: tmux.columns))
            }
            return last.allSatisfy { $0.cells > 100 }
        }
        #expect(seen, "both panes in placeholder cells: \(last.map(\.cells)) cells")
        #expect(last.count == 2 && last.allSatisfy { !$0.ids.isEmpty })
        #expect(last.count == 2 && last[0].ids.isDisjoint(with: last[1].ids), "left \(last.first?.ids ?? []), right \(last.last?.ids ?? [])")
        for pane in ["%0", "%1"] { try tmux.tmux(["send-keys", "-t", pane, "q"]) }
    }
}
