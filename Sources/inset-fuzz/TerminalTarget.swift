import Foundation
import InsetCore
import InsetFuzzing

extension FuzzTarget {
    /// The shell pane's path to the user's terminal: what a program writes, through the
    /// pane's screen and the rasterizer, replayed and compared (`TerminalFuzz`).
    /// `--replay FILE [--size COLSxROWS]` checks a kept input's bytes instead, as one read
    /// and one frame (to cut a failing input down). Width disagreements that the replay
    /// model's old table causes (`ModelWidthTable`) are not failures: they are counted apart.
    static let terminal = FuzzTarget(
        name: "terminal",
        summary: "program output through the shell pane's screen and the rasterizer, replayed and compared",
        apartLabel: "with a character whose width the replay model's Unicode 9.0 table gets wrong"
    ) { index, options in
        if let path = options.extra["--replay"] {
            let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
            let size = options.extra["--size"].flatMap(CellSize.init(parsing:)) ?? CellSize(columns: 80, rows: 24)
            let input = TerminalFuzzInput(size: size, colors: .truecolor, steps: [.write(bytes), .frame(showCursor: true)])
            return FuzzCase(bytes: bytes, notes: input.script) { verdict(input) }
        }
        let input = TerminalInputGenerator.input(seed: options.seed, index: index)
        return FuzzCase(bytes: input.bytes, notes: input.script) { verdict(input) }
    }

    /// The check's outcome, with the characters whose width only the replay model's old
    /// table gets wrong counted apart (`inset-fuzz` prints them on a line of their own).
    private static func verdict(_ input: TerminalFuzzInput) -> FuzzVerdict {
        let outcome = TerminalFuzz.run(input)
        return FuzzVerdict(problem: outcome.problem,
                           apart: outcome.outdatedModelWidths.sorted().map { "U+" + String($0, radix: 16, uppercase: true) })
    }
}

extension CellSize {
    /// `COLSxROWS`, as `--size` takes it.
    init?(parsing text: String) {
        let parts = text.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
        self.init(columns: parts[0], rows: parts[1])
    }
}
