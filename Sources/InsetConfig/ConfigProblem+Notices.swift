/// The config file's problems as the bar says them at start (issue 48 item 4): each on its
/// own, one after another, so none is cut by the others on one line; past `shownAtMost`, a
/// last one counts the rest and says where to read them.
extension ConfigProblem {
    public static let shownAtMost = 3

    public static func barNotices(_ problems: [ConfigProblem], home: String?) -> [String] {
        let notices = problems.prefix(shownAtMost).map { problem in
            // The home folder as ~, so the line and what would be valid fit on the bar.
            var said = problem.description
            if let home, home.count > 1, said.hasPrefix(home + "/") { said = "~" + said.dropFirst(home.count) }
            return "config " + said
        }
        let more = problems.count - notices.count
        guard more > 0 else { return notices }
        return notices + ["and \(more) more config problem\(more == 1 ? "" : "s"): inset keys lists them all"]
    }
}
