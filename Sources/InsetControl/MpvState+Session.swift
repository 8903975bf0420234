import InsetCore

/// The state mpv's session properties read (`core-idle`, `paused-for-cache`, `seeking`,
/// `cache-buffering-state`, `demuxer-cache-duration`, `loop-file`, `loop-playlist`,
/// `video`, `script-opts`), filled by the app with the rest of `MpvState`. Pure data.
extension MpvState {
    public struct Session: Equatable, Sendable {
        /// The picture waits for its input ("buffering…" on the bar): mpv's `paused-for-cache`.
        public var buffering = false
        /// Seconds read ahead of the picture (of the sound without one); nil when unknown.
        public var cachedAhead: Double?
        /// A seek (or the open) is on its way to its first frame.
        public var seeking = false
        /// `loop-file`: nil plays once, `Int.max` loops for ever, else the plays again left.
        public var loopFile: Int?
        public var loopPlaylist = false
        /// Whether files open with their picture (`video`/`vid` set to `no` turns it off).
        public var videoOn = true
        /// `script-opts`: the scripts' options as given, then as set while playing.
        public var scriptOptions: [SettingValue.KeyValue] = []

        public init() {}
    }
}
