/// Every action a user can ask of the player, by name: what a key, a mouse button, a line
/// of the config file and a control-socket request all become (ARCHITECTURE.md, "The path
/// of a key"). Pure data: what each does is the app's business.
///
/// The text form is the one a person types: a name and its arguments (`seek +15`,
/// `window-move bottom-left`); `Command(words:)` reads it and `description` writes it back
/// the same way. Each name is a row of `CommandTable`, which holds its parser, writer,
/// help, embed rule and default keys: a new case needs its row there.
public enum Command: Hashable, Sendable {
    case quit
    /// The `?` overlay: the keys of what has the focus.
    case help
    /// Play or pause; `nil` toggles.
    case pause(Bool?)
    /// Forward (positive) or back by a time from where playback is.
    case seek(by: MediaTime)
    case seekTo(MediaTime)
    /// Paused, one frame on (`frame-step`) or back (`frame-back-step`), exactly.
    case frameStep(forward: Bool)
    /// Sets A, then B, then clears the A-B loop.
    case abLoop
    /// The frame on screen as a PNG at the picture's own size.
    case screenshot
    /// Live input: to the newest frame read.
    case liveEdge
    /// The full-screen video into the floating window.
    case pip
    /// The window's video back full screen.
    case restore
    case closeWindow
    /// With two videos, the window's and the full-screen one change places.
    case swap
    case focus(FocusTarget)
    case windowMove(WindowMove)
    /// Bigger (positive) or smaller by size steps.
    case windowSize(Int)
    /// Against the nearest side edge, or pulled back from it.
    case windowStash
    /// Relative (`volume +10`) or absolute (`volume 50`), in percent.
    case volume(VolumeChange)
    /// The focused video's speed: a step up or down the ladder, back to 1×, or a given one.
    case speed(SpeedChange)
    case mute
    case subtitles(TrackStep)
    case audio(TrackStep)
    /// What draws a sound-only file's picture: the next visualiser (after the last: none,
    /// after none: the first), or one by name (nil: none).
    case visualizer(VisualizerChange)
    /// The focused video's sound later (positive) or earlier than its picture, by a step
    /// or to a value (mpv's `audio-delay`).
    case audioDelay(AudioDelayChange)
    /// The focused video's subtitles later (positive) or earlier than its picture, by a step
    /// or to a value (mpv's `sub-delay`, `z`/`Z`).
    case subtitleDelay(AudioDelayChange)
    /// The focused video's subtitles shown or hidden (mpv's `sub-visibility`); nil toggles.
    case subtitleVisibility(Bool?)
    /// One of the subtitles' looks set (`sub-pos`, `sub-color`, `sub-scale`, `sub-font-size`,
    /// `sub-ass-override`: `SubtitleTextStyle.settingNames`), its value parsed by its setting's row.
    case subtitleStyle(name: String, value: SettingValue)
    /// With two videos, the other one is heard and this one lowered to the window's volume.
    case audioFocus
    /// The focused video's next chapter, or back to the start of this one (more than 2 s
    /// into it) or the one before.
    case chapter(ChapterStep)
    /// The next or previous file of the list the focused video came from (the library's,
    /// the command line's, a playlist's: `PlaylistCursor`).
    case playlist(PlaylistStep)
    /// The shell pane (started the first time).
    case shell
    /// The library (a playing video goes on in the window).
    case library
    /// The library's selected file: its details.
    case details
    /// The library's selection moves.
    case select(SelectionMove)
    /// Plays the library's selected file, or the file of the details shown.
    case open
    /// The shell pane's prefix chord itself, sent to the shell.
    case sendPrefix

    public enum AudioDelayChange: Hashable, Sendable {
        case by(MediaTime)
        case to(MediaTime)
    }

    public enum FocusTarget: String, Hashable, Sendable, CaseIterable {
        case toggle, window, pane
    }

    public enum WindowMove: String, Hashable, Sendable, CaseIterable {
        case left, right, up, down
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"

        /// The screen corner a corner move names; nil for a step toward a side.
        public var corner: PiPLayout.Corner? {
            switch self {
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            case .left, .right, .up, .down: nil
            }
        }
    }

    public enum VolumeChange: Hashable, Sendable {
        case by(Int)
        case to(Int)
    }

    public enum SpeedChange: Hashable, Sendable {
        case up, down, reset
        case to(PlaybackSpeed)

        /// The speed this change makes of `speed`.
        public func applied(to speed: PlaybackSpeed) -> PlaybackSpeed {
            switch self {
            case .up: speed.faster
            case .down: speed.slower
            case .reset: .normal
            case .to(let wanted): wanted
            }
        }
    }

    /// `next` goes on to the next track (for subtitles: after the last, off); `off` hides
    /// the subtitles.
    public enum TrackStep: String, Hashable, Sendable, CaseIterable {
        case next, off
    }

    public enum VisualizerChange: Hashable, Sendable {
        case next
        case to(Visualizer?)

        /// The visualiser this change makes of `current` (nil: none).
        public func applied(to current: Visualizer?) -> Visualizer? {
            switch self {
            case .next: current.map { $0.next } ?? Visualizer.allCases.first
            case .to(let wanted): wanted
            }
        }
    }

    public enum ChapterStep: String, Hashable, Sendable, CaseIterable {
        case next, previous
    }

    public enum PlaylistStep: String, Hashable, Sendable, CaseIterable {
        case next, previous
    }

    public enum SelectionMove: String, Hashable, Sendable, CaseIterable {
        case next, previous
        case pageDown = "page-down", pageUp = "page-up", first, last
    }
}
