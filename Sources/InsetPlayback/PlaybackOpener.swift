import Foundation
import InsetCore
import InsetMedia
import InsetSites

/// Opens a file for playback on a thread of its own: the container (which for a URL, a
/// pipe or a live playlist can wait on the other end for seconds), the decoder, the sound
/// device (ALSA may take its time) and a cover picture. The UI thread goes on drawing
/// "opening…" and answering keys meanwhile, and `cancel` ends a wait in libavformat at once.
///
/// Threads: made, polled (`take`) and cancelled on the UI thread; `onFinish` is called on
/// the opening thread when the result is ready (the app wakes its loop with it).
public final class PlaybackOpener: @unchecked Sendable {
    public struct Request: Sendable {
        public var path: String
        public var viewport: Viewport
        public var threads: Int?
        public var sound: SoundTrack.Options?
        public var subtitles = SubtitleRequest()
        /// `--audio-file`: a second input whose sound is heard with the picture.
        public var audioFile: String?
        /// `--no-video`: the sound alone (the picture's stream is not decoded).
        public var noVideo = false
        /// What draws a file of sound alone with no cover (`--visualizer`); nil: nothing.
        public var visualizer: Visualizer?
        /// How page URLs are resolved, and what was resolved already (a list's entries).
        public var sites = SiteOptions()
        public var pages: ResolvedPages?
        /// The output of the sound playing, to be heard gaplessly after (a local file only).
        public var following: SoundTrack.Following?
        /// What may be opened and with which headers (`InputAllowance`): the app's, built
        /// from the command line; a page's resolver adds its headers to the opener's copy.
        public var allowance = InputAllowance.webOnly

        public init(path: String, viewport: Viewport, threads: Int? = nil, sound: SoundTrack.Options? = nil) {
            self.path = path
            self.viewport = viewport
            self.threads = threads
            self.sound = sound
        }
    }

    /// Set before `start`; read by the opening thread only after.
    public var request: Request
    /// Opened by the playlist (`Director+Playlist`), not chosen by hand: which entry of the
    /// library it is, so a file that fails is passed over for the next; UI thread.
    public var playlistEntry: Int?
    /// The library whose probe must not open the same file meanwhile (the app's
    /// `LibraryCatalog.claim`).
    public var catalog: (any InputClaims)?
    /// When the player gives up waiting (a demuxer that never checks the interrupt): the
    /// director's clock when it started opening, and the open deadline with a margin, and
    /// yt-dlp's deadline too once a page is being resolved. "opening…" must not outlive it.
    public var givesUpAt: HostTime {
        lock.withLock { startedAt.advanced(by: MediaSource.openTimeout + .seconds(2) + (resolverRan ? Ytdlp.deadline : .zero)) }
    }
    private var startedAt = HostTime.now()
    /// The picture's and the sound's sources each wait on their own I/O; both are cancelled.
    let videoInterrupt = MediaInterrupt()
    let audioInterrupt = MediaInterrupt()
    private let lock = NSLock()
    private var result: Result<OpenedInput, Error>?
    private var cancelled = false
    /// Whether yt-dlp is resolving the page now ("resolving…"), and whether it ever ran.
    private var resolving = false
    private var resolverRan = false
    private var phaseChanged = false
    private var wake: (@Sendable () -> Void)?

    /// Set by the opening thread around yt-dlp's run; the UI draws "resolving…" meanwhile.
    func noteResolving(_ now: Bool) {
        lock.withLock {
            resolving = now
            if now { resolverRan = true }
            phaseChanged = true
        }
        wake?()
    }

    public var isResolving: Bool { lock.withLock { resolving } }

    /// Whether "opening…" and "resolving…" changed places since the UI last asked.
    public func takePhaseChange() -> Bool { lock.withLock { defer { phaseChanged = false }; return phaseChanged } }

    public init(_ request: Request) { self.request = request }

    public var path: String { request.path }
    public var name: String {
        if let title = request.pages?.title(for: request.path) { return PrintableText.escaped(TitleCut.bounded(title)) }
        return PrintableText.escaped((request.path as NSString).lastPathComponent)
    }

    public func start(at now: HostTime, onFinish: @escaping @Sendable () -> Void) {
        lock.withLock { startedAt = now; wake = onFinish }
        let thread = Thread { [self] in
            catalog?.claim(request.path)
            let opened = Result { try openInput() }
            let keep = lock.withLock { () -> Bool in
                if cancelled { return false }
                result = opened
                return true
            }
            // Cancelled while opening: nobody will take what was opened, so close it here,
            // and the library may probe the file after all.
            if !keep {
                if case .success(.media(let media)) = opened { media.close() }
                catalog?.release(request.path)
            }
            onFinish()
        }
        thread.name = "inset.open"
        thread.start()
    }

    /// The outcome once opening has finished, handed over once; nil before.
    public func take() -> Result<OpenedInput, Error>? {
        lock.withLock {
            defer { result = nil }
            return result
        }
    }

    /// Gives up: any wait in libavformat ends now, and whatever was opened is closed.
    public func cancel() {
        let unclaimed = lock.withLock { () -> Result<OpenedInput, Error>? in
            cancelled = true
            defer { result = nil }
            return result
        }
        videoInterrupt.stop()
        audioInterrupt.stop()
        if case .success(.media(let media))? = unclaimed { media.close() }
    }
}
