import Testing
@testable import InsetSites

/// `--ytdl-raw-options` read as mpv reads a key-value list, and what of it may reach yt-dlp
/// (issue 42 item 11).
@Suite("--ytdl-raw-options as mpv reads it")
struct YtdlpRawOptionsTests {
    static func pairs(_ text: String) throws -> [[String]] {
        try YtdlpRawOptions.parse(text).map { [$0.key, $0.value] }
    }

    @Test("issue 42 item 11: mpv's quoting: [brackets] that nest, \"quotes\", %N% lengths; , and : between pairs")
    func quoting() throws {
        #expect(try Self.pairs("cookies=/tmp/c.txt,no-check-certificates=,force-ipv4")
                == [["cookies", "/tmp/c.txt"], ["no-check-certificates", ""], ["force-ipv4", ""]])
        // A bare key is a flag, as Inset always took it (mpv wants `key=`).
        #expect(try Self.pairs("no-check-certificates,force-ipv4") == [["no-check-certificates", ""], ["force-ipv4", ""]])
        #expect(try Self.pairs("proxy=[http://127.0.0.1:3128],format=[bv*[height<=480]+ba]")
                == [["proxy", "http://127.0.0.1:3128"], ["format", "bv*[height<=480]+ba"]])
        #expect(try Self.pairs(#"user-agent="a, b: c",referer=%9%x,y:z=w!!,sub-langs=en"#)
                == [["user-agent", "a, b: c"], ["referer", "x,y:z=w!!"], ["sub-langs", "en"]])
        #expect(try Self.pairs("a=1:b=2") == [["a", "1"], ["b", "2"]])
        #expect(try Self.pairs("%2%é=x") == [["é", "x"]], "%N% counts bytes")
        #expect(try Self.pairs("") == [])
    }

    @Test("issue 42 item 11: a quoted value with commas stays one value (the old split made more options of it)")
    func quotedValueIsOneOption() throws {
        var ytdlp = Ytdlp()
        ytdlp.rawOptions = "extractor-args=[youtube:player_client=web,tv],referer=[https://x/?a=1,exec=touch /tmp/x]"
        let arguments = ytdlp.rawArguments
        #expect(arguments.arguments == ["--extractor-args", "youtube:player_client=web,tv", "--referer", "https://x/?a=1,exec=touch /tmp/x"])
        #expect(arguments.refused.isEmpty)
    }

    @Test("issue 42 item 11: a malformed list is refused whole, one line", arguments: [
        "a=[b", "a=\"b", "a=%9%x", "a=%x%y", "a=%1%é", "a=[x]y",
    ])
    func malformed(text: String) {
        #expect(throws: YtdlpRawOptions.Malformed.self) { try YtdlpRawOptions.parse(text) }
        var ytdlp = Ytdlp()
        ytdlp.rawOptions = text
        ytdlp.rawOptionsFromCommandLine = true
        #expect(ytdlp.rawArguments.arguments.isEmpty)
        #expect(ytdlp.refusedRawOptions.count == 1 && ytdlp.refusedRawOptions[0].hasPrefix("--ytdl-raw-options: "))
    }

    @Test("issue 42 item 11: options that run programs or write files are refused unless from the command line", arguments: [
        "exec=[pre_process:touch /tmp/pwned]", "print-to-file=[title /tmp/pwned]", "output=/tmp/x", "o=/tmp/x", "-o=/tmp/x",
        "config-location=/tmp/evil.conf", "config-locations=/tmp/e", "batch-file=/tmp/urls", "a=/tmp/urls", "load-info-json=/tmp/j",
        "cookies=/tmp/jar", "plugin-dirs=/tmp/p", "write-info-json=", "write-subs=", "write-pages=", "paths=/tmp", "P=/tmp",
        "print-to=[title /tmp/x]", "exe=[touch /tmp/x]", "--exec=[touch /tmp/x]", "[exec=touch /tmp/x]=", "update=", "U=",
        "cache-dir=/tmp/c", "download-archive=/tmp/a", "netrc-cmd=[echo x]", "downloader=/tmp/prog", "ffmpeg-location=/tmp/f",
        "use-postprocessor=Evil", "alias=[x --exec touch]", "no-check-certificates=[--exec=touch /tmp/x]",
        "force-ipv4=-o/tmp/x", "-xo=/tmp/x",
    ])
    func denied(text: String) throws {
        var ytdlp = Ytdlp()
        ytdlp.rawOptions = text
        let fromConfig = ytdlp.rawArguments
        #expect(fromConfig.refused.count == 1, "\(fromConfig)")
        let passed = fromConfig.arguments.joined(separator: " ")
        #expect(!passed.contains("/tmp") && !passed.contains("touch"), "\(passed)")
        #expect(ytdlp.refusedRawOptions.first?.contains("from the config file") == true)
        ytdlp.rawOptionsFromCommandLine = true
        #expect(ytdlp.rawArguments.refused.isEmpty)
        #expect(!ytdlp.rawArguments.arguments.isEmpty)
    }

    @Test("issue 42 item 11: everyday options pass from the config file as they are", arguments: [
        "no-check-certificates=", "format=best", "proxy=[http://127.0.0.1:3128]", "extractor-args=[youtube:player_client=web]",
        "cookies-from-browser=firefox", "username=u,password=p", "force-ipv4=", "sub-langs=[en.*,fr]", "no-check-certificates,force-ipv4",
    ])
    func allowed(text: String) throws {
        var ytdlp = Ytdlp()
        ytdlp.rawOptions = text
        #expect(ytdlp.rawArguments.refused.isEmpty, "\(ytdlp.rawArguments.refused)")
        #expect(ytdlp.rawArguments.arguments.first?.hasPrefix("-") == true)
    }
}
