import Foundation
import InsetTestSupport
import Testing

/// The launchers whose lines use mpv's mapped options (docs/mpv.md), each line as its own
/// script writes it: ani-cli with ani-skip's flags (a chapters file, script options), pipe-
/// viewer's (FFmpeg's input options, a second stream for the sound), and a file manager's
/// preview through mpv's kitty output and its rectangle. What a person sees: the title,
/// the chapters on the bar, the picture in its rectangle; what is heard, through SDL's disk
/// driver.
@Suite("mpv's launchers, mapped options", .serialized, .tags(.waits))
struct MpvLaunchersEndToEndTests {
    /// The loud stretches' tones heard through the disk driver: none means silence.
    static func heard(_ dir: URL, rate: Int = 48_000) throws -> [Double] {
        try AudioTrackEndToEndTests.tones(dir.appendingPathComponent("audio.raw"), rate: rate)
    }

    /// ani-cli (`play_episode`, --skip) runs `mpv $skip_flag $player_extra_flags
    /// --force-media-title="$title Episode $ep" "$video_link"`, `$skip_flag` being what
    /// ani-skip 1.0.1 printed (`--chapters-file=%s --script-opts=%s`) and split on spaces; its
    /// chapters file is `;FFMETADATA1` and a `[CHAPTER]` (TIMEBASE=1/1000, START, END,
    /// TITLE) for the opening, the ending and the episode between. An older ani-skip added
    /// `--script=…/skip.lua`, here missing: a line in the log (a skip.lua that is there runs:
    /// ScriptsEndToEndTests). The chapters file's marks on the
    /// bar and PgDn by their titles are the director's to check (MpvMappedSettingsTests),
    /// and the line's parsing MpvCommandLineTests': here, what only the process shows, that
    /// the whole line as the shell splits it plays, titled, with its sound.
    @Test("ani-cli with ani-skip: the whole line plays, with the title and the sound")
    func aniCli() throws {
        let dir = try AudioTrackEndToEndTests.scratch()
        let chapters = dir.appendingPathComponent("tmp.ani-skip").path
        try (";FFMETADATA1" + "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=2000\nEND=4000\nTITLE=Opening\n"
             + "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=8000\nEND=9500\nTITLE=Ending\n"
             + "\n[CHAPTER]\nTIMEBASE=1/1000\nSTART=4000\nEND=8000\nTITLE=Episode\n").write(toFile: chapters, atomically: true, encoding: .utf8)
        let skipFlag = "--chapters-file=\(chapters) --script-opts=skip-op_start=2.0,skip-op_end=4.0,skip-ed_start=8.0,skip-ed_end=9.5"
        let server = try TestWebServer()
        let tmux = try Tmux(environment: AudioTrackEndToEndTests.environment(dir))
        try tmux.run("skip_flag='\(skipFlag) --script=\(dir.path)/skip.lua'; "
                     + "\(try insetBinary()) --no-config $skip_flag --force-media-title=\"Frieren Episode 3\" "
                     + "\"\(server.url("clock_16x9_aac.mp4"))\"")
        try tmux.waitFor(timeout: 10, "playing") { ($0.shownTime?.position ?? 0) >= 1 && $0.text.contains("Frieren Episode 3") }
        try AudioTrackEndToEndTests.quit(tmux)
        #expect(try Self.heard(dir).count >= 5, "the episode's sound was not heard")
    }

    /// pipe-viewer's mpv entry (bin/pipe-viewer, `video_players`): `mpv --audio-file=*AUDIO*
    /// --really-quiet --force-media-title=*TITLE* --start=*START*
    /// --stream-lavf-o-append=request_size=10485760 --no-ytdl *VIDEO*`, its two streams as
    /// local http URLs (scripts/http-serve). FFmpeg 5.1 has no `request_size`: passed, unused.
    @Test("pipe-viewer: the picture and the title from one URL, the sound from the other")
    func pipeViewer() throws {
        let dir = try AudioTrackEndToEndTests.scratch()
        let server = try TestWebServer()
        let tmux = try Tmux(environment: AudioTrackEndToEndTests.environment(dir))
        try tmux.run("\(try insetBinary()) --no-config --audio-file=\(server.url("tone_440.mp3")) --really-quiet "
                     + "--force-media-title='A talk' --start=0 --stream-lavf-o-append=request_size=10485760 --no-ytdl "
                     + "\(server.url("clock_4x3.mp4"))")
        let playing = try tmux.waitFor(timeout: 10, "playing") { ($0.shownTime?.position ?? 0) >= 2 }
        #expect(playing.text.contains("A talk"))
        #expect(playing.text.contains("▀"), "no picture in cells")
        try AudioTrackEndToEndTests.quit(tmux)
        // The device opens at the sound's own rate: the MP3's 44.1 kHz, one channel.
        let tones = try Self.heard(dir, rate: 44_100)
        #expect(tones.filter { abs($0 - 440) < 30 }.count >= 5, "the --audio-file's 440 Hz was not heard: \(tones)")
        let paths = server.requests.filter { $0.count >= 3 && $0[1] == "GET" }.map { $0[2] }
        #expect(paths.contains { $0.hasSuffix("tone_440.mp3") } && paths.contains { $0.hasSuffix("clock_4x3.mp4") }, "\(paths)")
    }

