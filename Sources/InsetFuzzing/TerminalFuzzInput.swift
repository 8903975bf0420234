import InsetCore

/// One input of the terminal-path fuzzer: a pane size, then what a program does to it,
/// step by step: bytes it writes (a read's worth each), size changes, and the frames the
/// player draws in between.
public struct TerminalFuzzInput: Sendable {
    public enum Step: Sendable, Equatable {
        /// A chunk of the program's output, as one read from the pty hands it over.
        case write([UInt8])
        /// The pane takes a new size (the terminal or the window was resized).
        case resize(CellSize)
        /// The player draws the pane and rasterizes it; `showCursor` as the pane has focus.
        case frame(showCursor: Bool)
    }

    public enum ColorChoice: String, Sendable {
        case truecolor, palette256, palette16
        public var mode: ColorMode {
            switch self {
            case .truecolor: .truecolor
            case .palette256: .palette256
            case .palette16: .palette16
            }
        }
    }

    public var size: CellSize
    public var colors: ColorChoice
    public var steps: [Step]

    public init(size: CellSize, colors: ColorChoice, steps: [Step]) {
        self.size = size
        self.colors = colors
        self.steps = steps
    }

    /// Everything the program wrote, in order: what `--keep` saves.
    public var bytes: [UInt8] {
        var all: [UInt8] = []
        for case .write(let chunk) in steps { all += chunk }
        return all
    }

    /// The steps in one line each, with the chunks' lengths: saved beside the bytes, so a
    /// kept input can be replayed with its reads and frames where they were.
    public var script: String {
        var lines = ["size \(size.columns)x\(size.rows)", "colors \(colors.rawValue)"]
        for step in steps {
            switch step {
            case .write(let chunk): lines.append("write \(chunk.count)")
            case .resize(let size): lines.append("resize \(size.columns)x\(size.rows)")
            case .frame(let showCursor): lines.append(showCursor ? "frame cursor" : "frame")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
