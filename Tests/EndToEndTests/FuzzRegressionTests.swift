import Foundation
import Testing
import InsetTestSupport

/// Inputs kept from fuzz runs (Tests/Fixtures/fuzz-regressions), replayed through `inset cat`
/// and `inset probe` with scripts/fuzz's oracle on every test run.
@Suite("Fuzz regressions", .tags(.waits))
struct FuzzRegressionTests {
    static let directory = repositoryRoot.appendingPathComponent("Tests/Fixtures/fuzz-regressions")
    static let timeLimit: TimeInterval = 10

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { !$0.hasSuffix(".md") }.sorted()
    }

    @Test("the kept inputs are there")
    func inputsPresent() {
        #expect(Self.inputs.count >= 10, "\(Self.inputs)")
    }

    @Test("cat and probe on each kept input: output, or one line and a non-zero exit; no crash, no hang",
          arguments: inputs)
    func replay(_ name: String) throws {
        let path = Self.directory.appendingPathComponent(name).path
        let commands: [[String]] = [
            ["cat", "--size", "40x12", "--colors", "truecolor", "--frames", "4", path],
            ["cat", "--size", "40x12", "--frames", "all", path],
            ["cat", "--size", "40x12", "--at", "7.5", "--frames", "3", path],
            ["probe", path],
            ["probe", "--json", path],
        ]
        for command in commands {
            let run = try runInset(command, timeLimit: Self.timeLimit)
            let label = command.dropLast().joined(separator: " ")
            if run.timedOut {
                Issue.record("\(label) \(name): no exit within \(Self.timeLimit) s")
            } else if let signal = run.signal {
                Issue.record("\(label) \(name): killed by signal \(signal)")
            } else if run.status == 0 {
                #expect(!run.stdout.isEmpty, "\(label) \(name): exit 0 and nothing printed")
            } else {
                let lines = run.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                #expect(lines.count == 1 && lines[0].hasPrefix("inset: "),
                        "\(label) \(name): exit \(run.status) with \(lines.count) lines: \(run.stderr)")
            }
        }
    }
}
