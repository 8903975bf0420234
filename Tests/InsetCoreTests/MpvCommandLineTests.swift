import InsetCore
import Testing

/// mpv's spellings of the launchers' options, as Inset's (docs/mpv.md). The command lines
/// are the launchers' own: ytfzf's `video_player` and `audio_player`, yt-x's `__player_mpv`.
@Suite struct MpvCommandLineTests {
    private func translated(_ words: [String]) throws -> [String] {
        try MpvCommandLine.translate(words).arguments
    }

    @Test func ytfzfsCommandLines() throws {
        #expect(try translated(["--ytdl-format=bv*[height<=720]+ba/b", "https://youtu.be/x"])
            == ["--ytdl-format", "bv*[height<=720]+ba/b", "https://youtu.be/x"], "Inset's own option, as mpv spells it")
        let audio = try MpvCommandLine.translate(["--force-window", "--no-video", "--ytdl-format=ba", "https://youtu.be/x"])
        #expect(audio.arguments == ["--no-video", "--ytdl-format", "ba", "https://youtu.be/x"])
        #expect(audio.ignored == ["--force-window"])
        #expect(try translated(["--input-ipc-server=/tmp/s", "--loop-file=inf", "--idle=yes", "a.jpg"])
            == ["--socket", "/tmp/s", "--loop", "--idle", "a.jpg"])
    }

    /// invidtui's mediaplayer/mpv.go, `connect`: its player runs behind invidtui's own TUI.
    @Test("invidtui's command line: idle, kept open, no terminal, no keys, the socket")
    func invidtuisCommandLine() throws {
        let line = try MpvCommandLine.translate(["--idle", "--keep-open", "--no-terminal", "--really-quiet", "--no-input-terminal",
                                                 "--user-agent=invidtui", "--input-ipc-server=/tmp/i.sock",
                                                 "--script-opts=ytdl_hook-ytdl_path=/usr/bin/yt-dlp"])
        // --script-opts is kept for the scripts (MpvMappedArguments), in mpv's %N% quoting.
        #expect(line.arguments == ["--script-opts=ytdl_hook-ytdl_path=%15%/usr/bin/yt-dlp", "--idle", "--keep-open", "--no-terminal",
                                   "--no-input-terminal", "--user-agent", "invidtui", "--socket", "/tmp/i.sock"])
        #expect(line.ignored == ["--really-quiet"])
        #expect(try translated(["--idle=once", "--keep-open=always", "--terminal=no", "--input-terminal=no"])
                == ["--idle", "--keep-open", "--no-terminal", "--no-input-terminal"])
        #expect(try translated(["--idle=no", "--keep-open=no", "--terminal=yes", "--input-terminal=yes", "--no-idle", "f"]) == ["f"])
        #expect(throws: MpvCommandLine.Refusal(message: "Error parsing option idle (option parameter could not be parsed): invalid value for option idle: later (valid: no, once, yes)")) {
            try translated(["--idle=later"])
        }
        #expect(throws: MpvCommandLine.Refusal(message: "Error parsing option terminal (option parameter could not be parsed): invalid parameter for terminal flag: maybe (yes, no or nothing)")) {
            try translated(["--terminal=maybe"])
        }
    }

    @Test func ytxsCommandLineHasItsOptionsAfterTheURL() throws {
        let line = try MpvCommandLine.translate(["https://youtu.be/x", "--no-video", "--force-window=no"])
        #expect(line.arguments == ["https://youtu.be/x", "--no-video"])
        #expect(line.ignored == ["--force-window=no"])
    }

    @Test func scrapersOptions() throws {
        #expect(try translated(["--force-media-title=Episode 1", "--http-header-fields=Referer: https://a.example,X-Y: z",
                                "--user-agent=UA", "--referrer=https://a.example", "--start=1:00", "--end=2:00", "u"])
            == ["--http-header-fields", "Referer: https://a.example,X-Y: z", "--title", "Episode 1", "--user-agent", "UA",
                "--referrer", "https://a.example", "--start", "60.000", "--end", "120.000", "u"])
        #expect(try translated(["--title=T", "--sub-file=s.srt", "--audio-file=a.m4a", "--speed=1.5", "--volume=50", "f"])
            == ["--sub-files=s.srt", "--audio-file", "a.m4a", "--title", "T", "--speed", "1.5", "--volume", "50", "f"],
                "lists first, once each")
    }

    @Test("--gapless-audio passes as mpv spells it; --no-gapless-audio is no")
    func gaplessAudio() throws {
        #expect(try translated(["--gapless-audio=weak", "a.flac"]) == ["--gapless-audio", "weak", "a.flac"])
        #expect(try translated(["--no-gapless-audio", "a.flac"]) == ["--gapless-audio", "no", "a.flac"])
        #expect(GaplessAudio.weak.follows(playing: .init(sampleRate: 44_100, channels: 2), next: .init(sampleRate: 44_100, channels: 2)))
        #expect(!GaplessAudio.weak.follows(playing: .init(sampleRate: 44_100, channels: 2), next: .init(sampleRate: 48_000, channels: 2)))
        #expect(!GaplessAudio.weak.follows(playing: .init(sampleRate: 48_000, channels: 2), next: .init(sampleRate: 48_000, channels: 1)))
        #expect(GaplessAudio.yes.follows(playing: .init(sampleRate: 44_100, channels: 2), next: .init(sampleRate: 48_000, channels: 1)))
        #expect(!GaplessAudio.no.follows(playing: .init(sampleRate: 48_000, channels: 2), next: .init(sampleRate: 48_000, channels: 2)))
    }

    @Test func yesNoFlags() throws {
        #expect(try translated(["--mute=yes", "f"]) == ["--mute", "f"])
        #expect(try translated(["--mute=no", "f"]) == ["f"])
        #expect(try translated(["--mute", "f"]) == ["--mute", "f"])
        #expect(try translated(["--loop-playlist", "--loop-playlist=no", "f"]) == ["--loop-playlist", "f"])
        #expect(try translated(["--vid=no", "f"]) == ["--no-video", "f"])
        #expect(try translated(["--ytdl=no", "--no-ytdl", "f"]) == ["--ytdl", "no", "--ytdl", "no", "f"])
        #expect(try MpvCommandLine.translate(["--ytdl", "yes", "f"], insetOptionsWithValue: ["--ytdl"]).arguments
            == ["--ytdl", "yes", "f"], "Inset's own spelling stays")
        #expect(try translated(["--playlist=list.m3u"]) == ["list.m3u"])
        #expect(try translated(["--no-resume-playback", "f"]) == ["--no-resume", "f"])
        #expect(throws: MpvCommandLine.Refusal.self) { try translated(["--mute=maybe", "f"]) }
        #expect(try translated(["--loop-file=3", "f"]) == ["--loop-file", "3", "f"], "Inset's own --loop-file N")
        #expect(try translated(["--loop-file=0", "f"]) == ["f"])
        #expect(throws: MpvCommandLine.Refusal(message: "Error parsing option loop-file (option parameter could not be parsed): "
                                               + "invalid value for option loop-file: often (valid: no, inf, yes, 0-10000 (integer range))")) {
            try translated(["--loop-file=often", "f"])
        }
        #expect(try translated(["--loop-playlist=3", "f"]) == ["--loop-playlist", "f"], "mpv takes a count: Inset loops it forever")
    }

    @Test func harmlessOptionsAreDroppedAndNamed() throws {
        let line = try MpvCommandLine.translate(["--ao=null", "--hwdec=auto", "--profile=fast", "--really-quiet", "f"])
        #expect(line.arguments == ["f"])
        #expect(line.ignored == ["--ao=null", "--hwdec=auto", "--profile=fast", "--really-quiet"])
        #expect(line.reasons[1] == "nothing it changes applies to Inset")
        #expect(line.reasons[3] == "Inset writes nothing to the terminal but its screen", "a row's own reason")
        // --vo is mapped (MpvMappedOptions): an output Inset lacks is said by the parser's side.
        #expect(try translated(["--vo=gpu", "f"]) == ["--vo=gpu", "f"])
    }

    @Test("mpv's defaults as mpv writes them: --volume=100.000, --start=none")
    func mpvsDefaultsAreTaken() throws {
        #expect(try translated(["--volume=100.000", "--start=none", "--speed=1.000", "--audio-delay=0.000", "f"])
            == ["--volume", "100", "--speed", "1.0", "f"])
        #expect(try translated(["--volume=150", "f"]) == ["--volume", "100", "f"], "Inset does not amplify: held at 100")
    }

    @Test("--start=+T, -T from the end, N% and #C reach Inset's --start")
    func startPositions() throws {
        #expect(try translated(["--start=+90", "f"]) == ["--start", "90.000", "f"])
        #expect(try translated(["--start=-10", "f"]) == ["--start", "-10.000", "f"])
        #expect(try translated(["--start=25%", "f"]) == ["--start", "25%", "f"])
        #expect(try translated(["--start=#2", "f"]) == ["--start", "#2", "f"])
        #expect(throws: MpvCommandLine.Refusal(message: "Error parsing option start (option parameter could not be parsed): invalid time or position: 'xyz'")) {
            try translated(["--start=xyz", "f"])
        }
    }

    @Test("a list's edits are gathered as mpv applies them, then said once")
    func listEditsAreGathered() throws {
        #expect(try translated(["--sub-files=a.srt:b.srt", "--sub-files-remove=a.srt", "--sub-file=c.srt", "f"])
            == ["--sub-files=b.srt:c.srt", "f"])
        #expect(try translated(["--audio-file=a.m4a", "--audio-files-clr", "f"]) == ["f"])
        let pipeViewer = try MpvCommandLine.translate(["--stream-lavf-o-append=request_size=10485760", "--no-ytdl", "v",
                                                       "--audio-file=a.m4a"])
        #expect(pipeViewer.arguments == ["--stream-lavf-o=request_size=%8%10485760", "--audio-file", "a.m4a", "--ytdl", "no", "v"])
        #expect(pipeViewer.ignored.isEmpty)
    }

    @Test("mpv's refusals: a removed option, a value missing, a bad key/value list")
    func mpvsRefusalsAreRefused() throws {
        #expect(throws: MpvCommandLine.Refusal(message: "Error parsing option zoom (option not found): mpv removed --zoom")) {
            try translated(["--zoom=1", "f"])
        }
        #expect(throws: MpvCommandLine.Refusal(message: "Error parsing option vo (option requires parameter)")) {
            try translated(["--vo", "kitty", "f"])
        }
        #expect(throws: MpvCommandLine.Refusal.self) { try translated(["--script-opts=a", "f"]) }
        #expect(throws: MpvCommandLine.Refusal.self) { try translated(["--volume=abc", "f"]) }
    }

    @Test("the launchers' lines parse: ani-cli with ani-skip, yazi's kitty output, lobster")
    func launchersLinesParse() throws {
        let aniCli = try MpvCommandLine.translate(["--chapters-file=/tmp/ch", "--script-opts=skip-op_start=1.5,skip-op_end=90",
                                                   "--script=/x/skip.lua", "--force-media-title=Ep 1", "u"])
        #expect(aniCli.arguments == ["--script-opts=skip-op_start=%3%1.5,skip-op_end=%2%90", "--script=/x/skip.lua",
                                     "--chapters-file=/tmp/ch", "--title", "Ep 1", "u"], "mapped: MpvMappedArguments takes them")
        #expect(aniCli.ignored.isEmpty)
        let yazi = try MpvCommandLine.translate(["--profile=sw-fast", "--vo=kitty", "--vo-kitty-use-shm=yes", "--really-quiet",
                                                 "--vo-kitty-left=3", "--vo-kitty-cols=40", "f"])
        #expect(yazi.arguments == ["--vo=kitty", "--vo-kitty-use-shm=yes", "--vo-kitty-left=3", "--vo-kitty-cols=40", "f"])
        let lobster = try MpvCommandLine.translate(["--sub-file=s.vtt", "--force-media-title=T", "u", "--watch-later-directory=/tmp/w",
                                                    "--write-filename-in-watch-later-config", "--save-position-on-quit", "--quiet"])
        #expect(lobster.arguments == ["--sub-files=s.vtt", "--title", "T", "u", "--watch-later-directory", "/tmp/w",
                                      "--write-filename-in-watch-later-config", "--save-position-on-quit"])
    }

    @Test func othersPassToTheParserAndWhatFollowsDashDashIsAPath() throws {
        #expect(try translated(["--no-such-option=1", "f"]) == ["--no-such-option=1", "f"], "the parser refuses it, naming it")
        #expect(try translated(["--pip", "--graphics=kitty", "--sub=s.srt", "f"]) == ["--pip", "--graphics=kitty", "--sub=s.srt", "f"],
                "Inset's own options, and --sub (mpv's --sid) in Inset's meaning")
        #expect(try translated(["--", "--vo=gpu"]) == ["--", "--vo=gpu"])
        #expect(try translated(["--help"]) == ["--help"] && translated(["--version"]) == ["--version"], "the parser's, not mpv's print options")
    }
}
