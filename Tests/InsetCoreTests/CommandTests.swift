import Testing
@testable import InsetCore

@Suite("Commands: their text, both ways")
struct CommandTests {
    @Test("what is typed reads as the command, and the command writes back what was typed",
          arguments: ["pause", "pause on", "pause off", "seek +15", "seek -15", "seek +1.5", "seek -1:30", "seek-to 1:30",
                      "seek-to 90", "live-edge", "pip", "restore", "close-window", "swap", "focus", "focus window", "focus pane",
                      "window-move bottom-left", "window-move left", "window-size +1", "window-size -2", "window-stash",
                      "volume +10", "volume -5", "volume 50", "mute", "subtitles next", "subtitles off", "audio next",
                      "chapter next", "chapter previous", "playlist next", "playlist previous", "shell", "library", "details", "select page-down", "open", "send-prefix", "help", "quit"])
    func roundTrip(_ text: String) throws {
        let command = try Command(parsing: text)
        let expected = text == "seek-to 90" ? "seek-to 1:30" : text
        #expect(command.description == expected)
        #expect(try Command(words: command.words) == command)
    }

    @Test("the values are what the words say")
    func values() throws {
        #expect(try Command(parsing: "seek -1:30") == .seek(by: .seconds(-90)))
        #expect(try Command(parsing: "seek  +15 ") == .seek(by: .seconds(15)))
        #expect(try Command(parsing: "seek-to 1:02:03") == .seekTo(.seconds(3723)))
        #expect(try Command(parsing: "window-move top-right") == .windowMove(.topRight))
        #expect(try Command(parsing: "volume 0") == .volume(.to(0)))
        #expect(try Command(parsing: "pause yes") == .pause(true))
        #expect(try Command(parsing: "chapter previous") == .chapter(.previous))
    }

    @Test("a wrong command or argument says what would be valid",
          arguments: [("", "no command given"), ("jump", "unknown command 'jump'; the commands are pause, seek"),
                      ("seek 15", "'15' has no + or -; expected seek +TIME | -TIME"),
                      ("seek +1:99", "'+1:99': '99' is not below 60"), ("seek", "expected seek +TIME | -TIME"),
                      ("window-move middle", "'middle' is not one of them; expected window-move left | right"),
                      ("volume 101", "'101' is not 0 to 100"), ("quit now", "quit takes no argument"),
                      ("window-size 3", "'3' is not a step count"),
                      ("chapter 2", "'2' is not one of them; expected chapter next | previous"), ("pause maybe", "'maybe' is not on or off")])
    func refusals(_ text: String, _ reason: String) {
        #expect(throws: Command.ParseError.self) { try Command(parsing: text) }
        do { _ = try Command(parsing: text) } catch { #expect(error.reason.contains(reason), "\(error.reason)") }
    }

    @Test("every command has a definition with help, and every definition parses")
    func definitions() {
        let names = CommandTable.rows.map(\.name)
        #expect(Set(names).count == names.count)
        for definition in CommandTable.rows {
            #expect(!definition.help.isEmpty)
        }
        for command in KeyBindings.defaults.tables.values.flatMap({ $0.map(\.command) }) {
            #expect(names.contains(command.name))
            #expect(!command.help.isEmpty)
        }
    }

    /// The parser once ended in `default: self = .sendPrefix`: a name in the list without
    /// a case of its own was read as another command instead of being refused.
    @Test("every name reads as a command of that name, or is refused with a reason: never as another")
    func namesReadAsThemselves() {
        for name in CommandTable.rows.map(\.name) {
            do {
                let command = try Command(words: [name])
                #expect(command.name == name, "'\(name)' was read as '\(command)'")
            } catch {
                #expect(error.reason.contains(name), "\(error.reason)")
            }
        }
    }

    @Test("help lines say the argument")
    func helpLines() {
        #expect(Command.seek(by: .seconds(-15)).help == "back 15 s")
        #expect(Command.seek(by: .seconds(60)).help == "forward 1 min")
        #expect(Command.windowMove(.bottomLeft).help == "move the window to the bottom left corner")
        #expect(Command.volume(.by(-10)).help == "volume down 10%")
        #expect(Command.chapter(.next).help == "next chapter")
    }

    @Test("PgUp and PgDn are chapters in the player and the window, and stay pages in the library")
    func chapterKeys() {
        let bindings = KeyBindings.defaults
        #expect(bindings.command(for: .key(KeyPress(.pageDown)), in: [.player, .global]) == .chapter(.next))
        #expect(bindings.command(for: .key(KeyPress(.pageUp)), in: [.window, .library, .global]) == .chapter(.previous))
        #expect(bindings.command(for: .key(KeyPress(.pageDown)), in: [.library, .global]) == .select(.pageDown))
    }

    @Test("> and < are the next and previous file, as in mpv, in the player and the window")
    func playlistKeys() {
        let bindings = KeyBindings.defaults
        #expect(bindings.command(for: .key(KeyPress(.character(">"))), in: [.player, .global]) == .playlist(.next))
        #expect(bindings.command(for: .key(KeyPress(.character("<"))), in: [.window, .library, .global]) == .playlist(.previous))
        #expect(bindings.command(for: .key(KeyPress(.character(">"))), in: [.library, .global]) == nil)
    }
}

@Suite("Key bindings")
struct KeyBindingsTests {
    @Test("key names read back as the decoder's key presses", arguments: [
        ("q", KeyPress.character("q")), ("J", KeyPress.character("J")), ("Space", .space), ("enter", .enter),
        ("S-Left", KeyPress(.left, .shift)), ("C-]", KeyPress(.character("]"), .control)), ("C-C", .control("c")),
        ("M-x", KeyPress(.character("x"), .alt)), ("F5", KeyPress(.function(5))), ("PgDn", KeyPress(.pageDown)),
        ("-", .character("-")), ("C--", KeyPress(.character("-"), .control)), ("Esc", .escape),
    ])
    func keyNames(_ name: String, _ press: KeyPress) {
        #expect(KeyPress(name: name) == press)
    }

