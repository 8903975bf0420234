import InsetCore
import InsetMPRIS
import Testing

/// Which MPRIS call becomes which of the command table's commands, and which player state
/// gives which property values (the bus itself is tested end to end, with playerctl).
@Suite("MPRIS mapping")
struct MPRISMappingTests {
    static let player = MPRISProperties.player

    static func playing(track: Int = 2, status: MPRISState.Status = .playing, next: Bool = true, previous: Bool = false,
                        canSeek: Bool = true, volume: Int? = 80) -> MPRISState {
        MPRISState(track: track, title: "clock.mp4", url: MPRISProperties.url(of: "/media/clock.mp4"), length: .seconds(60),
                   start: .seconds(1), time: .seconds(11), status: status, volume: volume,
                   speed: PlaybackSpeed(clamping: 150), canGoNext: next, canGoPrevious: previous, canSeek: canSeek)
    }

    static func commands(_ member: String, _ arguments: [BusValue] = [], state: MPRISState? = playing(),
                         interface: String = player) -> [Command]? {
        try? MPRISRequest.action(interface: interface, member: member, arguments: arguments, state: state).get().commands
    }

    @Test("each Player method becomes the command a key would send")
    func methodsToCommands() {
        #expect(Self.commands("PlayPause") == [.pause(nil)])
        #expect(Self.commands("Play") == [.pause(false)])
        #expect(Self.commands("Pause") == [.pause(true)])
        #expect(Self.commands("Next") == [.playlist(.next)])
        #expect(Self.commands("Previous", state: Self.playing(previous: true)) == [.playlist(.previous)])
        #expect(Self.commands("Seek", [.int64(-5_000_000)]) == [.seek(by: .seconds(-5))])
        // Positions count from the media's start (1 s here).
        #expect(Self.commands("SetPosition", [.objectPath("/org/inset/track/2"), .int64(10_000_000)]) == [.seekTo(.seconds(11))])
        #expect(Self.commands("Quit", interface: MPRISProperties.root) == [.quit])
        #expect(Self.commands("Raise", interface: MPRISProperties.root) == [])
    }

    @Test("Stop pauses at the start and reports Stopped until it plays; PlayPause then plays")
    func stop() throws {
        let action = try MPRISRequest.action(interface: Self.player, member: "Stop", arguments: [], state: Self.playing()).get()
        #expect(action.commands == [.pause(true), .seekTo(.seconds(1))])
        #expect(action.stops)
        #expect(MPRISState.Status(playing: false, ended: false, stoppedOnRequest: true) == .stopped)
        #expect(MPRISState.Status(playing: true, ended: false, stoppedOnRequest: true) == .playing)
        #expect(MPRISState.Status(playing: false, ended: true, stoppedOnRequest: false) == .stopped)
        #expect(MPRISState.Status(playing: false, ended: false, stoppedOnRequest: false) == .paused)
        #expect(Self.commands("PlayPause", state: Self.playing(status: .stopped)) == [.pause(false)])
    }

    @Test("what the spec says has no effect has none: no next file, no seeking, another track's id, past the end")
    func noEffect() {
        #expect(Self.commands("Next", state: Self.playing(next: false)) == [])
        #expect(Self.commands("Previous") == [])
        #expect(Self.commands("Seek", [.int64(1_000_000)], state: Self.playing(canSeek: false)) == [])
        #expect(Self.commands("SetPosition", [.objectPath("/org/inset/track/1"), .int64(1_000_000)]) == [])
        #expect(Self.commands("SetPosition", [.objectPath("/org/inset/track/2"), .int64(61_000_000)]) == [])
        #expect(Self.commands("SetPosition", [.objectPath("/org/inset/track/2"), .int64(-1)]) == [])
        #expect(Self.commands("Play", state: nil) == [.pause(false)])
        #expect(Self.commands("Stop", state: nil) == [])
    }

    @Test("bad arguments and unknown methods are errors with the D-Bus names")
    func refusals() {
        func refusal(_ member: String, _ arguments: [BusValue], interface: String = MPRISProperties.player) -> String? {
            if case .failure(let refusal) = MPRISRequest.action(interface: interface, member: member, arguments: arguments,
                                                                  state: Self.playing()) { return refusal.name }
            return nil
        }
        #expect(refusal("Seek", [.string("5")]) == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(refusal("SetPosition", [.int64(5)]) == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(refusal("OpenUri", [.string("ftp://host/a.mp4")]) == "org.freedesktop.DBus.Error.InvalidArgs")
        #expect(refusal("Shuffle", []) == "org.freedesktop.DBus.Error.UnknownMethod")
        #expect(refusal("Quit", [], interface: "org.example.Other") == "org.freedesktop.DBus.Error.UnknownMethod")
    }

    @Test("OpenUri opens a file URL's path and an http URL as it is")
    func openUri() throws {
        let file = try MPRISRequest.action(interface: Self.player, member: "OpenUri",
                                           arguments: [.string("file:///media/a%20b.mp4")], state: nil).get()
        #expect(file.open == "/media/a b.mp4")
        #expect(file.commands.isEmpty)
        let web = try MPRISRequest.action(interface: Self.player, member: "OpenUri",
                                          arguments: [.string("https://example.com/v.m3u8")], state: nil).get()
        #expect(web.open == "https://example.com/v.m3u8")
    }

