import Foundation

// inset-fuzz: runs a fuzz target's inputs and checks each; not part of the product.
//
//   inset-fuzz TARGET [--seed S] [--count N] [--only I] [--keep DIR] [--verbose] [target options]
//
// Prints the seed first, a line per failing input (its index and what was wrong) and per
// input with something counted apart instead of failing, and at the end a line that counts
// those
// (`TARGET: counted apart, not failures: K inputs with …: NAMES`) and one summary line:
// `TARGET: N inputs, F failures, seed S, T s`. Exits 0 when no
// input failed, 1 when one did (or crashed the harness), 2 on a usage error. Input i of
// seed S is the same on every run (its generator is seeded from "S:i"), so `--only i`
// replays it alone. Targets are registered here by name, each in a file of its own.
let targets: [FuzzTarget] = [.terminal, .ytdlpJSON, .largeTerminal]

func usage(_ targets: [FuzzTarget]) -> String {
    "usage: inset-fuzz TARGET [--seed S] [--count N] [--only I] [--keep DIR] [--verbose]\ntargets:\n"
        + targets.map { "  \($0.name): \($0.summary)" }.joined(separator: "\n")
}

/// Writes a line to standard output at once: a crash ends the process without flushing
/// what `print` buffered.
func say(_ items: String..., terminator: String = "\n") {
    FileHandle.standardOutput.write(Data((items.joined() + terminator).utf8))
}

let options: FuzzOptions
do {
    options = try FuzzOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("inset-fuzz: \(error)\n\(usage(targets))\n".utf8))
    exit(2)
}
guard let target = targets.first(where: { $0.name == options.target }) else {
    FileHandle.standardError.write(Data("inset-fuzz: no target \(options.target)\n\(usage(targets))\n".utf8))
    exit(2)
}
if let keep = options.keep {
    try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
}

say("\(target.name): seed \(options.seed)", options.only.map { ", input \($0) only" } ?? ", \(options.count) inputs")
CrashReport.install()
let start = ContinuousClock.now
var failures = 0
var apartInputs = 0
var apartNames = Set<String>()
for index in options.indices {
    let fuzzCase = target.makeCase(index, options)
    if options.verbose, let notes = fuzzCase.notes { say("input \(index):\n\(notes)", terminator: "") }
    CrashReport.arm(target: target.name, seed: options.seed, index: index, bytes: fuzzCase.bytes,
                    keptPath: options.keptPath(index))
    let verdict = fuzzCase.check()
    CrashReport.disarm()
    if !verdict.apart.isEmpty {
        apartInputs += 1
        apartNames.formUnion(verdict.apart)
        // A line each, as failures have: a crash later in the run loses the summary, not these.
        say("\(target.name): input \(index) counted apart: \(verdict.apart.joined(separator: " "))")
    }
    guard let problem = verdict.problem else { continue }
    failures += 1
    say("\(target.name): input \(index) failed: \(problem)")
    if let path = options.keptPath(index) {
        _ = FileManager.default.createFile(atPath: path + "." + fuzzCase.fileExtension, contents: Data(fuzzCase.bytes))
        if let notes = fuzzCase.notes { try? notes.write(toFile: path + ".txt", atomically: true, encoding: .utf8) }
    }
}
let elapsed = ContinuousClock.now - start
say("\(target.name): counted apart, not failures: \(apartInputs) inputs \(target.apartLabel)",
    apartNames.isEmpty ? "" : ": " + apartNames.sorted().joined(separator: " "))
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
say("\(target.name): \(options.indices.count) inputs, \(failures) failures, seed \(options.seed), \(String(format: "%.1f", seconds)) s")
exit(failures == 0 ? 0 : 1)