    @Test("names that are no key", arguments: ["", "Foo", "X-a", "F99", "ab"])
    func notKeys(_ name: String) { #expect(KeyPress(name: name) == nil) }

    @Test("every default trigger's name reads back as itself")
    func namesRoundTrip() {
        for binding in KeyBindings.defaults.tables.values.joined() {
            #expect(KeyBindings.Trigger(name: binding.trigger.description) == binding.trigger)
        }
    }

    @Test("a key is looked up where the focus is, then in the fallbacks")
    func lookupOrder() {
        let keys = KeyBindings.defaults
        let end = KeyBindings.Trigger.key(KeyPress(.end))
        #expect(keys.command(for: end, in: [.library, .global]) == .select(.last))
        #expect(keys.command(for: end, in: [.player, .global]) == .liveEdge)
        #expect(keys.command(for: .key(.escape), in: [.window, .player, .global]) == .focus(.pane))
        #expect(keys.command(for: .key(.character("y")), in: [.player, .global]) == nil)
    }

    @Test("binding replaces, adds and unbinds in one context only")
    func rebinding() {
        var keys = KeyBindings.defaults
        keys.bind(.key(.character("p")), to: .mute, in: .player)
        keys.bind(.key(.character("z")), to: .seek(by: .seconds(5)), in: .player)
        keys.bind(.key(.character("q")), to: nil, in: .global)
        #expect(keys.command(for: .key(.character("p")), in: .player) == .mute)
        #expect(keys.command(for: .key(.character("z")), in: .player) == .seek(by: .seconds(5)))
        #expect(keys.command(for: .key(.character("q")), in: [.player, .global]) == nil)
        #expect(keys.command(for: .key(.character("x")), in: .window) == .closeWindow)
    }

    @Test("the help groups the keys of one command")
    func grouping() {
        let groups = KeyBindings.defaults.grouped(in: .window)
        let restore = groups.first { $0.command == .restore }
        #expect(restore?.triggers.map(\.description) == ["Enter", "f", "p"])
    }

    @Test("skip-step changes the ±15 s skips everywhere, and only them")
    func skipStep() {
        let keys = KeyBindings.defaults.withSkipStep(.seconds(10))
        #expect(keys.command(for: .key(KeyPress(.left)), in: .player) == .seek(by: .seconds(-10)))
        #expect(keys.command(for: .key(KeyPress(.right)), in: .window) == .seek(by: .seconds(10)))
        #expect(keys.command(for: .wheel(up: true), in: .player) == .seek(by: .seconds(5)))
    }
}
