/// The play command's paths, taken out of the arguments before the parser sees them.
///
/// swift-argument-parser stores a repeated `@Argument` as an array boxed in `Any` and
/// copies it for every value it appends (and removes each used input from an array), so
/// N paths cost O(N²): 20,000 paths took 11 s of CPU before anything showed. The parser
/// gets the options and the first path only; all the paths, found here in one pass, are
/// set on `Play` after it.
///
/// Which words are paths follows the parser's own rules, so the command line means what
/// it meant before:
/// - Everything after the first `--` is a path, except a `--` that is itself the value of
///   an unconditional option (`--start --`): the parser splits at the first `--` before
///   reading any option, so the words after it are values either way.
/// - A word that starts with `-` (but is not `-` alone) is an option, known or not: it stays
///   for the parser, which takes it or refuses it as before.
/// - The word after an option that takes a value, written without `=`, is that value: any
///   word for an unconditional option (`--start -5`), a word that is not an option for the
///   others (after `--colors --stats`, the parser reports the missing value as before).
/// - Any other word is a path, in the order given.
/// Only the play command (the default one) is split: the others take one path, and a first
/// word naming another command (or `help`) leaves the arguments whole.
struct PathArguments {
    /// What the parser gets: the options, their values, `--`, the command's name and the
    /// first path.
    var options: [String]
    var paths: [String]

    /// Nil when the arguments are not the play command's (another command is named first).
    init?(splitting arguments: [String], otherCommands: Set<String>,
          optionsWithValue: Set<String>, unconditionalOptions: Set<String>) {
        if let first = arguments.first, otherCommands.contains(first) { return nil }
        options = []
        paths = []
        let terminator = arguments.firstIndex(of: "--") ?? arguments.endIndex
        var index = arguments.startIndex
        if arguments.first == "play" { options.append("play"); index += 1 }
        while index < terminator {
            let word = arguments[index]
            index += 1
            guard PathArguments.isOption(word) else { take(path: word); continue }
            options.append(word)
            guard index < arguments.endIndex, !word.contains("=") else { continue }
            let next = arguments[index]
            let takesNext = unconditionalOptions.contains(word)
                || optionsWithValue.contains(word) && index < terminator && !PathArguments.isOption(next)
            if takesNext {
                options.append(next)
                index += 1
            }
        }
        if index <= terminator, terminator < arguments.endIndex {
            options.append("--")
            index = terminator + 1
        }
        for path in arguments[index...] { take(path: path) }
    }

    /// The first path stays for the parser too, where it was: with no path the parser would
    /// read `inset --help FILE` as the top command's help, not play's.
    private mutating func take(path: String) {
        if paths.isEmpty { options.append(path) }
        paths.append(path)
    }

    /// The parser reads a word as an option when it starts with `-` and is more than `-`
    /// (standard input) and is not empty.
    static func isOption(_ word: String) -> Bool {
        word.utf8.first == UInt8(ascii: "-") && word != "-"
    }
}
