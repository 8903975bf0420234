import Foundation

/// The command line: `inset-fuzz TARGET [--seed S] [--count N] [--only I] [--keep DIR]`,
/// options a target of its own reads kept in `extra`.
struct FuzzOptions: Sendable {
    var target: String
    /// The run's seed; random (and printed) when not given.
    var seed: UInt64
    var count = 1000
    /// Run only this input of the seed (to replay one failure).
    var only: Int?
    /// The first input to run: a run that a crash ended goes on from the next one.
    var from = 0
    /// Where failing inputs are written.
    var keep: String?
    /// Print each input's notes before running it (with `--only`, to look at one).
    var verbose = false
    /// Options no common one: `--name value` pairs and flags, for the target to read.
    var extra: [String: String] = [:]

    enum ParseError: Error, CustomStringConvertible {
        case message(String)
        var description: String { if case .message(let text) = self { return text } else { return "" } }
    }

    init(arguments: [String]) throws(ParseError) {
        guard let target = arguments.first, !target.hasPrefix("-") else { throw .message("no target given") }
        self.target = target
        seed = UInt64.random(in: 0...UInt64(UInt32.max))
        var index = 1
        func value(_ name: String) throws(ParseError) -> String {
            index += 1
            guard index < arguments.count else { throw .message("\(name) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--seed":
                guard let seed = UInt64(try value(argument)) else { throw .message("--seed takes a number") }
                self.seed = seed
            case "--count":
                guard let count = Int(try value(argument)), count >= 0 else { throw .message("--count takes a number") }
                self.count = count
            case "--from":
                guard let from = Int(try value(argument)), from >= 0 else { throw .message("--from takes an index") }
                self.from = from
            case "--only":
                guard let only = Int(try value(argument)), only >= 0 else { throw .message("--only takes an index") }
                self.only = only
            case "--keep":
                keep = try value(argument)
            case "--verbose":
                verbose = true
            default:
                guard argument.hasPrefix("--") else { throw .message("unexpected argument \(argument)") }
                if index + 1 < arguments.count, !arguments[index + 1].hasPrefix("--") {
                    extra[argument] = try value(argument)
                } else {
                    extra[argument] = ""
                }
            }
            index += 1
        }
    }

    /// The indices to run.
    var indices: Range<Int> { only.map { $0..<($0 + 1) } ?? min(from, count)..<count }

    /// The file a failing input `index` is kept in, without its extension.
    func keptPath(_ index: Int) -> String? {
        keep.map { URL(fileURLWithPath: $0).appendingPathComponent("\(target)-\(seed)-\(index)").path }
    }
}
