import InsetCore
import Testing

/// mpv's options that map onto Inset's own things, read as mpv reads them (docs/mpv.md,
/// "Mapped"): the video outputs, the terminal outputs' rectangle, mpv's lists.
@Suite struct MpvMappedOptionsTests {
    @Test("--vo: the first output of the list Inset has; others are none", arguments: [
        ("kitty", GraphicsMode.kitty), ("sixel", .sixel), ("tct", .cells), ("gpu,kitty", .kitty), ("tct,kitty", .cells),
        ("kitty:alt-screen=no", .kitty),
    ])
    func videoOutputs(vo: String, mode: GraphicsMode) {
        #expect(MpvMappedOptions.graphics(vo: vo) == mode)
    }

    @Test func videoOutputsInsetHasNotAreNone() {
        for vo in ["gpu", "gpu-next", "xv", "null", "libmpv", "", "kittyx"] { #expect(MpvMappedOptions.graphics(vo: vo) == nil, "\(vo)") }
    }

    @Test func tctAlgorithmsAreHalfBlocksAndOthersAreRefused() throws {
        #expect(try MpvMappedOptions.blitter(tctAlgorithm: "half-blocks") == .half)
        #expect(try MpvMappedOptions.blitter(tctAlgorithm: "plain") == .half)
        #expect(throws: MpvMappedOptions.Refusal.self) { try MpvMappedOptions.blitter(tctAlgorithm: "sextant") }
    }

    @Test("the kitty output's rectangle: left and top count from 1, as the cursor does")
    func rectangle() {
        let area = MpvMappedOptions.rectangle(left: 31, top: 3, columns: 40, rows: 12)
        #expect(area?.description == "40x12+30+2")
        #expect(area?.area(in: CellSize(columns: 80, rows: 24)) == CellRect(column: 30, row: 2, columns: 40, rows: 12))
        #expect(MpvMappedOptions.rectangle(left: 0, top: 0, columns: 40, rows: 12)?.description == "40x12+0+0", "0 is mpv's auto")
        #expect(MpvMappedOptions.rectangle(left: nil, top: nil, columns: 40, rows: 12)?.description == "40x12+0+0")
        #expect(MpvMappedOptions.rectangle(left: 5, top: 5, columns: nil, rows: 12) == nil, "no size: the whole terminal")
        #expect(MpvMappedOptions.rectangle(left: 5, top: 5, columns: 0, rows: 0) == nil)
    }

    @Test("the settings table hands the mapped options on under mpv's names, lists' edits applied, flags spelled out")
    func throughTheTable() throws {
        let line = try MpvCommandLine.translate([
            "--no-pause", "--pause", "--vo=kitty", "--msg-level=all=no", "--script-opts=a=1", "--script-opts-append=b=x,y",
            "--stream-lavf-o-append=request_size=10485760", "--sub-file=a.srt", "--sub-files-append=b.srt", "--script=s.lua",
            "--chapters-file=c", "--vo-kitty-left=3", "--no-vo-kitty-use-shm", "--vo-sixel-rows=9", "f",
        ])
        #expect(line.arguments == [
            "--vo=kitty", "--script-opts=a=%1%1,b=%3%x,y", "--stream-lavf-o=request_size=%8%10485760", "--sub-files=a.srt:b.srt",
            "--script=s.lua", "--pause=no", "--pause=yes", "--msg-level=all=no", "--chapters-file=c", "--vo-kitty-left=3",
            "--vo-kitty-use-shm=no", "--vo-sixel-rows=9", "f",
        ])
        #expect(line.ignored.isEmpty, "\(line.ignored)")
        // The %N% quoting reads back as the values given.
        let pairs = try MpvMappedOptions.keyValueList("a=%1%1,b=%3%x,y", option: "script-opts")
        #expect(pairs == [.init("a", "1"), .init("b", "x,y")])
    }

    @Test("ani-skip's --script-opts, as its own script prints them")
    func aniSkipsScriptOptions() throws {
        let pairs = try MpvMappedOptions.keyValueList("skip-op_start=140.153,skip-op_end=230.153,skip-ed_start=1301.824,skip-ed_end=1431",
                                                      option: "script-opts")
        #expect(pairs.map(\.key) == ["skip-op_start", "skip-op_end", "skip-ed_start", "skip-ed_end"])
        #expect(pairs.map(\.value) == ["140.153", "230.153", "1301.824", "1431"])
    }

    @Test("mpv's quoted values: \"…\", […] and %N% hold commas")
    func quotedValues() throws {
        let pairs = try MpvMappedOptions.keyValueList(#"a="x,\"y",b=[1,2],c=%3%p,q,d=e="#, option: "script-opts")
        #expect(pairs == [.init("a", #"x,"y"#), .init("b", "1,2"), .init("c", "p,q"), .init("d", "e=")])
        #expect(try MpvMappedOptions.keyValueList("", option: "script-opts").isEmpty)
    }

    @Test("a list mpv refuses is refused", arguments: ["novalue", "=x", "a=1,b", #"a="open"#, "a=[1,2", "a=%9%short", "a=\"x\"y"])
    func refusedLists(text: String) {
        #expect(throws: MpvMappedOptions.Refusal.self) { try MpvMappedOptions.keyValueList(text, option: "script-opts") }
    }

    @Test func messageLevels() throws {
        #expect(try MpvMappedOptions.messageLevel("all=no").all == "no")
        let mixed = try MpvMappedOptions.messageLevel("ffmpeg=error,all=warn,cplayer=v")
        #expect(mixed.all == "warn")
        #expect(mixed.others == ["ffmpeg", "cplayer"])
        #expect(try MpvMappedOptions.messageLevel("ffmpeg=v").all == nil)
        #expect(throws: MpvMappedOptions.Refusal.self) { try MpvMappedOptions.messageLevel("all=loud") }
    }

    @Test("--stream-lavf-o keeps the keys that cannot widen what may be opened")
    func inputOptions() throws {
        let pairs = try MpvMappedOptions.keyValueList(
            "request_size=10485760,protocol_whitelist=\"file,http\",timeout=5000000,reconnect=0,http_proxy=x,timeout=1",
            option: "stream-lavf-o")
        let (kept, dropped) = MpvMappedOptions.inputOptions(pairs)
        #expect(kept == [.init("request_size", "10485760"), .init("reconnect", "0"), .init("timeout", "1")], "the last of a key wins")
        #expect(dropped.contains("protocol_whitelist"))
        #expect(dropped.contains("http_proxy"))
        #expect(!MpvMappedOptions.safeInputOptions.contains("protocol_whitelist"))
        #expect(!MpvMappedOptions.safeInputOptions.contains("allowed_extensions"))
    }

    @Test func pathLists() {
        #expect(MpvMappedOptions.pathList("a.srt:b.en.srt") == ["a.srt", "b.en.srt"])
        #expect(MpvMappedOptions.pathList("a.srt::") == ["a.srt"])
    }
}
