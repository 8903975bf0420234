import Foundation
import InsetCore
import InsetMedia
import InsetRender
import InsetShell
import InsetTerminal

/// The program as the user meets it: the panes (library, details, the full-screen player),
/// the one video being played and its state machine, and the PiP window floating above
/// everything. Runs the UI loop.
///
/// Threads: everything here runs on the UI (main) thread, which owns the terminal, the
/// planes, the painter and the state machine. The decode and scale threads only fill the
/// playback's frame queue; the catalog and the details preview probe on worker threads and
/// are polled here.
public final class App {
    enum Screen: Equatable { case library, details, player, shell }
    enum Focus: Equatable { case pane, pip }

    let options: AppOptions
    let session: TerminalSession
    let painter: FramePainter
    /// How the video's cells hold its pixels, chosen once at start for this terminal.
    let videoRaster: CellRaster
    /// Sends the video as real pixels when the terminal takes kitty graphics or sixel.
    let picturePresenter: PicturePresenter?
    let catalog: LibraryCatalog
    var library = LibraryPane()
    var libraryPlane = Plane(size: .zero, zIndex: 0, fill: .blank, isOpaque: true)
    var details: DetailsPane?
    var detailsPlane = Plane(size: .zero, zIndex: 0, fill: .blank, isOpaque: true)
    var screen: Screen
    var focus: Focus = .pane

    /// The shell pane (`!`, `--shell`): kept while its shell runs, shown or not.
    var shell: ShellPane?
    var shellPlane = Plane(size: .zero, zIndex: 0, fill: .blank, isOpaque: true)
    /// Where the app goes back to when the shell exits.
    var shellReturn: Screen = .library
    /// The prefix chord was typed: the next key is Inset's.
    var prefixPending = false
    var shellDrawnGeneration: UInt64 = .max
    var shellDrawnCursor = false
    var lastPaintAt: HostTime = .zero
    var lastShellKeyAt: HostTime = .zero

    /// The video being played: full screen, or in the PiP window.
    var playback: Playback?
    /// A second video, full screen, while `playback` stays in the window (Enter on another
    /// file during PiP); nil with one video. A swap exchanges the two (`swapVideos`).
    var second: Playback?
    var contentSwap = ContentSwapCoordinator()
    var player = PlayerScreen()
    var pip: PiPWindow?
    var subtitleOverlay = SubtitleOverlay()
    var lastAnimationStep: HostTime = .zero

    let waker = LoopWaker()
    var overlay = Plane(size: .zero, zIndex: 200)
    var helpVisible = false
    var message: (text: String, until: HostTime)?
    var planes: [Plane] = []

    /// A single file given on the command line: its end quits, as a player's does.
    let quitsAtEnd: Bool
    let singleFile: Bool
    var running = true
    var needsPaint = true
    var libraryDirty = true
    var terminationSignal: Int32?
    var waitingForFirstPlayable = false
    var statistics = PlaybackStatistics()
    /// A file being opened off the UI thread; the player says "opening…" meanwhile.
    var opening: PlaybackOpener?
    /// Why a single file given on the command line could not be shown: the one line the
    /// command prints once the terminal is restored, with a non-zero exit.
    var fatalError: String?
    /// Said once on standard error after the terminal is restored (a file cut short).
    var closingNotice: String?

