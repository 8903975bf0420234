import Testing
import InsetCore

/// Which multiplexer the environment names, and which pictures pass through it (issue 51).
@Suite("Multiplexer")
struct MultiplexerTests {
    static let kitty = ["KITTY_WINDOW_ID": "3", "TERM": "xterm-kitty"]

    static func merged(_ extra: [String: String]) -> [String: String] { kitty.merging(extra) { $1 } }

    @Test("each multiplexer by its own variable, whatever kitty's variables inherited say",
          arguments: [
            (["STY": "1234.pts-0.host", "TERM": "screen.xterm-256color"], Multiplexer.screen),
            (["TERM": "screen-256color"], .screen),
            (["DVTM": "0.15", "TERM": "dvtm-256color"], .dvtm),
            (["TERM": "dvtm-256color"], .dvtm),
            (["ZELLIJ": "0", "ZELLIJ_SESSION_NAME": "x"], .zellij),
            (["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"], .tmux),
            // tmux's default TERM is screen's: TMUX says it is tmux.
            (["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "screen-256color"], .tmux),
            // screen or dvtm outside a tmux cut tmux's pictures too.
            (["TMUX": "/tmp/tmux-0/default,1,0", "STY": "1.x"], .screen),
            (["TMUX": "/tmp/tmux-0/default,1,0", "DVTM": "0.15"], .dvtm),
            ([:], .none),
          ])
    func detection(_ environment: [String: String], _ expected: Multiplexer) {
        #expect(Multiplexer(environment: Self.merged(environment)) == expected)
    }

    @Test("screen and dvtm: cells, whatever was wanted; tmux and none: as wanted")
    func cellsOnly() {
        for mode in GraphicsMode.allCases {
            #expect(Multiplexer.screen.graphics(mode) == .cells)
            #expect(Multiplexer.dvtm.graphics(mode) == .cells)
            #expect(Multiplexer.none.graphics(mode) == mode)
            #expect(Multiplexer.tmux.graphics(mode) == mode)
        }
        #expect(!Multiplexer.screen.passesPictures && !Multiplexer.dvtm.passesPictures && Multiplexer.zellij.passesPictures)
    }

    @Test("Zellij: kitty (direct, no placeholders, no shared memory) and sixel pass, iTerm2 images do not")
    func zellij() {
        #expect(Multiplexer.zellij.graphics(.kitty) == .kitty)
        #expect(Multiplexer.zellij.graphics(.sixel) == .sixel)
        #expect(Multiplexer.zellij.graphics(.iterm) == .cells)
        #expect(Multiplexer.zellij.forbidsKittyPlaceholders && Multiplexer.zellij.forbidsSharedMemory)
        #expect(!Multiplexer.tmux.forbidsKittyPlaceholders && !Multiplexer.none.forbidsSharedMemory)
    }

    @Test("tmux: its own sixel where #{sixel_support} is 1 and nothing better was found")
    func tmuxSixel() {
        #expect(Multiplexer.tmux.graphics(.cells, tmuxSixel: true) == .sixel)
        #expect(Multiplexer.tmux.graphics(.kitty, tmuxSixel: true) == .kitty)
        #expect(Multiplexer.tmux.graphics(.cells, tmuxSixel: false) == .cells)
        #expect(Multiplexer.tmuxDrawsSixel(answer: "1\n"))
        #expect(!Multiplexer.tmuxDrawsSixel(answer: "0\n"))
        // tmux 3.3a knows no such format: an empty line.
        #expect(!Multiplexer.tmuxDrawsSixel(answer: "\n"))
    }
}
