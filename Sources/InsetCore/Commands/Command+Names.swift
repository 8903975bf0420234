/// A command's name and help line, from its row of the command table (`CommandTable`).
extension Command {
    public var name: String { CommandTable.row(of: self).name }

    /// The help line of this command with its arguments: `seek +15` says "forward 15 s".
    public var help: String {
        let row = CommandTable.row(of: self)
        return row.helpWithArguments(self) ?? row.help
    }
}

extension String {
    /// `bottom-left` as a sentence says it.
    var spacedOut: String { String(map { $0 == "-" ? " " : $0 }) }
}

extension MediaTime {
    /// `15 s`, `1 min`, `1:30`: a skip's length as the help says it.
    var shortDuration: String {
        let seconds = Double(microseconds) / 1_000_000
        if seconds < 60, seconds == seconds.rounded() { return "\(Int(seconds)) s" }
        if seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        return clockString
    }
}
