import InsetCore
import TOMLKit

extension ConfigReader {
    /// A key Inset's own settings do not name, read as mpv's option of that name (mpv's
    /// `mpv.conf` keys, in TOML: `hwdec = "auto"`, `pause = true`), through the settings
    /// table and mpv's catalogue: a value mpv would refuse is a problem in mpv's words; a row
    /// that keeps its value (`Setting.Use.value`) keeps it; any other is ignored, said in the
    /// log. False for a name mpv does not have either, or one mpv takes on its command line
    /// only: the caller says it is unknown.
    mutating func readMpvOption(_ key: String, _ value: any TOMLValueConvertible, line: Int) -> Bool {
        let found: MpvOptionName?
        do { found = try MpvOptionName.resolve(key) } catch {
            problem(line, "\(error)")
            return true
        }
        guard let found else { return false }
        if case .catalogue(let entry) = found.target, entry.commandLineOnly { return false }
        let text: String? = if let flag = value.bool { flag ? "yes" : "no" }
            else if let number = value.int { String(number) }
            else if let number = value.double { String(number) }
            else if let string = value.string { string }
            else if let items = value.array?.map({ $0.string }), items.allSatisfy({ $0 != nil }) { items.compactMap { $0 }.joined(separator: ",") }
            else { nil }
        guard let text else {
            problem(line, "\(key): expected a value in quotes, a number, true or false")
            return true
        }
        do {
            switch try found.value(text) {
            case .value(let parsed):
                if case .row(let row) = found.target, case .value = row.use {
                    config.settings.set(row.name, parsed)
                } else {
                    config.ignoredMpvOptions.append("\(key) = \(text)")
                }
            case .edit:
                config.ignoredMpvOptions.append("\(key) = \(text)")
            }
        } catch {
            problem(line, "\(error)")
        }
        return true
    }
}
