import InsetCore
import InsetPlayback

/// The director's part of gapless sound (`Director+Gapless`): the next file of the list
/// opened ahead, and the video it follows.
struct GaplessQueue {
    /// The next file, being opened or waiting to be heard.
    var next: Next?
    /// The video whose next file could not follow it (a picture, another format, no
    /// device): not tried again for it; its end opens the next as any file's does.
    weak var refused: Playback?

    /// The list's next file, for the video it follows.
    final class Next {
        let predecessor: Playback
        let entry: Int
        let opener: PlaybackOpener
        /// Once opened: its sound is on the predecessor's output, not yet written.
        var media: Playback.Media?
        /// Its sound is being written behind the predecessor's (`SoundTrack.queue(behind:)`).
        var queued = false
        /// When the predecessor reached its end before the next file's first sample was
        /// heard: the hand-over waits for that sample, a while.
        var endReachedAt: HostTime?

        init(predecessor: Playback, entry: Int, opener: PlaybackOpener) {
            self.predecessor = predecessor; self.entry = entry; self.opener = opener
        }
    }
}
