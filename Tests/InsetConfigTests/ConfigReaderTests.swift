import Foundation
import InsetCore
import Testing
@testable import InsetConfig

@Suite struct ConfigReaderTests {
    @Test("the ytdl keys, as mpv names them; a bad one is one problem")
    func ytdlKeys() {
        let config = ConfigReader.read(path: "config", text: """
            ytdl = false
            ytdl-path = "/opt/yt-dlp"
            ytdl-format = "bv*[height<=480]+ba/b"
            ytdl-raw-options = "cookies=/tmp/c.txt"
            ytdl-playlist = true
            ytdl-sites = ["Example.com", "videos.example.org"]
            """)
        #expect(config.problems.isEmpty, "\(config.problems)")
        #expect(config.ytdl == false && config.ytdlPlaylist == true)
        #expect(config.ytdlPath == "/opt/yt-dlp" && config.ytdlFormat == "bv*[height<=480]+ba/b")
        #expect(config.ytdlRawOptions == "cookies=/tmp/c.txt")
        #expect(config.ytdlSites == ["example.com", "videos.example.org"])
        let bad = ConfigReader.read(path: "config", text: "ytdl-sites = \"youtube.com\"\nytdl = \"maybe\"\n")
        #expect(bad.problems.count == 2, "\(bad.problems)")
    }

    @Test("gapless-audio takes mpv's values; another is one problem")
    func gaplessAudio() {
        #expect(ConfigReader.read(path: "config", text: "gapless-audio = \"yes\"\n").gaplessAudio == .yes)
        #expect(ConfigReader.read(path: "config", text: "gapless-audio = \"no\"\n").gaplessAudio == GaplessAudio.no)
        let bad = ConfigReader.read(path: "config", text: "gapless-audio = \"sometimes\"\n")
        #expect(bad.gaplessAudio == nil && bad.problems.map(\.message) == ["gapless-audio: 'sometimes' is not valid; expected yes, weak or no"])
    }

