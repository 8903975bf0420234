/// The rows of how subtitles look, one per setting of `SubtitleTextStyle` (`sub-pos 80`,
/// `sub-color '#FFFF00'`, `sub-scale 1.5`, `sub-font-size 40`, `sub-ass-override force`):
/// each word is parsed by the settings table's row of the same name, so the command, the
/// command line and the config file take the same values and refuse the same ones.
extension CommandTable {
    static let subtitleStyleRows: [Row] = SubtitleTextStyle.settingNames.map(styleRow)

    /// What the help says each does, and the arguments it takes.
    private static let styleHelp: [String: (arguments: String, help: String)] = [
        "sub-pos": ("0-150", "where subtitles end, in percent of the picture's height (100: its bottom)"),
        "sub-color": ("#RRGGBB | #AARRGGBB | R/G/B[/A]", "the plain subtitles' colour"),
        "sub-scale": ("0-100", "a factor on the subtitles' font size (pixel modes; cells have one size)"),
        "sub-font-size": ("1-9000", "plain subtitles' size on a 720-row screen (pixel modes; cells have one size)"),
        "sub-ass-override": ("no | yes | scale | force | strip", "how much of an ASS track's styling the plain style replaces"),
    ]

    private static func styleRow(_ name: String) -> Row {
        let help = styleHelp[name] ?? ("VALUE", name)
        return Row(name, arguments: help.arguments,
                   parse: { arguments throws(Command.ParseError) in
                       let word = try arguments.one()
                       guard let setting = SettingsTable.setting(named: name) else { throw arguments.refuse() }
                       do throws(SettingRefusal) {
                           return .subtitleStyle(name: name, value: try setting.type.parse(word, option: name))
                       } catch {
                           throw arguments.refuse(error.detail.isEmpty ? "'\(word)': \(error.kind.rawValue)" : error.detail)
                       }
                   },
                   write: { command in
                       guard case .subtitleStyle(name, let value) = command else { return nil }
                       return [value.text]
                   },
                   help: help.help,
                   helpWithArguments: { command in
                       guard case .subtitleStyle(name, let value) = command else { return nil }
                       return "\(name) \(value.text)"
                   })
    }
}
