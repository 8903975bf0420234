import InsetCore
import Testing

/// mpv's watch_later options on the command line, as lobster passes them.
@Suite("mpv's watch_later options rewritten")
struct MpvWatchLaterCommandLineTests {
    static func translated(_ words: [String]) throws -> [String] { try MpvCommandLine.translate(words).arguments }

    @Test("lobster's line keeps its three watch_later options (rows of the settings table, no longer ignored)")
    func lobster() throws {
        let line = ["--sub-file=/t/a.vtt", "--force-media-title=Film", "http://h/a.m3u8", "--watch-later-directory=/t/wl",
                    "--write-filename-in-watch-later-config", "--save-position-on-quit", "--quiet"]
        let translation = try MpvCommandLine.translate(line)
        // `--sub-files` is a mapped row (its list said once, first: MpvMappedArguments).
        #expect(translation.arguments == ["--sub-files=/t/a.vtt", "--title", "Film", "http://h/a.m3u8", "--watch-later-directory", "/t/wl",
                                          "--write-filename-in-watch-later-config", "--save-position-on-quit"])
        #expect(translation.ignored == ["--quiet"])
    }

    @Test("the flags' yes, no and --no- spellings", arguments: [
        (["--save-position-on-quit=yes"], ["--save-position-on-quit"]),
        (["--save-position-on-quit=no"], []),
        (["--no-save-position-on-quit"], []),
        (["--write-filename-in-watch-later-config=yes"], ["--write-filename-in-watch-later-config"]),
        (["--no-write-filename-in-watch-later-config"], []),
        (["--watch-later-directory=~/wl"], ["--watch-later-directory", "~/wl"]),
        (["--watch-later-directory="], []),
    ])
    func flags(words: [String], expected: [String]) throws {
        #expect(try Self.translated(words) == expected)
    }

    @Test("a value mpv would refuse is refused")
    func refused() {
        #expect(throws: MpvCommandLine.Refusal.self) { try Self.translated(["--save-position-on-quit=maybe"]) }
    }
}