    @Test("Volume and Rate are written as volume and speed commands, within Inset's ranges; the rest are read only")
    func setting() throws {
        func set(_ property: String, _ value: BusValue) -> Result<MPRISAction, MPRISRefusal> {
            MPRISRequest.setting(interface: Self.player, property: property, to: .variant(value), state: Self.playing())
        }
        #expect(try set("Volume", .double(0.42)).get().commands == [.volume(.to(42))])
        #expect(try set("Volume", .double(-1)).get().commands == [.volume(.to(0))])
        #expect(try set("Volume", .double(1.5)).get().commands == [.volume(.to(100))])
        #expect(try set("Rate", .double(2)).get().commands == [.speed(.to(PlaybackSpeed(clamping: 200)))])
        #expect(try set("Rate", .int64(9)).get().commands == [.speed(.to(.fastest))])
        #expect(try set("Rate", .double(0)).get().commands == [.pause(true)])
        #expect(throws: MPRISRefusal.self) { try set("Position", .int64(0)).get() }
        #expect(throws: MPRISRefusal.self) { try set("Loudness", .double(1)).get() }
        #expect(throws: MPRISRefusal.self) { try set("Volume", .string("loud")).get() }
    }

    @Test("the state gives the Player's property values")
    func properties() {
        let values = BusValue.dictionary(MPRISProperties.playerValues(Self.playing()))
        #expect(values["PlaybackStatus"] == .string("Playing"))
        #expect(values["Position"] == .int64(10_000_000))
        #expect(values["Volume"] == .double(0.8))
        #expect(values["Rate"] == .double(1.5))
        #expect(values["MinimumRate"] == .double(0.25))
        #expect(values["MaximumRate"] == .double(4))
        #expect(values["CanGoNext"] == .bool(true))
        #expect(values["CanGoPrevious"] == .bool(false))
        #expect(values["CanSeek"] == .bool(true))
        #expect(values["CanPlay"] == .bool(true))
        let metadata = values["Metadata"]
        #expect(metadata?["mpris:trackid"] == .objectPath("/org/inset/track/2"))
        #expect(metadata?["xesam:title"] == .string("clock.mp4"))
        #expect(metadata?["mpris:length"] == .int64(60_000_000))
        #expect(metadata?["xesam:url"] == .string("file:///media/clock.mp4"))
        #expect(metadata?["mpris:artUrl"] == nil)

        var withArt = Self.playing(volume: nil)
        withArt.artURL = "file:///media/cover.jpg"
        withArt.length = nil
        let more = BusValue.dictionary(MPRISProperties.playerValues(withArt))
        #expect(more["Metadata"]?["mpris:artUrl"] == .string("file:///media/cover.jpg"))
        #expect(more["Metadata"]?["mpris:length"] == nil)
        #expect(more["Volume"] == .double(0))

        let idle = BusValue.dictionary(MPRISProperties.playerValues(nil))
        #expect(idle["PlaybackStatus"] == .string("Stopped"))
        #expect(idle["Metadata"] == .dictionary([BusEntry("mpris:trackid", .objectPath(MPRISProperties.noTrack))]))
        #expect(idle["CanPlay"] == .bool(false))
        #expect(MPRISProperties.busName(pid: 4242) == "org.mpris.MediaPlayer2.inset.instance4242")
    }

    @Test("PropertiesChanged carries what changed, never Position; Seeked comes when the position jumps")
    func signals() {
        var signals = MPRISSignals()
        var state = Self.playing()
        let start = HostTime(nanoseconds: 1_000_000_000)
        #expect(signals.due(state, at: start) == .init(changed: [], seeked: nil))
        // Half a second later, played on at 1.5×: nothing to say.
        state.time = .seconds(11.75)
        #expect(signals.due(state, at: start.advanced(by: .milliseconds(500))) == .init(changed: [], seeked: nil))
        // Paused: the status changes, the position does not run.
        state.status = .paused
        let paused = signals.due(state, at: start.advanced(by: .milliseconds(600)))
        #expect(paused.changed == [BusEntry("PlaybackStatus", .string("Paused"))])
        #expect(paused.seeked == nil)
        #expect(signals.due(state, at: start.advanced(by: .seconds(5))) == .init(changed: [], seeked: nil))
        // A seek while paused.
        state.time = .seconds(31)
        #expect(signals.due(state, at: start.advanced(by: .seconds(6))).seeked == .seconds(30))
        // Playing, the position held still for two seconds (a stall, the next file opening)
        // is no seek, and running on from there is none either.
        state.status = .playing
        _ = signals.due(state, at: start.advanced(by: .milliseconds(6_100)))
        #expect(signals.due(state, at: start.advanced(by: .milliseconds(8_100))).seeked == nil)
        state.time = .seconds(31.15)
        #expect(signals.due(state, at: start.advanced(by: .milliseconds(8_200))).seeked == nil)
        // The next file: new metadata, no Seeked.
        state.track = 3
        state.time = .seconds(1)
        let next = signals.due(state, at: start.advanced(by: .seconds(9)))
        #expect(next.changed.map(\.key) == ["Metadata"])
        #expect(next.seeked == nil)
        // Nothing plays any more.
        #expect(signals.due(nil, at: start.advanced(by: .seconds(10))).changed.map(\.key).contains("PlaybackStatus"))
    }
}
