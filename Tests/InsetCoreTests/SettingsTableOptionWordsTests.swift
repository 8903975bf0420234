@testable import InsetCore
import Testing

/// The play command's reader of the words before the parser takes which options have a
/// value from the table's rows (`SettingsTable.insetOptionsWithValue`), not from a hand list
/// beside it (`Play.optionsWithValue` was one): a row added with an Inset option is read with
/// its value, and with a value that begins with `-` when the value is a number or a time.
@Suite struct SettingsTableOptionWordsTests {
    @Test("a row added with an Inset option: its option takes the next word, even a negative number")
    func addedRowIsSeen() {
        let added = Setting("test-lag", .number(nil), default: "0.000", use: .option("--test-lag"), "A row only this test has.")
        let text = Setting("test-name", .text, default: "", use: .option("--test-name"), "Another.")
        let rows = SettingsTable.all + [added, text]
        #expect(SettingsTable.optionsWithValue(of: rows).isSuperset(of: ["--test-lag", "--test-name"]))
        #expect(SettingsTable.unconditionalOptions(of: rows).contains("--test-lag"))
        #expect(!SettingsTable.unconditionalOptions(of: rows).contains("--test-name"), "a text's next word may be an option")
        #expect(!SettingsTable.optionsWithValue(of: SettingsTable.all).contains("--test-lag"))
        #expect(MpvCommandLine.arguments(for: added, .number(-0.5)) == ["--test-lag", "-0.500"])
    }

    /// Every row whose value becomes an Inset option: the command line's reader knows it,
    /// and mpv's spelling of it becomes that option (the table's one row, both readers).
    @Test(arguments: SettingsTable.all.filter { $0.insetOption != nil }.map(\.name))
    func everyOptionRowIsRead(name: String) throws {
        let row = try #require(SettingsTable.setting(named: name))
        let flag = try #require(row.insetOption)
        #expect(SettingsTable.insetOptionsWithValue.contains(flag))
        let numeric = switch row.type { case .number, .integer, .position: true; default: false }
        #expect(SettingsTable.insetUnconditionalOptions.contains(flag) == numeric, "\(flag)")
        let sample = switch row.type {
        case .number, .integer: "2"
        case .position: "3"
        case .choice(let words, _): words.last ?? "no"
        case .pairs: "k=v"
        default: "x"
        }
        let mpvName = try #require(row.mpvNames.first)
        let words = try MpvCommandLine.translate(["--\(mpvName)=\(sample)"]).arguments
        #expect(words.first == flag, "--\(mpvName)=\(sample) became \(words)")
    }
}
