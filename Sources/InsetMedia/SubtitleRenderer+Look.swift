import CAss
import InsetCore

/// mpv's subtitle options given to libass (`cass_configure`, mpv's `configure_ass`): the
/// line position (`--sub-pos`), the font scale (`--sub-scale`), the plain style
/// (`--sub-font-size`, `--sub-color`) for a converted track's default style and, with
/// `--sub-ass-override=force`, over a script's own styles.
extension SubtitleRenderer {
    /// Configures libass when the look or the kind of track changed since the last render
    /// (and after a new track): libass then lays the events out again; otherwise nothing,
    /// so a still subtitle stays laid out once.
    func configure(_ track: UnsafeMutablePointer<ASS_Track>, converted: Bool) {
        if let configured, configured.look == look, configured.converted == converted { return }
        configured = (look, converted)
        let override: Int32 = switch look.override {
        case .no: Int32(CASS_OVERRIDE_NO)
        case .yes: Int32(CASS_OVERRIDE_YES)
        case .force, .strip: Int32(CASS_OVERRIDE_FORCE)
        case .scale: Int32(CASS_OVERRIDE_SCALE)
        }
        var settings = CAssLook(scale: look.scale, font_size: look.fontSize, colour: look.colour,
                                position: Int32(clamping: look.position), override: override)
        cass_configure(renderer, track, &settings, converted ? 1 : 0)
    }
}
