@testable import InsetCore
import Testing

/// mpv's value syntax, type by type, as `SettingType.parse` reads it: what mpv 0.35.1 takes
/// and what it refuses (each refusal checked against mpv by hand: docs/mpv.md).
@Suite struct SettingValueSyntaxTests {
    private func parse(_ type: SettingType, _ text: String?) throws(SettingRefusal) -> SettingValue {
        try type.parse(text, option: "x")
    }

    @Test func flags() throws {
        #expect(try parse(.flag, "yes") == .flag(true))
        #expect(try parse(.flag, "no") == .flag(false))
        #expect(try parse(.flag, nil) == .flag(true), "given bare, yes")
        for refused in ["on", "1", "true", "maybe"] {
            #expect(throws: SettingRefusal.self) { try parse(.flag, refused) }
        }
    }

    @Test func numbersAsMpvWritesThem() throws {
        #expect(try parse(.number(-1...1000), "100.000") == .number(100))
        #expect(try parse(.number(nil), "1e2") == .number(100))
        #expect(try parse(.number(nil), "4:3") == .number(4.0 / 3))
        #expect(try parse(.number(nil), "16/9") == .number(16.0 / 9))
        #expect(throws: SettingRefusal("x", .unparsable, "the x option must be a floating point number or a ratio (numerator[:/]denominator): abc")) {
            try parse(.number(nil), "abc")
        }
        #expect(throws: SettingRefusal("x", .outOfRange, "the x option is out of range: 2000")) { try parse(.number(-1...1000), "2000") }
        #expect(throws: SettingRefusal.self) { try parse(.number(-1...1000), "inf") }
        #expect(throws: SettingRefusal.self) { try parse(.number(nil), "nan") }
        #expect(throws: SettingRefusal("x", .missingParameter)) { try parse(.number(nil), nil) }
    }

    @Test func integers() throws {
        #expect(try parse(.integer(0...16), "3") == .integer(3))
        #expect(try parse(.integer(nil), "0x10") == .integer(16), "strtoll with base 0, as mpv")
        #expect(try parse(.integer(nil), "-1") == .integer(-1))
        #expect(throws: SettingRefusal.self) { try parse(.integer(nil), "1.5") }
        #expect(throws: SettingRefusal.self) { try parse(.integer(0...16), "17") }
    }

    @Test func choicesWithOrWithoutANumber() throws {
        let loop = SettingType.choice(["no", "inf", "yes"], integers: 0...10000)
        #expect(try parse(loop, "inf") == .text("inf"))
        #expect(try parse(loop, "3") == .integer(3))
        #expect(try parse(loop, nil) == .text("yes"), "a choice with yes takes the bare name")
        #expect(throws: SettingRefusal.self) { try parse(loop, "-3") }
        #expect(throws: SettingRefusal.self) { try parse(loop, "often") }
        #expect(throws: SettingRefusal.self) { try parse(.choice(["no", "once", "yes"], integers: nil), "2") }
        #expect(throws: SettingRefusal.self) { try parse(.choice(["auto", "no"], integers: nil), nil) }
    }

    @Test func positions() throws {
        #expect(try RelativeTime(parsing: "none") == .none)
        #expect(try RelativeTime(parsing: "90") == .fromStart(.seconds(90)))
        #expect(try RelativeTime(parsing: "+1:30") == .fromStart(.seconds(90)))
        #expect(try RelativeTime(parsing: "-10") == .fromEnd(.seconds(10)))
        #expect(try RelativeTime(parsing: "-1:02:03.5") == .fromEnd(.seconds(3723.5)))
        #expect(try RelativeTime(parsing: "1:99") == .fromStart(.seconds(159)), "mpv reads a clock part past 59 as it is")
        #expect(try RelativeTime(parsing: "50%") == .percent(50))
        #expect(try RelativeTime(parsing: "#2") == .chapter(2))
        for refused in ["xyz", "+-3", "150%", "#0", "", "1:2:3:4", "--3"] {
            #expect(throws: RelativeTime.ParseError.self, "\(refused)") { try RelativeTime(parsing: refused) }
        }
    }

    @Test func positionsResolveAgainstTheFile() throws {
        let minute = MediaTime.seconds(60)
        #expect(RelativeTime.fromEnd(.seconds(10)).resolved(duration: minute) == .seconds(50))
        #expect(RelativeTime.fromEnd(.seconds(90)).resolved(duration: minute) == .zero, "past the start is the start")
        #expect(RelativeTime.percent(25).resolved(duration: minute) == .seconds(15))
        #expect(RelativeTime.fromEnd(.seconds(10)).resolved(duration: nil) == nil, "live: no end to count from")
        #expect(RelativeTime.chapter(2).resolved(duration: minute, chapterStarts: [.zero, .seconds(20)]) == .seconds(20))
        #expect(RelativeTime.chapter(3).resolved(duration: minute, chapterStarts: [.zero, .seconds(20)]) == nil)
        #expect(RelativeTime.none.resolved(duration: minute) == nil)
    }

    @Test func timesAndSizesAndColours() throws {
        #expect(try parse(.time, "no") == .time(nil))
        #expect(try parse(.time, "1:00") == .time(.seconds(60)))
        #expect(try parse(.byteSize(nil), "10MiB") == .number(10 * 1024 * 1024))
        #expect(try parse(.byteSize(nil), "10k") == .number(10 * 1024))
        #expect(throws: SettingRefusal.self) { try parse(.byteSize(nil), "1.000 MiB") }
        #expect(throws: SettingRefusal.self) { try parse(.byteSize(nil), "10mb") }
        #expect(try parse(.color, "#ff0000") == .text("#ff0000"))
        #expect(try parse(.color, "1.0/0.5/0.2") == .text("1.0/0.5/0.2"))
        #expect(throws: SettingRefusal.self) { try parse(.color, "red") }
    }

    @Test func listsAndTheirSuffixes() throws {
        let files = SettingType.list(pathSeparated: true)
        #expect(try parse(files, "a.srt:b.srt") == .list(["a.srt", "b.srt"]))
        #expect(try parse(.list(pathSeparated: false), "en,de") == .list(["en", "de"]))
        #expect(try parse(.list(pathSeparated: false), "a\\,b,c") == .list(["a,b", "c"]), "a backslash keeps a comma")
        var value = SettingValue.list(["a"])
        for (action, text) in [("append", "b,c"), ("pre", "z"), ("add", "d,e"), ("remove", "a"), ("toggle", "e")] {
            value = try ListEdit.parse(action, text, of: .list(pathSeparated: false), option: "x").applied(to: value)
        }
        #expect(value == .list(["z", "b,c", "d"]), "append takes its text whole; add and pre split it")
        #expect(try ListEdit.parse("clr", nil, of: files, option: "x").applied(to: value) == .list([]))
        #expect(try ListEdit.parse("set", "q", of: files, option: "x").applied(to: value) == .list(["q"]))
        #expect(throws: SettingRefusal.self) { try ListEdit.parse("append", nil, of: files, option: "x") }
    }

    @Test func keyValueListsAndTheirSuffixes() throws {
        #expect(try parse(.pairs, "skip-op_start=1.5,skip-op_end=90") == .pairs([.init("skip-op_start", "1.5"), .init("skip-op_end", "90")]))
        #expect(try parse(.pairs, "a=[x,y],b=\"p,q\",c=%3%r,s") == .pairs([.init("a", "x,y"), .init("b", "p,q"), .init("c", "r,s")]))
        #expect(throws: SettingRefusal("x", .unparsable, "expected '=' and a value")) { try parse(.pairs, "a") }
        #expect(try parse(.pairs, "t=%5%été,u=1") == .pairs([.init("t", "été"), .init("u", "1")]), "%N% counts bytes, as mpv")
        #expect(throws: SettingRefusal.self) { try parse(.pairs, "a=[x") }
        let appended = try ListEdit.parse("append", "request_size=10485760", of: .pairs, option: "stream-lavf-o")
        #expect(appended.applied(to: .pairs([])) == .pairs([.init("request_size", "10485760")]))
        let whole = try ListEdit.parse("append", "k=1,2", of: .pairs, option: "x").applied(to: .pairs([.init("k", "0")]))
        #expect(whole == .pairs([.init("k", "1,2")]), "-append takes one pair whole, a key given again replaced in place")
        let added = try ListEdit.parse("add", "a=1,b=2", of: .pairs, option: "x").applied(to: .pairs([]))
        #expect(added == .pairs([.init("a", "1"), .init("b", "2")]))
        #expect(try ListEdit.parse("remove", "a", of: .pairs, option: "x").applied(to: added) == .pairs([.init("b", "2")]))
    }
}

