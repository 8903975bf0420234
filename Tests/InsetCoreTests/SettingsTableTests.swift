@testable import InsetCore
import Testing

/// The table's rows are well formed: each default parses by its own type, no name means two
/// rows, and a row's mpv names are mpv's (or mpv 0.36's kitty output, not in 0.35's list).
@Suite struct SettingsTableTests {
    @Test(arguments: SettingsTable.all.map(\.name))
    func everyDefaultParsesByItsType(name: String) throws {
        let row = try #require(SettingsTable.setting(named: name))
        #expect(row.defaultValue != nil, "\(row.name)'s default \(row.defaultText) does not parse")
    }

    @Test func namesAreUnique() {
        var seen: [String: String] = [:]
        for row in SettingsTable.all {
            for name in Set([row.name] + row.mpvNames) {
                #expect(seen[name] == nil, "\(name) names both \(seen[name] ?? "") and \(row.name)")
                seen[name] = row.name
            }
        }
    }

    @Test func mpvNamesAreMpvs() {
        // mpv 0.36's kitty output and the tct output's algo are not in 0.35.1's list as built here.
        for row in SettingsTable.all where !row.name.hasPrefix("vo-kitty-") && row.name != "vo-tct-algo" {
            for name in row.mpvNames {
                #expect(MpvOptionCatalogue.entry(named: name) != nil, "\(row.name): mpv 0.35 has no --\(name)")
            }
        }
    }

    @Test("a row's type is mpv's type for the option, so a value means the same to both")
    func rowTypesAreMpvs() {
        for row in SettingsTable.all where !row.name.hasPrefix("vo-kitty-") && row.name != "config" && row.name != "sub"
                                                   && !row.mpvNames.isEmpty {
            guard let entry = MpvOptionCatalogue.entry(named: row.mpvNames[0]), case .option(let type) = entry.kind else { continue }
            #expect(type == row.type, "\(row.name): mpv's \(type), the row's \(row.type)")
            #expect(entry.defaultText == row.defaultText, "\(row.name): mpv's default \(entry.defaultText)")
        }
    }
}
