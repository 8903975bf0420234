import Foundation
import Testing

/// The README's ten keys pressed on the quick start's first player, each row found by what its
/// description says it does (a row no phrase here names fails the walk), its keys and figures
/// as the table writes them.
extension DocsWalkEndToEndTests {
    /// What the walk knows how to check, by a phrase of a row's description, in the order it
    /// presses them (each leaves the player where the next one starts).
    static let keyPhrases = ["play / pause", "back / forward", "sound off", "volume", "every key", "picture in picture",
                             "move focus", "back full screen", "back to the library", "quit"]

    static func walkKeys(_ rows: [DocsWalk.KeyRow], notes: String, in tmux: Tmux) throws {
        for row in rows where keyPhrases.filter({ row.claim.contains($0) }).count != 1 {
            Issue.record("the README's key row \(row.keys) \"\(row.claim)\" matches no single check of the walk")
        }
        func row(_ phrase: String) throws -> DocsWalk.KeyRow {
            try #require(rows.first { $0.claim.contains(phrase) }, "the README's key table has no row \"\(phrase)\"")
        }
        func press(_ key: String) throws { try tmux.keys(DocsWalk.tmuxKey(key)) }
        let pause = try row("play / pause").keys[0]

        // Space: paused, the bar says ▶ and the time stands; the skips land while paused.
        try press(pause)
        try tmux.waitFor(timeout: 2, "\(pause): paused") { $0.text.contains("▶") && $0.shownTime != nil }
        let at = try expectStill(tmux, "\(pause): paused")
        let skips = try row("back / forward")
        let step = try #require(DocsWalk.number(before: " s", in: skips.claim), "no step in \"\(skips.claim)\"")
        try press(skips.keys[1])
        try tmux.waitFor(timeout: 3, "\(skips.keys[1]): forward \(step) s") { $0.shownTime?.position == at + step }
        try press(skips.keys[0])
        try tmux.waitFor(timeout: 3, "\(skips.keys[0]): back \(step) s") { $0.shownTime?.position == at }
        try press(pause)
        try tmux.waitFor(timeout: 4, "\(pause): playing again") { ($0.shownTime?.position ?? 0) > at && $0.text.contains("❚❚") }

        // m: sound off, and on again at the volume it had; 9 and 0: the volume by the table's step.
        let mute = try row("sound off").keys[0]
        try press(mute)
        try tmux.waitFor(timeout: 2, "\(mute): sound off") { $0.text.contains("sound off") }
        try press(mute)
        try tmux.waitFor(timeout: 2, "\(mute): sound on") { $0.text.contains("volume 100%") }
        let volume = try row("volume")
        let percent = try #require(DocsWalk.number(before: "%", in: volume.claim), "no step in \"\(volume.claim)\"")
        try press(volume.keys[0])
        try tmux.waitFor(timeout: 2, "\(volume.keys[0]): volume down") { $0.text.contains("volume \(100 - percent)%") }
        try press(volume.keys[1])
        try tmux.waitFor(timeout: 2, "\(volume.keys[1]): volume up") { $0.text.contains("volume 100%") }

        // ?: the keys of the player, the table's own among them; any key closes it.
        let help = try row("every key").keys[0]
        try press(help)
        try tmux.waitFor(timeout: 2, "\(help): the player's keys") { screen in
            screen.text.contains("pause") && screen.text.contains("quit") && screen.text.contains(DocsWalk.insetKey(pause))
        }
        try tmux.keys("z")
        try tmux.waitFor(timeout: 2, "the keys closed") { $0.videoRows.count > 20 && !$0.text.contains("quit") }

        // p: into the window over the library, and back; then into it again.
        let pip = try row("picture in picture").keys[0]
        try press(pip)
        try tmux.settledWindow(timeout: 4, "\(pip): the window over the library")
        try tmux.waitFor(timeout: 2, "\(pip): the library behind the window") { $0.text.contains("Library") }
        if try row("picture in picture").claim.contains("and back") {
            try press(pip)
            try tmux.waitFor(timeout: 4, "\(pip) again: back full screen") { $0.pipWindow == nil && $0.videoRows.count > 20 }
            try press(pip)
            try tmux.settledWindow(timeout: 4, "\(pip): the window again")
        }

        // Tab: the window has the keyboard and shows its controls, its skip buttons by the step.
        let focus = try row("move focus").keys[0]
        try press(focus)
        try tmux.waitFor(timeout: 2, "\(focus): the window's controls") { screen in
            guard let window = screen.pipWindow else { return false }
            return (window.row..<(window.row + window.rows)).contains { screen.line($0).contains("«\(step)") }
        }

        // f: the window's video full screen again, with its bar.
        let restore = try row("back full screen").keys[0]
        try press(restore)
        try tmux.waitFor(timeout: 4, "\(restore): full screen") { $0.pipWindow == nil && $0.videoRows.count > 20 }

        // Esc: the library, the video going on in the window.
        let library = try row("back to the library")
        try press(library.keys[0])
        let shown = try tmux.waitFor(timeout: 4, "\(library.keys[0]): the library with the window") {
            $0.text.contains("Library") && $0.pipTime != nil
        }
        if library.claim.contains("goes on in the window") {
            try tmux.waitFor(timeout: 4, "the window's video going on") { ($0.pipTime ?? 0) > (shown.pipTime ?? 0) }
        }
        // The notes under the table: over the library these keys act on the window's video,
        // and the library's bottom line names Tab.
        if notes.contains("these keys act on its video") {
            try press(pause)
            _ = try expectStill(tmux, "\(pause) over the library: the window's video paused")
            try press(pause)
        }
        if notes.contains("bottom line says so") {
            let screen = try tmux.capture()
            #expect(screen.line(tmux.rows - 1).contains("Tab"), "the library's bottom line: \(screen.line(tmux.rows - 1))")
        }
        try quit(tmux, rows)
    }
}
