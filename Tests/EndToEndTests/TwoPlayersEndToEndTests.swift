import Foundation
import Testing

/// Two players in one kitty window: two tmux panes side by side, each playing in kitty's
/// placeholder cells. Kitty has one namespace of image ids for the window, and tmux passes
/// both panes' pictures into it, so each pane's cells must name images of their own player:
/// if they named the same id, both panes would show whichever frame was sent last.
@Suite("Two players in one kitty window", .serialized)
struct TwoPlayersEndToEndTests {
    /// The image ids a pane's placeholder cells name, each as (the id's low byte, the
    /// palette index of the foreground; its top byte, the third diacritic), and how many
    /// placeholder cells there are.
    static func placeholderIDs(_ capture: String) -> (ids: Set<String>, cells: Int) {
        var ids = Set<String>(), cells = 0, foreground: String?
        let scalars = Array(capture.unicodeScalars)
        var index = 0
        while index < scalars.count {
            if scalars[index] == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
                if end < scalars.count, scalars[end] == "m" {
                    let parameters = String(String.UnicodeScalarView(scalars[(index + 2)..<end])).split(separator: ";", omittingEmptySubsequences: false).map(String.init)
                    var at = 0
                    while at < parameters.count {
                        switch parameters[at] {
                        case "", "0", "39": foreground = nil
                        case "38" where at + 2 < parameters.count && parameters[at + 1] == "5":
                            foreground = parameters[at + 2]; at += 2
                        default: break
                        }
                        at += 1
                    }
                }
                index = end + 1
            } else if scalars[index] == "\u{10EEEE}", index + 3 < scalars.count {
                cells += 1
                ids.insert("\(foreground ?? "none")/\(scalars[index + 3].value)")
                index += 4
            } else {
                index += 1
            }
        }
        return (ids, cells)
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
            last = try ["%0", "%1"].map { Self.placeholderIDs(try tmux.tmux(["capture-pane", "-p", "-e", "-t", $0])) }
            return last.allSatisfy { $0.cells > 100 }
        }
        #expect(seen, "both panes in placeholder cells: \(last.map(\.cells)) cells")
        #expect(last.count == 2 && last.allSatisfy { !$0.ids.isEmpty })
        #expect(last.count == 2 && last[0].ids.isDisjoint(with: last[1].ids), "left \(last.first?.ids ?? []), right \(last.last?.ids ?? [])")
        for pane in ["%0", "%1"] { try tmux.tmux(["send-keys", "-t", pane, "q"]) }
    }
}
