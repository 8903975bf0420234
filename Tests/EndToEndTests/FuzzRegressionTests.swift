import Foundation
import Testing

/// Inputs kept from fuzz runs (Tests/Fixtures/fuzz-regressions), replayed through `inset cat`
/// and `inset probe` with scripts/fuzz's oracle on every test run.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let directory = repositoryRoot.appendingPathComponent("Tests/Fixtures/fuzz-regressions")
    static let timeLimit: TimeInterval = 10

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { !$0.hasSuffix(".md") }.sorted()
    }

    enum Outcome: Equatable {
        case exited(status: Int32, printed: Bool, stderr: String)
        case killedBySignal(Int32)
        case hung
    }

    /// Runs `inset arguments` with no input, killing it past the time limit.
    static func run(_ arguments: [String]) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try insetBinary())
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let killer = DispatchWorkItem { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: killer)
        let errorData = LockedData()
        let reader = Thread { errorData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        reader.start()
        let printed = !out.fileHandleForReading.readDataToEndOfFile().isEmpty
        process.waitUntilExit()
        killer.cancel()
        while !errorData.isSet { Thread.sleep(forTimeInterval: 0.01) }
        if process.terminationReason == .uncaughtSignal {
            return process.terminationStatus == SIGKILL ? .hung : .killedBySignal(process.terminationStatus)
        }
        return .exited(status: process.terminationStatus, printed: printed,
                       stderr: String(decoding: errorData.value, as: UTF8.self))
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
            let outcome = try Self.run(command)
            let label = command.dropLast().joined(separator: " ")
            switch outcome {
            case .hung:
                Issue.record("\(label) \(name): no exit within \(Self.timeLimit) s")
            case .killedBySignal(let signal):
                Issue.record("\(label) \(name): killed by signal \(signal)")
            case .exited(0, let printed, _):
                #expect(printed, "\(label) \(name): exit 0 and nothing printed")
            case .exited(let status, _, let stderr):
                let lines = stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                #expect(lines.count == 1 && lines[0].hasPrefix("inset: "),
                        "\(label) \(name): exit \(status) with \(lines.count) lines: \(stderr)")
            }
        }
    }
}
