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
            == ["--ytdl-format=bv*[height<=720]+ba/b", "https://youtu.be/x"], "Inset's own option, as mpv spells it")
        let audio = try MpvCommandLine.translate(["--force-window", "--no-video", "--ytdl-format=ba", "https://youtu.be/x"])
        #expect(audio.arguments == ["--no-video", "--ytdl-format=ba", "https://youtu.be/x"])
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
        #expect(line.arguments == ["--idle", "--keep-open", "--no-terminal", "--no-input-terminal", "--user-agent=invidtui",
                                   "--socket", "/tmp/i.sock"])
        #expect(line.ignored == ["--really-quiet", "--script-opts=ytdl_hook-ytdl_path=/usr/bin/yt-dlp"])
        #expect(try translated(["--idle=once", "--keep-open=always", "--terminal=no", "--input-terminal=no"])
                == ["--idle", "--keep-open", "--no-terminal", "--no-input-terminal"])
        #expect(try translated(["--idle=no", "--keep-open=no", "--terminal=yes", "--input-terminal=yes", "--no-idle", "f"]) == ["f"])
        #expect(throws: MpvCommandLine.Refusal(message: "--idle=later: expected yes, once or no")) { try translated(["--idle=later"]) }
        #expect(throws: MpvCommandLine.Refusal(message: "--terminal=maybe: expected yes or no")) { try translated(["--terminal=maybe"]) }
    }

    @Test func ytxsCommandLineHasItsOptionsAfterTheURL() throws {
        let line = try MpvCommandLine.translate(["https://youtu.be/x", "--no-video", "--force-window=no"])
        #expect(line.arguments == ["https://youtu.be/x", "--no-video"])
        #expect(line.ignored == ["--force-window=no"])
    }

    @Test func scrapersOptions() throws {
        #expect(try translated(["--force-media-title=Episode 1", "--http-header-fields=Referer: https://a.example,X-Y: z",
                                "--user-agent=UA", "--referrer=https://a.example", "--start=1:00", "--end=2:00", "u"])
            == ["--title", "Episode 1", "--http-header-fields=Referer: https://a.example,X-Y: z", "--user-agent=UA",
                "--referrer=https://a.example", "--start=1:00", "--end=2:00", "u"])
        #expect(try translated(["--title=T", "--sub-file=s.srt", "--audio-file=a.m4a", "--speed=1.5", "--volume=50", "f"])
            == ["--title", "T", "--sub", "s.srt", "--audio-file=a.m4a", "--speed=1.5", "--volume=50", "f"])
    }

    @Test("--gapless-audio passes as mpv spells it; --no-gapless-audio is no")
    func gaplessAudio() throws {
        #expect(try translated(["--gapless-audio=weak", "a.flac"]) == ["--gapless-audio=weak", "a.flac"])
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
        #expect(try translated(["--ytdl", "yes", "f"]) == ["--ytdl", "yes", "f"], "Inset's own spelling stays")
        #expect(try translated(["--playlist=list.m3u"]) == ["list.m3u"])
        #expect(try translated(["--no-resume-playback", "f"]) == ["--no-resume", "f"])
        #expect(throws: MpvCommandLine.Refusal.self) { try translated(["--mute=maybe", "f"]) }
        #expect(try translated(["--loop-file=3", "f"]) == ["--loop-file", "3", "f"], "Inset's own --loop-file N")
        #expect(try translated(["--loop-file=0", "f"]) == ["f"])
        #expect(throws: MpvCommandLine.Refusal(message: "--loop-file=often: expected inf, yes, no or a number of times")) {
            try translated(["--loop-file=often", "f"])
        }
        #expect(throws: MpvCommandLine.Refusal(message: "--loop-playlist=3: Inset loops forever (--loop-playlist=inf) or not at all, not a number of times")) {
            try translated(["--loop-playlist=3", "f"])
        }
    }

    @Test func harmlessOptionsAreDroppedAndNamed() throws {
        let line = try MpvCommandLine.translate(["--vo=gpu", "--hwdec=auto", "--profile=fast", "--really-quiet", "f"])
        #expect(line.arguments == ["f"])
        #expect(line.ignored == ["--vo=gpu", "--hwdec=auto", "--profile=fast", "--really-quiet"])
    }

    @Test func othersPassToTheParserAndWhatFollowsDashDashIsAPath() throws {
        #expect(try translated(["--fs-screen=1", "f"]) == ["--fs-screen=1", "f"], "the parser refuses it, naming it")
        #expect(try translated(["--", "--vo=gpu"]) == ["--", "--vo=gpu"])
    }
}