    /// Lists the paths, takes the terminal. A single file's path is checked first (missing,
    /// a directory, empty), so the common mistakes are one line on a clean terminal; it is
    /// opened, once, off the UI thread (`PlaybackOpener`), so a stream that does not answer
    /// never freezes the screen and `q` always quits.
    public init(options: AppOptions) throws {
        self.options = options
        singleFile = options.paths.count == 1 && !App.isDirectory(options.paths[0])
        if singleFile { try MediaSource.checkPath(options.paths[0]) }
        catalog = LibraryCatalog(paths: options.paths)
        quitsAtEnd = singleFile && !options.startsInPiP && !options.startsInShell
        screen = options.startsInShell ? .shell : singleFile ? .player : .library
        session = try TerminalSession()
        let environment = ProcessInfo.processInfo.environment
        let capabilities = App.askTerminal(session, options, environment: environment)
        painter = FramePainter(colorMode: options.colorMode ?? session.colorMode)
        let drawing = App.drawing(options, capabilities, environment: environment)
        videoRaster = drawing.raster
        let waker = self.waker
        picturePresenter = drawing.pictures.map { PicturePresenter(output: $0, waker: waker) }
        planes.reserveCapacity(12)
        if drawing.pictures?.usesPlaceholders == true {
            player.video.placeholderImageID = PicturePresenter.PlaceholderImage.player
        }
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(FileNameBytes.cString(path), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Runs until the user quits, a single file ends or a signal arrives; the terminal is
    /// restored before this returns.
    public func run() -> PlaybackSummary {
        defer {
            // The terminal first: what follows joins threads, and the user is waiting.
            opening?.cancel()
            picturePresenter?.farewell { _ = try? session.writer.write($0) }
            picturePresenter?.stop()
            session.restore()
            ExitDeadline.arm(status: terminationSignal.map { 128 + $0 } ?? (fatalError == nil ? 0 : 1),
                             lastLine: fatalError ?? closingNotice)
            playback?.stop()
            second?.stop()
            catalog.stop()
            details?.stop()
            shell?.close()
        }
        // A single file played at once is opened by the player only, not by the catalog as
        // well (with `--pip` the catalog's probe is what starts it).
        if singleFile && (screen == .player || screen == .shell) { catalog.leaveToPlayer(options.paths[0]) }
        catalog.startProbing()
        let now = HostTime.now()
        player.revealControls(at: now)
        layout()
        // A single file was opened once already (init), so it plays without waiting for the
        // catalog's probe; `--pip` over a library waits for the first playable entry.
        if screen == .shell {
            // `--shell`: the shell full screen; a single file plays in the window over it.
            screen = .library
            openShell(at: now)
            if shell == nil { running = false; fatalError = message?.text }
            if singleFile { open(entry: 0, at: now) }
        } else if screen == .player {
            open(entry: 0, at: now)
        } else if options.startsInPiP {
            waitingForFirstPlayable = true
        }
        while running {
            let now = HostTime.now()
            tick(at: now)
            if needsPaint && running { paint(at: now) }
            writeReadyPicture()
            guard running else { break }
            for event in session.nextEvents(timeout: wakeUp(after: now), wakeDescriptor: waker.readDescriptor) {
                handle(event, at: HostTime.now())
                if !running { break }
            }
        }
        var summary = (playerPlayback?.statistics ?? playback?.statistics ?? statistics).summary(signal: terminationSignal, endedAt: HostTime.now())
        summary.error = fatalError
        summary.notice = closingNotice
        return summary
    }

    /// Everything that happens with time rather than input: frames, the end of the file,
    /// the catalog's and the preview's news, animation steps, timeouts.
    func tick(at now: HostTime) {
        if let opener = opening, let result = opener.take() {
            opening = nil
            finishOpening(opener, result, at: now)
        } else if let opener = opening, now >= opener.givesUpAt {
            opening = nil
            opener.cancel()
            let seconds = Int(MediaSource.openTimeout.components.seconds)
            finishOpening(opener, .failure(MediaError.timedOut(path: opener.path, seconds: seconds)), at: now)
        }
        if let failure = second?.failure {
            closeSecond()
            fail(failure.description, at: now)
        }
        if let failure = playback?.failure {
            if second != nil {
                // The window's video, with a second one full screen: that one goes on alone.
                promoteSecond(at: now)
                pip = nil
                focus = .pane
                show(message: failure.description, at: now)
            } else {
                closePlayback()
                fail(failure.description, at: now)
            }
        }
        forEachVideo { video in
            if video.advance(at: now) {
                if screen == .player && video === playerPlayback, let frame = video.current { player.show(frame, screen: session.size) }
                needsPaint = true
            }
            perform(video.checkEnd(at: now), at: now)
            if let notice = video.takeSoundNotice() { show(message: notice, at: now) }
            if video.takeBufferingChange() { needsPaint = true }
            if let cut = video.takeCutNotice() {
                show(message: "\(video.name): \(cut)", at: now)
                if quitsAtEnd { closingNotice = "\(video.path): \(cut)" }
            }
        }
        if catalog.takeChanges() {
            if let index = details?.index { details?.update(catalog.entries[index]) }
            libraryDirty = true
            needsPaint = true
            if waitingForFirstPlayable, let first = catalog.entries.firstIndex(where: \.isPlayable) {
                waitingForFirstPlayable = false
                open(entry: first, at: now)
            }
        }
        if details?.poll() == true { needsPaint = true }
        if shell?.hasExited == true { shellEnded(at: now) }
        if shellNeedsPaint(at: now) { needsPaint = true }
        if var window = pip, window.isAnimating, now >= lastAnimationStep.advanced(by: PiPWindow.frameInterval) {
            lastAnimationStep = now
            let finished = window.stepAnimation()
            pip = window
            needsPaint = true
            if let finished { send(.animationFinished(finished), at: now) }
        }
        if let message, now >= message.until { self.message = nil; needsPaint = true }
        if screen == .player, pip == nil, !player.controlsVisible(at: now), player.controls.isVisible { needsPaint = true }
        if let window = pip, window.hoverUntil > .zero, now >= window.hoverUntil {
            pip?.hoverUntil = .zero
            needsPaint = true
        }
        if subtitlesNeedPaint(at: now) { needsPaint = true }
    }

    /// How long the loop may sleep waiting for input: until the next frame, animation step,
    /// hide or expiry; a quarter second at most.
    func wakeUp(after now: HostTime) -> Duration {
        var wait = Duration.milliseconds(250)
        forEachVideo { video in
            if let deadline = video.nextDeadline(after: now) { wait = min(wait, deadline) }
            if let check = video.buffering.nextCheck(after: now) { wait = min(wait, check + .milliseconds(1)) }
        }
        if pip?.isAnimating == true { wait = min(wait, PiPWindow.frameInterval) }
        if catalog.isProbing || details?.isLoading == true { wait = min(wait, .milliseconds(50)) }
        if screen == .player, player.controlsVisible(at: now) {
            wait = min(wait, player.controlsHideAt.elapsed(since: now) + .milliseconds(1))
        }
        if let message { wait = min(wait, message.until.elapsed(since: now) + .milliseconds(1)) }
        if let window = pip, window.hoverUntil > now { wait = min(wait, window.hoverUntil.elapsed(since: now) + .milliseconds(1)) }
        if screen == .shell, let shell, shell.generation != shellDrawnGeneration {
            wait = min(wait, lastPaintAt.advanced(by: App.shellPaintInterval).elapsed(since: now) + .milliseconds(1))
        }
        return wait
    }

    func show(message text: String, at now: HostTime) {
        // Names in messages are shown as the command line prints them (bytes that are not
        // UTF-8 as \xNN); the cells already keep control characters off the wire.
        message = (PrintableText.escaped(text), now.advanced(by: .seconds(3)))
        needsPaint = true
    }
}
