/// One line of `inset doctor`: what a part of the machine or terminal offers, and, when
/// something is missing or wrong, how to put it right.
public struct DoctorLine: Equatable, Sendable {
    public var topic: String
    public var finding: String
    /// How to fix what `finding` says is missing; nil when nothing is.
    public var fix: String?
    /// Lines shown under the finding (a config file's problems, one each).
    public var details: [String]

    public init(_ topic: String, _ finding: String, fix: String? = nil, details: [String] = []) {
        self.topic = topic; self.finding = finding; self.fix = fix; self.details = details
    }
}

/// The report as printed: a heading, then each line as `topic  finding`, its details and
/// its fix indented under it. Plain text, one screen, safe to paste: the findings carry no
/// path but the config file's (with the home folder as `~`).
public enum DoctorReport {
    public static let topicWidth = 12

    public static func text(_ lines: [DoctorLine]) -> String {
        let missing = lines.filter { $0.fix != nil }.count
        var text = "inset doctor: what this machine and terminal offer"
            + (missing == 0 ? ", nothing missing\n\n" : "; \(missing) thing\(missing == 1 ? "" : "s") to fix\n\n")
        let indent = String(repeating: " ", count: topicWidth + 2)
        for line in lines {
            text += line.topic.padding(toLength: topicWidth, withPad: " ", startingAt: 0) + "  " + line.finding + "\n"
            for detail in line.details { text += indent + detail + "\n" }
            if let fix = line.fix { text += indent + "fix: " + fix + "\n" }
        }
        return text
    }

    /// `path` with the home folder written `~`, as a bug report should show it.
    public static func homeShortened(_ path: String, home: String?) -> String {
        guard let home, !home.isEmpty, home != "/" else { return path }
        if path == home { return "~" }
        let prefix = home.hasSuffix("/") ? home : home + "/"
        return path.hasPrefix(prefix) ? "~/" + path.dropFirst(prefix.count) : path
    }
}
