import InsetCore
import Testing

/// mpv's watch_later files as values: the MD5 that names them, their text both ways.
/// The names and texts checked here are what mpv 0.35.1 wrote on this machine
/// (`mpv --save-position-on-quit --write-filename-in-watch-later-config`).
@Suite("mpv's watch_later files")
struct WatchLaterEntryTests {
    @Test("MD5 gives RFC 1321's digests, over one block and several", arguments: [
        ("", "D41D8CD98F00B204E9800998ECF8427E"),
        ("abc", "900150983CD24FB0D6963F7D28E17F72"),
        ("message digest", "F96B697D7CB7938D525A2F31AAF161D0"),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890", "57EDF4A22BE3C955AC49DA2E2107B67A"),
    ])
    func md5(text: String, hex: String) {
        #expect(MD5.upperHex(Array(text.utf8)) == hex)
    }

    @Test("a path is named as mpv named it: absolute as given, relative after the working folder, a URL as given")
    func names() {
        // mpv names the file by the MD5 of the path in upper-case hex (`printf %s PATH | md5sum`);
        // WatchLaterEndToEndTests checks the name against a file the installed mpv wrote.
        #expect(WatchLaterEntry.fileName(for: "/home/me/Videos/film.mkv", currentDirectory: "/elsewhere")
                == "A2BB79BB25E350F939375120C6ED055E")
        #expect(WatchLaterEntry.hashedPath(for: "samples/a.mp4", currentDirectory: "/home/me") == "/home/me/samples/a.mp4")
        #expect(WatchLaterEntry.hashedPath(for: "./a.mp4", currentDirectory: "/home/me/") == "/home/me/./a.mp4")
        #expect(WatchLaterEntry.hashedPath(for: "http://127.0.0.1:8000/a.m3u8", currentDirectory: "/home/me") == "http://127.0.0.1:8000/a.m3u8")
        #expect(WatchLaterEntry.fileName(for: "abc", currentDirectory: "/") == MD5.upperHex(Array("/abc".utf8)))
    }

    @Test("the text is mpv's: '# PATH' when asked, start with six decimals, audio-delay only when not 0")
    func text() {
        let entry = WatchLaterEntry(start: .seconds(3.5))
        #expect(entry.text(path: "/home/me/Videos/film.mkv")
                == "# /home/me/Videos/film.mkv\nstart=3.500000\n")
        #expect(entry.text(path: nil) == "start=3.500000\n")
        #expect(WatchLaterEntry(start: MediaTime(microseconds: 1)).text(path: nil) == "start=0.000001\n")
        #expect(WatchLaterEntry(start: .zero, audioDelay: .seconds(-0.25)).text(path: nil) == "start=0.000000\naudio-delay=-0.250000\n")
        #expect(WatchLaterEntry(start: nil).text(path: "http://h/live") == "# http://h/live\n")
        // A line break in a name would end the line: mpv writes control bytes as '_'.
        #expect(WatchLaterEntry(start: .seconds(1)).text(path: "/a\nstart=99\tb") == "# /a_start=99_b\nstart=1.000000\n")
    }

    @Test("mpv's files read back: start and audio-delay, its other options left, comments and redirects skipped")
    func parse() {
        let mpv = "# /home/me/Videos/film.mkv\nstart=3.500000\nvolume=50.000000\naudio-delay=0.100000\npause=yes\n"
        #expect(WatchLaterEntry.parse(mpv) == WatchLaterEntry(start: .seconds(3.5), audioDelay: .seconds(0.1)))
        #expect(WatchLaterEntry.parse("start=12.000000\n") == WatchLaterEntry(start: .seconds(12)))
        #expect(WatchLaterEntry.parse("# redirect entry\n# /a/b\n") == nil)
        #expect(WatchLaterEntry.parse("start=-3\n") == nil)
        #expect(WatchLaterEntry.parse("start=nan\n") == nil)
        #expect(WatchLaterEntry.parse("start=1e300\n") == nil)
        #expect(WatchLaterEntry.parse("audio-delay=11\n") == nil)
    }

    @Test("what Inset writes reads back to the same entry", arguments: [0.0, 0.000001, 59.999999, 3600.5])
    func roundTrip(seconds: Double) {
        let entry = WatchLaterEntry(start: .seconds(seconds), audioDelay: .seconds(0.2))
        #expect(WatchLaterEntry.parse(entry.text(path: "/x")) == entry)
    }
}
