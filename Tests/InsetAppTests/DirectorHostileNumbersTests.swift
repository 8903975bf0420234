import Foundation
import InsetControl
import InsetCore
import InsetMPRIS
import Testing
@testable import InsetApp
@testable import InsetPlayback

/// Issue 42 item 7: absurd numbers through mpv's IPC and MPRIS are saturated or refused,
/// never a trap (status 132) and never a billion of anything. Each input is the issue's own,
/// carried through the desk and the director as the loop carries it.
@Suite("Director: absurd numbers from mpv's IPC and MPRIS (issue 42 item 7)", .serialized)
struct DirectorHostileNumbersTests {
    typealias MpvClient = DirectorMpvTests.MpvClient

    static let inputs: [[JSONValue]] = [
        [.string("add"), .string("volume"), .double(1e300)],
        [.string("add"), .string("volume"), .double(-1e300)],
        [.string("add"), .string("volume"), .string("nan")],
        [.string("add"), .string("chapter"), .double(1e300)],
        [.string("add"), .string("chapter"), .double(-1e300)],
        [.string("add"), .string("chapter"), .string("nan")],
        [.string("add"), .string("playlist-pos"), .double(1e9)],
        [.string("add"), .string("playlist-pos"), .double(-1e9)],
        [.string("add"), .string("time-pos"), .double(1e300)],
        [.string("add"), .string("audio-delay"), .double(1e300)],
        [.string("add"), .string("speed"), .double(1e300)],
        [.string("set"), .string("speed"), .string("inf")],
        [.string("set_property"), .string("speed"), .string("-inf")],
        [.string("set_property"), .string("volume"), .string("nan")],
        [.string("set_property"), .string("time-pos"), .double(1e300)],
        [.string("set_property"), .string("percent-pos"), .string("nan")],
        [.string("set_property"), .string("playlist-pos"), .double(1e300)],
        [.string("set_property"), .string("chapter"), .int(Int.min)],
        [.string("set_property"), .string("aid"), .int(Int.max)],
        [.string("seek"), .double(1e300)],
        [.string("seek"), .double(-1e300)],
        [.string("seek"), .string("nan")],
        [.string("seek"), .string("inf"), .string("absolute")],
        [.string("seek"), .double(1e300), .string("absolute")],
        [.string("seek"), .double(-1e300), .string("absolute")],
        [.string("seek"), .double(1e300), .string("relative-percent")],
        [.string("seek"), .double(-1e300), .string("absolute-percent")],
        [.string("observe_property"), .double(1e300), .string("pause")],
    ]

    /// A number as it came back over the socket (a whole double is read back as an int).
    static func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let number)?: Double(number)
        case .double(let number)?: number
        default: nil
        }
    }

    @Test("each of mpv's absurd numbers gets a reply, the player plays on and its values stay in range")
    func mpvNumbers() throws {
        // Timed: with a sound device, so the volume is really changed.
        // Looping: a seek to the end (1e300) goes on from the start instead of ending the player.
        let app = try DirectorHarness(paths: [sample("clock_16x9_aac.mp4"), sample("clock_4x3.mp4")], timed: true) { $0.loop = true }
        #expect(app.waitForPlayer())
        let mpv = try MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        for input in Self.inputs {
            let reply = try mpv.ask(input)
            #expect(reply["error"] != nil, "\(input): \(reply)")
            #expect(app.director.isRunning, "\(input) ended the player")
        }
        let volume = try Self.number(mpv.data("volume"))
        #expect(volume == 0 || volume == 100, "volume \(String(describing: volume))")
        let time = try #require(try Self.number(mpv.data("time-pos")))
        #expect(time >= 0 && time <= 10.1)
        #expect(try Self.number(mpv.data("speed")) == 1, "speed refused, not changed")
    }

    @Test("add volume past the range is one step to its end; nan and inf are refused as parameters")
    func volumeSaturates() throws {
        let app = try DirectorHarness(paths: [sample("clock_16x9_aac.mp4")], timed: true)
        #expect(app.waitForPlayer())
        let mpv = try MpvClient(app)
        defer { mpv.desk.finish(app.director) }
        let reply = try mpv.ask([.string("add"), .string("volume"), .double(1e300)])
        #expect(reply["error"] == .string("success"), "\(reply)")
        #expect(try Self.number(mpv.data("volume")) == 100)
        #expect(try mpv.ask([.string("add"), .string("volume"), .double(-1e300)])["error"] == .string("success"))
        #expect(try Self.number(mpv.data("volume")) == 0)
        #expect(try mpv.ask([.string("add"), .string("volume"), .string("nan")])["error"] == .string("invalid parameter"))
        #expect(try mpv.ask([.string("set"), .string("speed"), .string("inf")])["error"] == .string("unsupported format for accessing property"))
        // The director's own sum holds too, whoever asks.
        _ = app.director.executeFromOutside(.volume(.by(Int.max)), at: app.now)
        #expect(try Self.number(mpv.data("volume")) == 100)
        _ = app.director.executeFromOutside(.volume(.by(Int.min)), at: app.now)
        #expect(try Self.number(mpv.data("volume")) == 0)
    }

    @Test("add playlist-pos 1e9 and add chapter 1e300 ask no more steps than there are places")
    func stepsAreBounded() {
        var state = MpvState()
        state.idle = false
        state.playlistCount = 3
        state.playlistPosition = 0
        state.chapters = [.init(title: "a", time: 0), .init(title: "b", time: 5)]
        // The old code built a billion commands here (2.5 GB), and trapped for 1e300.
        for (property, step, most) in [("playlist-pos", 1e9, 3), ("playlist-pos", -1e300, 3), ("chapter", 1e300, 3), ("chapter", -1e9, 3)] {
            guard case .run(let commands, _) = MpvIPC.translate([.string("add"), .string(property), .double(step)], in: state) else {
                Issue.record("add \(property) \(step) was not run"); continue
            }
            #expect(commands.count <= most, "add \(property) \(step): \(commands.count) steps")
        }
        #expect(MpvIPC.translate([.string("add"), .string("chapter"), .string("nan")], in: state) == .fail(.invalidParameter))
    }

    @Test("MPRIS Seek(Int64.max), Seek(Int64.min) and a huge SetPosition land in the file, never a trap")
    func mprisNumbers() throws {
        let app = try DirectorHarness(paths: [sample("clock_16x9_aac.mp4")])
        #expect(app.waitForPlayer())
        let status = try #require(app.director.controlledVideoStatus(at: app.now))
        for length in [status.duration, nil] {
            let state = MPRISState(track: 0, title: status.title, url: "", length: length, start: status.start, time: status.time,
                                   status: .playing, volume: nil)
            let calls: [(String, [BusValue])] = [
                ("Seek", [.int64(Int64.max)]), ("Seek", [.int64(Int64.min)]), ("Seek", [.int64(Int64.max - 1)]),
                ("SetPosition", [.objectPath(state.trackID), .int64(Int64.max)]),
                ("SetPosition", [.objectPath(state.trackID), .int64(Int64.max / 2)]),
            ]
            for (member, arguments) in calls {
                let action = try MPRISRequest.action(interface: MPRISProperties.player, member: member, arguments: arguments, state: state).get()
                for command in action.commands {
                    #expect(app.director.executeFromOutside(command, at: app.now).0 == .done, "\(member) \(arguments)")
                }
                app.tick()
                let time = try #require(app.director.controlledVideoStatus(at: app.now)?.time)
                #expect(time >= .zero && time <= .seconds(10.1), "\(member) \(arguments): \(time)")
            }
        }
        #expect(app.director.isRunning)
    }
}
