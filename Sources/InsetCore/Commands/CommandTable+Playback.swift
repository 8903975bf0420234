/// The rows of what the focused video does next: play, pause, skip, step, loop, grab.
extension CommandTable {
    static let playbackRows: [Row] = [
        Row("pause", arguments: "[on | off]",
            parse: { arguments throws(Command.ParseError) in
                switch try arguments.optionalOne() {
                case nil, "toggle"?: .pause(nil)
                case "on"?, "yes"?: .pause(true)
                case "off"?, "no"?: .pause(false)
                case let other?: throw arguments.refuse("'\(other)' is not on or off")
                }
            },
            write: { command in
                guard case .pause(let on) = command else { return nil }
                return on.map { [$0 ? "on" : "off"] } ?? []
            },
            help: "play / pause (no argument: toggle)",
            helpWithArguments: { command in
                guard case .pause(let on) = command else { return nil }
                return switch on { case nil: "play / pause"; case true?: "pause"; case false?: "play" }
            },
            keys: [.player(1, "Space", .pause(nil)), .window(1, "Space", .pause(nil)), .windowVideo(1, "Space", .pause(nil))]),

        Row("seek", arguments: "+TIME | -TIME",
            parse: { arguments throws(Command.ParseError) in
                let text = try arguments.one()
                guard let (sign, body) = Arguments.signed(text) else { throw arguments.refuse("'\(text)' has no + or -") }
                do throws(MediaTime.ParseError) {
                    return .seek(by: MediaTime(microseconds: Int64(sign) * (try MediaTime(validating: body)).microseconds))
                } catch { throw arguments.refuse("'\(text)': \(error.reason)") }
            },
            write: { command in
                guard case .seek(let by) = command else { return nil }
                return [(by.microseconds < 0 ? "-" : "+") + MediaTime(microseconds: abs(by.microseconds)).compactText]
            },
            help: "skip forward or back (seconds or M:SS)",
            helpWithArguments: { command in
                guard case .seek(let by) = command else { return nil }
                return by.microseconds < 0 ? "back \((-by).shortDuration)" : "forward \(by.shortDuration)"
            },
            keys: [
                .player(2, "Left", .seek(by: .seconds(-15))), .player(2, "Right", .seek(by: .seconds(15))),
                .player(2, "WheelDown", .seek(by: .seconds(-5))), .player(2, "WheelUp", .seek(by: .seconds(5))),
                .window(2, "Left", .seek(by: .seconds(-15))), .window(2, "Right", .seek(by: .seconds(15))),
                .windowVideo(2, "Left", .seek(by: .seconds(-15))), .windowVideo(2, "Right", .seek(by: .seconds(15))),
            ]),

        Row("seek-to", arguments: "TIME",
            parse: { arguments throws(Command.ParseError) in
                let text = try arguments.one()
                do throws(MediaTime.ParseError) { return .seekTo(try MediaTime(validating: text)) }
                catch { throw arguments.refuse("'\(text)': \(error.reason)") }
            },
            write: { command in
                guard case .seekTo(let time) = command else { return nil }
                return [time.compactText]
            },
            help: "go to a time (90, 1:30, 1:02:03)",
            helpWithArguments: { command in
                guard case .seekTo(let time) = command else { return nil }
                return "go to \(time.clockString)"
            }),

        .plain("frame-step", .frameStep(forward: true), help: "pause, and show the next frame",
               keys: [.player(4, ".", .frameStep(forward: true)), .window(4, ".", .frameStep(forward: true))]),
        .plain("frame-back-step", .frameStep(forward: false), help: "pause, and show the frame before",
               keys: [.player(5, ",", .frameStep(forward: false)), .window(5, ",", .frameStep(forward: false))]),
        .plain("ab-loop", .abLoop, help: "A-B loop: set A, then B (it loops between them), then clear",
               keys: [.player(7, "b", .abLoop), .window(7, "b", .abLoop)]),
        .plain("screenshot", .screenshot, help: "save the frame on screen as a PNG, at the video's size",
               keys: [.player(9, "s", .screenshot)]),
        .plain("live-edge", .liveEdge, help: "live input: jump to the newest frame",
               keys: [.global(12, "End", .liveEdge), .global(12, "l", .liveEdge)]),
    ]
}
