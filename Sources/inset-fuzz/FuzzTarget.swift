/// One kind of input the harness fuzzes, by name on the command line.
///
/// A target turns input `index` (with its own generator, seeded from "S:i") into a
/// `FuzzCase`: the input's bytes, kept when it fails, and the check that runs it. The
/// check may run the input in this process or spawn the player on it; a crash in this
/// process is reported by `CrashReport` with the input's index and bytes.
struct FuzzTarget: Sendable {
    let name: String
    /// One line for the usage text.
    let summary: String
    /// What the checks' `FuzzVerdict.apart` names are, for the line that counts them.
    var apartLabel = "with something counted apart"
    let makeCase: @Sendable (_ index: Int, _ options: FuzzOptions) -> FuzzCase
}

struct FuzzCase {
    /// The input as a file: what `--keep DIR` saves on a failure (and on a crash).
    var bytes: [UInt8]
    /// How the saved file is named: `TARGET-SEED-INDEX.EXTENSION`.
    var fileExtension = "bin"
    /// More to save beside the bytes (`.txt`), e.g. where the reads and frames fell.
    var notes: String? = nil
    /// Runs the input.
    var check: () -> FuzzVerdict
}

/// What running one input came to.
struct FuzzVerdict {
    /// One line on what was wrong, nil when all was well.
    var problem: String?
    /// What the check saw and counted apart instead of failing (for the terminal target,
    /// characters whose width the replay model's old table gets wrong), one short name each.
    var apart: [String] = []
}
