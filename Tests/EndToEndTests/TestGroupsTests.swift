import Foundation
import InsetTestSupport
import Testing

/// Issue 44 item 6: each suite says its group (Tests/Support/TestGroups.swift) and
/// `scripts/test` reads the groups from the test binary's listing through
/// `scripts/test-groups`. These run that script: on this binary, where every test must land
/// in exactly one group, and on made-up listings, where a suite with no group or two must
/// stop it, named. A suite another branch adds without its tag fails the first test here.
@Suite("Test groups read from the suites' tags (issue 44 item 6)", .tags(.pure))
struct TestGroupsTests {
    /// This test process's own binary, whose listing scripts/test reads.
    static let testBinary: String? = {
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return path.hasSuffix(".xctest") ? path : nil
    }()

    /// One test record of the event stream `--list-tests` writes.
    static func record(_ id: String, function: Bool, tags: [String] = []) -> String {
        let tagList = tags.isEmpty ? "" : "\"_tags\":[" + tags.map { "\".\($0)\"" }.joined(separator: ",") + "],"
        let fullID = function ? "\(id)/T.swift:1:1" : id
        return "{\"kind\":\"test\",\"payload\":{\(tagList)\"id\":\"\(fullID)\",\"kind\":\"\(function ? "function" : "suite")\","
            + "\"name\":\"x\"},\"version\":0}"
    }

    /// scripts/test-groups on `records` written as a listing: its status and output.
    static func groups(of records: [String]) throws -> (status: Int32, output: String) {
        let listing = FileManager.default.temporaryDirectory.appendingPathComponent("inset-groups-\(UUID().uuidString).jsonl")
        try records.joined(separator: "\n").write(to: listing, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: listing) }
        return try runScript("test-groups", ["--listing", listing.path])
    }

    /// `NAME<TAB>FILTER` lines as a dictionary.
    static func filters(_ output: String) -> [String: String] {
        Dictionary(output.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: "\t", maxSplits: 1)
            return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
        }, uniquingKeysWith: { $1 })
    }

    @Test("every test of this binary falls in one group, and the groups are the ones scripts/test runs",
          .enabled(if: testBinary != nil, "the tests are not one binary here (macOS)"))
    func thisBinary() throws {
        let (status, output) = try runScript("test-groups", [try #require(Self.testBinary), "--waits-shards", "3"])
        #expect(status == 0, "\(output)")
        let filters = Self.filters(output)
        #expect(Set(filters.keys) == ["pure", "waits-1", "waits-2", "waits-3", "clock", "terminals", "timed"], "\(output)")
        // A few suites whose group the checks need, each matched by its group's filter alone.
        let known = ["EndToEndTests.PlayerEndToEndTests/x()": "waits", "EndToEndTests.RealTerminalEndToEndTests/xterm()": "terminals",
                     "EndToEndTests.SyncEndToEndTests/x()": "timed", "EndToEndTests.SoundEndToEndTests/x()": "timed",
                     "EndToEndTests.TerminalProbeEndToEndTests/x()": "clock",
                     "InsetAudioTests.RingTests/x()": "timed", "InsetCoreTests.LetterboxTests/x()": "pure",
                     "EndToEndTests.TestGroupsTests/thisBinary()": "pure"]
        for (test, group) in known {
            let matching = try filters.filter { try Regex($0.value).firstMatch(in: test) != nil }.map(\.key)
            #expect(matching.count == 1 && matching[0].hasPrefix(group), "\(test) is matched by \(matching), not \(group)")
        }
    }

    @Test("an end-to-end suite with no group stops the run, named; a unit suite with none is pure")
    func missingGroup() throws {
        let (status, output) = try Self.groups(of: [
            Self.record("EndToEndTests.NewSuite", function: false), Self.record("EndToEndTests.NewSuite/plays()", function: true),
            Self.record("EndToEndTests.Tagged", function: false, tags: ["waits"]), Self.record("EndToEndTests.Tagged/a()", function: true),
        ])
        #expect(status == 2)
        #expect(output.contains("no group") && output.contains("EndToEndTests.NewSuite"), "\(output)")
        #expect(!output.contains("EndToEndTests.Tagged"), "\(output)")

        let unit = try Self.groups(of: [Self.record("InsetCoreTests.Plain", function: false),
                                        Self.record("InsetCoreTests.Plain/a()", function: true),
                                        Self.record("InsetAudioTests.Ring", function: false, tags: ["timed"]),
                                        Self.record("InsetAudioTests.Ring/b()", function: true)])
        #expect(unit.status == 0, "\(unit.output)")
        #expect(Self.filters(unit.output)["pure"] == #"^(InsetCoreTests)(\.|/|$)"#, "\(unit.output)")
        #expect(Self.filters(unit.output)["timed"] == #"^(InsetAudioTests)(\.|/|$)"#, "\(unit.output)")
    }

    @Test("a suite with two groups stops the run; a test's own tag wins over its suite's")
    func twoGroups() throws {
        let (status, output) = try Self.groups(of: [
            Self.record("EndToEndTests.Both", function: false, tags: ["waits", "timed"]),
            Self.record("EndToEndTests.Both/a()", function: true),
        ])
        #expect(status == 2)
        #expect(output.contains("EndToEndTests.Both has two groups"), "\(output)")

        let nested = try Self.groups(of: [
            Self.record("EndToEndTests.Mixed", function: false, tags: ["waits"]),
            Self.record("EndToEndTests.Mixed/a()", function: true),
            Self.record("EndToEndTests.Mixed/b()", function: true, tags: ["timed"]),
        ])
        #expect(nested.status == 0, "\(nested.output)")
        #expect(Self.filters(nested.output)["waits"] == #"^(EndToEndTests\.Mixed/a\(\))(\.|/|$)"#, "\(nested.output)")
        #expect(Self.filters(nested.output)["timed"] == #"^(EndToEndTests\.Mixed/b\(\))(\.|/|$)"#, "\(nested.output)")
    }
}
