import InsetApp

extension Inset {
    /// `inset --help`, `inset -h` or `inset help` alone: the play options most people need
    /// first, grouped, then the commands (`FirstHelp`); nil for anything else, which the
    /// parser answers (`inset help play`, `inset cat --help` keep their whole lists). Nil too
    /// if the page cannot be made, so that the parser's own help is printed rather than none.
    static func firstHelp(_ arguments: [String]) -> String? {
        guard [["--help"], ["-h"], ["help"]].contains(arguments) else { return nil }
        return try? FirstHelp.text(dump: Inset._dumpHelp())
    }
}