    @Test("link-rate takes auto, off, a number or a string with K or M; another is one problem")
    func linkRate() {
        #expect(ConfigReader.read(path: "config", text: "link-rate = \"1M\"\n").linkRate == .fixed(bytesPerSecond: 1_000_000))
        #expect(ConfigReader.read(path: "config", text: "link-rate = 500000\n").linkRate == .fixed(bytesPerSecond: 500_000))
        #expect(ConfigReader.read(path: "config", text: "link-rate = \"off\"\n").linkRate == .off)
        let bad = ConfigReader.read(path: "config", text: "link-rate = \"fast\"\n")
        #expect(bad.linkRate == nil && bad.problems.map(\.message)
                == ["link-rate: 'fast' is not valid; expected auto, off, or bytes a second (1000000, \"1M\", \"500K\")"])
    }

    @Test("graphics takes iterm (iTerm2's inline images) and lists it when another word is given")
    func graphicsITerm() {
        #expect(ConfigReader.read(path: "config", text: "graphics = \"iterm\"\n").graphics == .iterm)
        let bad = ConfigReader.read(path: "config", text: "graphics = \"osc\"\n")
        #expect(bad.graphics == nil && bad.problems.map(\.message) == ["graphics: 'osc' is not valid; expected kitty, sixel, iterm, cells or auto"])
    }

    @Test func optionsAndKeysAreRead() {
        let config = ConfigReader.read(path: "config", text: """
            # Inset's settings
            blitter = "sextant"
            graphics = "cells"
            colors = 256
            volume = 70
            mute = true
            speed = 1.5
            skip-step = 10
            prefix = "C-a"
            window-size = 2
            window-corner = "top-left"
            sub-lang = "en"
            audio-lang = "fr"
            resume = false
            advance = false
            shuffle = true
            loop-playlist = true
            screenshot-dir = "/tmp/shots"

            [keys]
            "F5" = "seek-to 1:30"

            [keys.player]
            x = "seek +30"
            "S-Right" = "volume -5"
            p = "none"
            """)
        #expect(config.problems.isEmpty, "\(config.problems)")
        #expect(config.blitter == .sextant)
        #expect(config.graphics == .cells)
        #expect(config.colors == .palette256)
        #expect(config.volume == 70)
        #expect(config.muted == true)
        #expect(config.speed == PlaybackSpeed(clamping: 150))
        #expect(config.skipStep == .seconds(10))
        #expect(config.prefix == KeyPress.chord(parsing: "C-a"))
        #expect(config.windowSize == 2)
        #expect(config.windowCorner == .topLeft)
        #expect(config.subtitleLanguage == "en")
        #expect(config.audioLanguage == "fr")
        #expect(config.resumes == false)
        #expect(config.advances == false && config.shuffles == true && config.loopsPlaylist == true)
        #expect(config.screenshotDirectory == "/tmp/shots")
        let bindings = config.keyBindings()
        let key = { (name: String) in KeyBindings.Trigger(name: name)! }
        #expect(bindings.command(for: key("x"), in: .player) == .seek(by: .seconds(30)))
        #expect(bindings.command(for: key("S-Right"), in: .player) == .volume(.by(-5)))
        #expect(bindings.command(for: key("p"), in: .player) == nil, "bound to none: unbound")
        #expect(bindings.command(for: key("F5"), in: .global) == .seekTo(.seconds(90)))
        // The skip step changes the default skips, not the ones the file wrote.
        #expect(bindings.command(for: key("Right"), in: .player) == .seek(by: .seconds(10)))
        #expect(bindings.command(for: key("Left"), in: .window) == .seek(by: .seconds(-10)))
    }

    @Test func eachBadLineIsOneProblemWithItsLineAndTheRestApplies() {
        let config = ConfigReader.read(path: "/home/u/.config/inset/config", text: """
            volume = 40
            blitter = "sixteenth"
            this is not toml
            volume-boost = 3
            [keys.player]
            x = "seek sideways"
            "Hyper-Q" = "quit"
            [keys.kitchen]
            y = "quit"
            [keys.window]
            z = "swap"
            """)
        let lines = config.problems.map(\.line)
        #expect(lines == [2, 3, 4, 6, 7, 8], "\(config.problems)")
        #expect(config.problems.allSatisfy { $0.description.hasPrefix("/home/u/.config/inset/config:") })
        #expect(config.problems[0].description.contains("half, quadrant, sextant, octant or auto"))
        #expect(config.problems[1].message.contains("not TOML"))
        #expect(config.problems[2].message.contains("unknown setting 'volume-boost'"))
        #expect(config.problems[3].message.contains("expected seek"))
        #expect(config.volume == 40)
        #expect(config.blitter == nil, "the bad line keeps the default")
        #expect(config.keyBindings().command(for: .key(KeyPress(.character("z"))), in: .window) == .swap)
    }

    @Test("a control byte, even in a comment, costs its line with one message, not the whole file")
    func aControlByteCostsItsLine() {
        let config = ConfigReader.read(path: "/c", text: "# my settings \u{01} here\nvolume = 40\nmute = true\u{7F}\nspeed = 1.5\n")
        #expect(config.problems.map(\.line) == [1, 3], "\(config.problems)")
        #expect(config.problems.allSatisfy { $0.message.contains("control character") })
        #expect(config.volume == 40)
        #expect(config.speed == PlaybackSpeed(text: "1.5"))
        #expect(config.muted == nil, "the line with the byte is left out")
    }

    @Test func theScreenshotFolderMayStartAtHome() throws {
        let home = try #require(ProcessInfo.processInfo.environment["HOME"])
        let config = ConfigReader.read(path: "config", text: "screenshot-dir = \"~/Pictures/inset\"\nresume = \"no\"\n")
        #expect(config.screenshotDirectory == home + "/Pictures/inset")
        #expect(config.resumes == nil)
        #expect(config.problems.map(\.description) == ["config:2: resume: expected true or false"])
    }

    @Test("the sound's keys: audio-delay in seconds, audio-device by name or auto, window-volume 0 to 100")
    func soundKeys() {
        let config = ConfigReader.read(path: "c", text: "audio-delay = -0.2\naudio-device = \"USB Audio\"\nwindow-volume = 40\n")
        #expect(config.problems.isEmpty)
        #expect(config.audioDelay == .milliseconds(-200) && config.audioDevice == "USB Audio" && config.windowVolume == 40)
        #expect(ConfigReader.read(path: "c", text: "audio-device = \"auto\"\n").audioDevice == nil)
        let bad = ConfigReader.read(path: "c", text: "audio-delay = 12\nwindow-volume = 101\naudio-device = 3\n")
        #expect(bad.problems.count == 3 && bad.audioDelay == nil && bad.windowVolume == nil)
    }

    @Test func theSpeedIsANumberOrItsText() {
        #expect(ConfigReader.read(path: "c", text: "speed = 2\n").speed == PlaybackSpeed(clamping: 200))
        #expect(ConfigReader.read(path: "c", text: "speed = \"0.75x\"\n").speed == PlaybackSpeed(clamping: 75))
        let bad = ConfigReader.read(path: "c", text: "speed = 8\n")
        #expect(bad.speed == nil)
        #expect(bad.problems.map(\.description) == ["c:1: speed: '8' is not valid; expected a speed from 0.25 to 4 (1.5)"])
    }

    @Test func aFileThatIsNotThereIsNoConfigUnlessNamed() {
        let path = "/nonexistent/inset/config"
        #expect(ConfigFile.load(path: path, required: false).problems.isEmpty)
        #expect(ConfigFile.load(path: path, required: true).problems.map(\.description) == ["\(path): no such file"])
        #expect(ConfigFile.load(explicitPath: path, disabled: true).problems.isEmpty)
    }

    @Test func theDefaultPathFollowsXDG() {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/u"]) == "/x/conf/inset/config")
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.config/inset/config")
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/u"]) == "/home/u/.config/inset/config")
        #expect(ConfigFile.defaultPath(environment: [:]) == nil)
    }
}
