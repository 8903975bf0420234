import InsetCore

extension Director {
    /// `--sub-color` and `--sub-pos` as the plain caption takes them (from the command line
    /// or the config file; the start's, as in mpv when no property changes them).
    var subtitleCaption: SubtitleCaption {
        let colour = options.settings.text("sub-color").flatMap(SubtitleCaption.colour(fromMpv:)) ?? .white
        guard case .integer(let position)? = options.settings["sub-pos"] else { return SubtitleCaption(colour: colour) }
        return SubtitleCaption(colour: colour, position: Int(clamping: position))
    }
}
