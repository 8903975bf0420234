import Testing
@testable import InsetConfig

/// Issue 48 item 4: the config's problems become one notice each for the bar (the home
/// folder as ~); past three, a last one counts the rest and says where to read them.
@Suite("Config: problems as notices on the bar (issue 48 item 4)")
struct ConfigBarNoticesTests {
    static func problems(_ count: Int) -> [ConfigProblem] {
        (1...count).map { ConfigProblem(path: "/home/ann/.config/inset/config.toml", line: $0, message: "problem \($0)") }
    }

    @Test("issue 48 item 4: two problems, two notices, each whole")
    func each() throws {
        let notices = ConfigProblem.barNotices(Self.problems(2), home: "/home/ann")
        #expect(notices.count == 2)
        #expect(notices[0].hasPrefix("config ~/.config/inset/config.toml:1") && notices[0].hasSuffix("problem 1"), "\(notices)")
        #expect(notices[1].hasSuffix("problem 2") && !notices[0].contains("more"))
    }

    @Test("issue 48 item 4: five problems, three notices and a count of the rest naming inset keys")
    func counted() {
        let notices = ConfigProblem.barNotices(Self.problems(5), home: "/home/ann")
        #expect(notices.count == 4)
        #expect(notices[3] == "and 2 more config problems: inset keys lists them all")
    }
}
