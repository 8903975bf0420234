import Foundation
import InsetCore
import Testing
@testable import InsetSites

@Suite("Which inputs yt-dlp resolves, and what it is asked")
struct SiteAddressTests {
    let sites = SiteAddress.defaultSites

    @Test("ytdl:// always, a listed site's pages first, anything else only after FFmpeg failed", arguments: [
        ("ytdl://https://example.com/page", "https://example.com/page", true),
        ("ytdl://ytsearch3:big buck bunny", "ytsearch3:big buck bunny", true),
        ("https://www.youtube.com/watch?v=aqz-KE-bpKQ", "https://www.youtube.com/watch?v=aqz-KE-bpKQ", false),
        ("https://youtu.be/aqz-KE-bpKQ", "https://youtu.be/aqz-KE-bpKQ", false),
        ("http://user@m.twitch.tv:443/x", "http://user@m.twitch.tv:443/x", false),
    ])
    func first(path: String, query: String, named: Bool) {
        #expect(SiteAddress.first(for: path, sites: sites, enabled: true) == SiteAddress(query: query, named: named))
    }

    @Test("not first: other hosts, look-alike hosts, files, other schemes, an empty ytdl://")
    func notFirst() {
        for path in ["https://example.com/a.mp4", "https://notyoutube.com/x", "https://youtube.com.evil.net/x",
                     "movie.mp4", "rtmp://youtube.com/live", "ytdl://", "-"] {
            #expect(SiteAddress.first(for: path, sites: sites, enabled: true) == nil, "\(path)")
        }
    }

    @Test("--ytdl=no leaves only what the user named with ytdl://")
    func off() {
        #expect(SiteAddress.first(for: "https://youtube.com/watch?v=x", sites: sites, enabled: false) == nil)
        #expect(SiteAddress.afterFailure(for: "https://example.com/page", enabled: false) == nil)
        #expect(SiteAddress.first(for: "ytdl://x", sites: sites, enabled: false)?.query == "x")
        #expect(SiteAddress.afterFailure(for: "https://example.com/page", enabled: true)?.query == "https://example.com/page")
        #expect(SiteAddress.afterFailure(for: "/tmp/page.html", enabled: true) == nil)
    }

    @Test("only http and https URLs from yt-dlp's answer are opened")
    func safe() {
        #expect(SiteAddress.isSafeMediaURL("https://cdn.example/v.mp4"))
        #expect(SiteAddress.isSafeMediaURL("HTTP://cdn.example/v.mp4"))
        for url in ["file:///etc/passwd", "concat:a|b", "rtmp://x/y", "/etc/passwd", "sftp://h/x", "data:,x"] {
            #expect(!SiteAddress.isSafeMediaURL(url), "\(url)")
        }
    }

    @Test("the command: -J, a flat list, no playlist unless asked, the user's format and raw options, the page after --")
    func arguments() {
        var ytdlp = Ytdlp()
        #expect(ytdlp.arguments(for: SiteAddress(query: "-x", named: true))
                == ["yt-dlp", "--no-warnings", "-J", "--flat-playlist", "--sub-format", "ass/srt/vtt/best", "--no-playlist", "--", "-x"])
        ytdlp.executable = "/opt/yt-dlp"
        ytdlp.wantsPlaylist = true
        ytdlp.format = "bv*[height<=480]+ba"
        ytdlp.subtitleLanguages = "en,fr"
        // mpv's key-value list: a value holding `:` or `,` is quoted with [ ].
        ytdlp.rawOptions = "cookies=/tmp/c.txt,no-check-certificates,extractor-args=[youtube:player_client=web]"
        ytdlp.rawOptionsFromCommandLine = true
        #expect(ytdlp.arguments(for: SiteAddress(query: "u", named: false))
                == ["/opt/yt-dlp", "--no-warnings", "-J", "--flat-playlist", "--sub-format", "ass/srt/vtt/best",
                    "--format", "bv*[height<=480]+ba", "--sub-langs", "en,fr",
                    "--cookies", "/tmp/c.txt", "--no-check-certificates", "--extractor-args", "youtube:player_client=web", "--", "u"])
    }

    @Test("yt-dlp's error: the last ERROR line, without the prefix, colours and control bytes")
    func errorLine() {
        let errors = "WARNING: [generic] Falling back\n\u{1B}[0;31mERROR:\u{1B}[0m [generic] Unable to download webpage: HTTP Error 403: Forbidden\n"
        #expect(Ytdlp.errorLine(Array(errors.utf8).withUnsafeBytes { Data($0) })
                == "[generic] Unable to download webpage: HTTP Error 403: Forbidden")
        #expect(Ytdlp.errorLine(Data("x\u{07}y\n".utf8))?.contains("\u{07}") == false)
        #expect(Ytdlp.errorLine(Data()) == nil)
    }
}
