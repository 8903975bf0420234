import InsetCore

/// Gapless sound's queue (the app's `Director+Gapless` drives it): the next file of the list
/// opened ahead, and the video it follows. Playback's: what it holds are a playback, its
/// opener and its media.
public struct GaplessQueue {
    /// The next file, being opened or waiting to be heard.
    public var next: Next?
    /// The video whose next file could not follow it (a picture, another format, no
    /// device): not tried again for it; its end opens the next as any file's does.
    public weak var refused: Playback?

    public init() {}

    /// The list's next file, for the video it follows.
    public final class Next {
        public let predecessor: Playback
        public let entry: Int
        public let opener: PlaybackOpener
        /// Once opened: its sound is on the predecessor's output, not yet written.
        public var media: Playback.Media?
        /// Its sound is being written behind the predecessor's (`SoundTrack.queue(behind:)`).
        public var queued = false
        /// When the predecessor reached its end before the next file's first sample was
        /// heard: the hand-over waits for that sample, a while.
        public var endReachedAt: HostTime?

        public init(predecessor: Playback, entry: Int, opener: PlaybackOpener) {
            self.predecessor = predecessor; self.entry = entry; self.opener = opener
        }
    }
}
