import Testing
@testable import InsetCore

/// The command table holds one row per command name, and every command is some row's.
@Suite("Command table: one row per command")
struct CommandTableTests {
    /// Each case of `Command`. The switch has no `default`, so a new case does not compile
    /// here until it is named, and then `everyCase` fails until `samples` has one of it.
    enum Case: CaseIterable {
        case quit, help, pause, seek, seekTo, frameStep, abLoop, screenshot, liveEdge, pip, restore, closeWindow, swap
        case focus, windowMove, windowSize, windowStash, volume, speed, mute, subtitles, audio, audioDelay, audioFocus
        case subtitleDelay, subtitleVisibility, subtitleStyle
        case visualizer, chapter, playlist
        case shell, library, details, select, open, sendPrefix

        init(_ command: Command) {
            self = switch command {
            case .quit: .quit
            case .help: .help
            case .pause: .pause
            case .seek: .seek
            case .seekTo: .seekTo
            case .frameStep: .frameStep
            case .abLoop: .abLoop
            case .screenshot: .screenshot
            case .liveEdge: .liveEdge
            case .pip: .pip
            case .restore: .restore
            case .closeWindow: .closeWindow
            case .swap: .swap
            case .focus: .focus
            case .windowMove: .windowMove
            case .windowSize: .windowSize
            case .windowStash: .windowStash
            case .volume: .volume
            case .speed: .speed
            case .mute: .mute
            case .subtitles: .subtitles
            case .audio: .audio
            case .audioDelay: .audioDelay
            case .subtitleDelay: .subtitleDelay
            case .subtitleVisibility: .subtitleVisibility
            case .subtitleStyle: .subtitleStyle
            case .audioFocus: .audioFocus
            case .visualizer: .visualizer
            case .chapter: .chapter
            case .playlist: .playlist
            case .shell: .shell
            case .library: .library
            case .details: .details
            case .select: .select
            case .open: .open
            case .sendPrefix: .sendPrefix
            }
        }
    }

    /// At least one command of every case and of every row, with arguments where it takes them.
    static let samples: [Command] = [
        .quit, .help, .pause(nil), .pause(true), .pause(false), .seek(by: .seconds(-15)), .seek(by: .seconds(90)),
        .seekTo(.seconds(90)), .frameStep(forward: true), .frameStep(forward: false), .abLoop, .screenshot, .liveEdge,
        .pip, .restore, .closeWindow, .swap, .focus(.toggle), .focus(.window), .windowMove(.topLeft), .windowMove(.down),
        .windowSize(-2), .windowStash, .volume(.to(50)), .volume(.by(-5)), .speed(.to(PlaybackSpeed(clamping: 150))),
        .speed(.reset), .mute, .subtitles(.off), .audio(.next), .audioDelay(.by(.milliseconds(-100))),
        .subtitleDelay(.by(.milliseconds(100))), .subtitleDelay(.to(.seconds(2))),
        .subtitleVisibility(nil), .subtitleVisibility(true), .subtitleVisibility(false),
        .subtitleStyle(name: "sub-pos", value: .integer(80)), .subtitleStyle(name: "sub-color", value: .text("#FFFF00")),
        .subtitleStyle(name: "sub-scale", value: .number(1.5)), .subtitleStyle(name: "sub-font-size", value: .number(40)),
        .subtitleStyle(name: "sub-ass-override", value: .text("force")),
        .audioDelay(.to(.milliseconds(250))), .audioDelay(.to(.zero)), .audioFocus, .visualizer(.next),
        .visualizer(.to(.showcqt)), .visualizer(.to(nil)), .chapter(.previous), .playlist(.next), .shell, .library,
        .details, .select(.pageUp), .open, .sendPrefix,
    ]

    @Test("the samples cover every case of Command and every row of the table")
    func everyCase() {
        #expect(Set(Self.samples.map(Case.init)) == Set(Case.allCases))
        #expect(Set(Self.samples.map(\.name)) == Set(CommandTable.rows.map(\.name)))
    }

    @Test("one row per name")
    func namesAreUnique() {
        let names = CommandTable.rows.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { CommandTable.row(named: $0)?.name == $0 })
    }

    @Test("every command is written by exactly one row", arguments: samples)
    func exactlyOneRow(_ command: Command) {
        let writers = CommandTable.rows.filter { $0.write(command) != nil }.map(\.name)
        #expect(writers.count == 1, "\(writers)")
    }

    @Test("a command written to words reads back as itself", arguments: samples)
    func roundTrip(_ command: Command) throws {
        #expect(try Command(words: command.words) == command)
        #expect(command.words.first == command.name)
    }

    @Test("a row's default keys run that row's commands, each key a name the config file takes")
    func keysBelongToTheirRow() {
        for row in CommandTable.rows {
            for key in row.keys {
                #expect(row.write(key.command) != nil, "\(row.name) binds \(key.key) to \(key.command)")
                #expect(KeyBindings.Trigger(name: key.key) != nil, "no key named \(key.key)")
            }
        }
    }

    /// Two rows at one place would be listed in the table's order, not in one chosen.
    @Test("in each context, a place in the key list belongs to one row")
    func placesAreOneRowEach() {
        for context in KeyBindings.Context.allCases {
            var owners: [Int: String] = [:]
            for row in CommandTable.rows {
                for place in Set(row.keys.filter { $0.context == context }.map(\.place)) {
                    #expect(owners[place] == nil, "\(context): \(owners[place] ?? "") and \(row.name) at \(place)")
                    owners[place] = row.name
                }
            }
        }
    }

    @Test("embed mode refuses the window's, the panes' and the key list's commands, each with its reason")
    func embedRefusals() {
        let refused = Dictionary(grouping: CommandTable.rows.filter { $0.embedded != .allowed }, by: \.embedded)
            .mapValues { $0.map(\.name) }
        #expect(refused == [
            .refused("no window in embed mode"): ["pip", "restore", "close-window", "swap", "focus", "window-move",
                                                  "window-size", "window-stash"],
            .refused("only the video in embed mode"): ["shell", "library", "details", "select", "open", "send-prefix"],
            .refused("no key list in embed mode"): ["help"],
        ])
    }
}