/// A value kept by the table (`Setting.Use.value`) reaches the play command as the hidden
/// `--mpv-setting NAME=VALUE`: any text survives the trip, commas and all.
@Suite struct KeptSettingValuesTests {
    @Test func valuesSurviveTheHiddenOption() throws {
        let pairs = SettingValue.pairs([.init("skip-op_start", "1,5"), .init("a", "%x%")])
        let list = SettingValue.list(["a,b.srt", "c\\d.srt"])
        for (name, value) in [("script-opts", pairs), ("sub-files", list), ("volume", .number(50)), ("start", .position(.fromEnd(.seconds(10))))] {
            let argument = SettingValues.argument(name, value)
            let back = try #require(SettingValues.parse(argument: argument), "\(argument)")
            #expect(back.0 == name && back.1 == value, "\(argument)")
        }
        #expect(SettingValues.parse(argument: "no-such=1") == nil)
        #expect(SettingValues.parse(argument: "volume=abc") == nil)
    }

    @Test func theCommandLinesOverTheConfigsOverTheDefault() {
        var commandLine = SettingValues(), config = SettingValues()
        config.set("volume", .number(30))
        config.set("speed", .number(2))
        commandLine.set("volume", .number(60))
        let values = commandLine.over(config)
        #expect(values["volume"] == .number(60) && values["speed"] == .number(2))
        #expect(values["audio-delay"] == .number(0), "not given: the row's default")
        #expect(!values.isGiven("audio-delay") && values.isGiven("speed"))
        #expect(values["no-such"] == nil)
    }
}
