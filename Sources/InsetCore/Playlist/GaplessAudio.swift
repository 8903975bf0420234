/// Whether the next file of a list is heard gaplessly after a sound-only file (mpv's
/// `--gapless-audio`): its first sample written into the same sound output right behind the
/// last one's, the device never stopping. Only between two files with sound and no picture.
public enum GaplessAudio: String, CaseIterable, Sendable {
    /// Whenever both are sound only: the next is converted to the device's format if it
    /// differs.
    case yes
    /// Never: each file opens its own device, as a video does.
    case no
    /// When the next file's sound has the format (rate, channels) of the one playing, so
    /// that no file is heard converted (mpv's default).
    case weak

    /// Whether a next file whose sound is in `next` follows one in `playing` gaplessly.
    public func follows(playing: AudioFormat, next: AudioFormat) -> Bool {
        switch self {
        case .yes: true
        case .no: false
        case .weak: playing == next
        }
    }
}
