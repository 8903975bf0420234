import InsetFuzzing

extension FuzzTarget {
    /// Very large terminals (issue 42 item 5): sizes and cell-size replies at and past their
    /// bounds, through the probe's parsing, the pictures' layout for every output and the
    /// visualiser (`LargeTerminalFuzz`).
    static let largeTerminal = FuzzTarget(
        name: "large-terminal",
        summary: "terminal sizes and cell-size replies at their bounds, through the probe, the pictures' layout and the visualiser"
    ) { index, options in
        let input = LargeTerminalFuzz.input(seed: options.seed, index: index)
        return FuzzCase(bytes: input.replies, fileExtension: "txt", notes: input.description) { FuzzVerdict(problem: LargeTerminalFuzz.check(input)) }
    }
}