    @Test("--stream-lavf-o: a safe key reaches FFmpeg (the User-Agent sent); protocol_whitelist is dropped, so http still opens")
    func streamOptions() throws {
        let server = try TestWebServer()
        let tmux = try Tmux()
        try tmux.run("\(try insetBinary()) --no-config --stream-lavf-o=user_agent=Lavf-Test/2,protocol_whitelist=file "
                     + "--end=1 \(server.url("clock_16x9_aac.mp4")); echo EXIT=$?")
        let ended = try tmux.waitFor(timeout: 15, "the stream played to --end") { $0.text.contains(/EXIT=\d/) }
        #expect(ended.text.contains("EXIT=0"), "\(ended.text)")
        let gets = server.requests.filter { $0.count >= 9 && $0[1] == "GET" }
        #expect(!gets.isEmpty && gets.allSatisfy { $0[7] == "Lavf-Test/2" }, "\(gets)")
    }

    /// yazi's documented mpv line, with the rectangle a previewer gives mpv's kitty output,
    /// on a pty that answers as kitty (scripts/fake-terminal) 80x24 with 10x20 cells: the
    /// rectangle is 38x20 cells at column 41, row 3 (mpv counts from 1).
    @Test("a file manager's preview through --vo=kitty: kitty pictures by shared memory, placed in the rectangle, nothing outside it")
    func fileManagerPreview() throws {
        let script = repositoryRoot.appendingPathComponent("scripts/fake-terminal").path
        let printed = try runCommand(["python3", script, "--as", "kitty", "--columns", "80", "--rows", "24", "--xpixel", "800",
                                      "--ypixel", "480", "--", "timeout", "3", try insetBinary(), "--profile=sw-fast", "--vo=kitty",
                                      "--vo-kitty-use-shm=yes", "--really-quiet", "--vo-kitty-left=41", "--vo-kitty-top=3",
                                      "--vo-kitty-cols=38", "--vo-kitty-rows=20", samplePath("clock_4x3.mp4")])
        let start = printed.firstIndex(of: "{") ?? printed.startIndex
        let object = try #require(try JSONSerialization.jsonObject(with: Data(printed[start...].utf8)) as? [String: Any])
        let output = object["output"] as? String ?? ""
        #expect(object["status"] as? Int == 124, "played until timeout's SIGTERM: \(object["status"] ?? "none")")
        #expect(!output.contains("\u{1B}[?1049h"), "an embedded player takes no alternate screen")
        // Every cursor move lands inside the rectangle: rows 3…22, columns 41…78.
        let moves = output.matches(of: /\x{1B}\[(\d+);(\d+)H/).map { (Int($0.1)!, Int($0.2)!) }
        #expect(!moves.isEmpty)
        #expect(moves.allSatisfy { (3...22).contains($0.0) && (41...78).contains($0.1) }, "\(moves.filter { !(3...22).contains($0.0) || !(41...78).contains($0.1) }.prefix(5))")
        // The pictures: through shared memory (t=s), each placed at a move inside the
        // rectangle and no larger than it (c, r in cells).
        let pictures = output.matches(of: /\x{1B}\[(\d+);(\d+)H\x{1B}_Ga=T,[^;\x{1B}]*c=(\d+),r=(\d+)[^;\x{1B}]*/)
        #expect(!pictures.isEmpty, "no kitty picture")
        for picture in pictures {
            let (row, column, columns, rows) = (Int(picture.1)!, Int(picture.2)!, Int(picture.3)!, Int(picture.4)!)
            #expect(row + rows - 1 <= 22 && column + columns - 1 <= 78, "\(picture.0)")
        }
        // This pty never reads the objects, so after a few the player gives shared memory up
        // and sends the pixels in the escapes (KittySharedMemoryEndToEndTests): the first went by it.
        #expect(pictures.first?.0.contains(",t=s,") == true, "not through shared memory: \(pictures.first?.0 ?? "")")
        // --vo-kitty-use-shm=no: in the escapes from the first, though the terminal is a local kitty.
        let direct = try Self.preview(["--vo=kitty", "--vo-kitty-use-shm=no", "--vo-kitty-left=41", "--vo-kitty-top=3",
                                       "--vo-kitty-cols=38", "--vo-kitty-rows=20"])
        #expect(direct.contains("\u{1B}_Ga=T,") && !direct.contains(",t=s,"))
    }

    /// What the player wrote with `options` on a pty answering as kitty, played for 3 s.
    static func preview(_ options: [String]) throws -> String {
        let script = repositoryRoot.appendingPathComponent("scripts/fake-terminal").path
        let printed = try runCommand(["python3", script, "--as", "kitty", "--columns", "80", "--rows", "24", "--xpixel", "800",
                                      "--ypixel", "480", "--", "timeout", "3", try insetBinary()] + options + [samplePath("clock_4x3.mp4")])
        let start = printed.firstIndex(of: "{") ?? printed.startIndex
        let object = try #require(try JSONSerialization.jsonObject(with: Data(printed[start...].utf8)) as? [String: Any])
        return object["output"] as? String ?? ""
    }
}
