import Foundation
import InsetControl
import InsetLog
import InsetCore
import InsetPlayback
import InsetSites
import InsetMedia
import InsetRender
import InsetScripts
import InsetTerminal

/// The loop that owns the terminal (ARCHITECTURE.md, "The director and its loop"): it
/// takes the terminal, builds the director for it, and each turn hands it time and input
/// and does what it asks: paint (compose, rasterize, one write, then the picture), redraw
/// everything, quit. Everything else, what is on screen and why, is the director's.
///
/// UI (main) thread.
public final class App {
    /// The terminal the loop writes to and reads from (`TerminalSession`, or a test's).
    let terminal: any LoopTerminal
    let painter: FramePainter
    /// Sends the video as real pixels when the terminal takes kitty graphics or sixel.
    let picturePresenter: PicturePresenter?
    let director: Director
    /// The control socket's requests and events, when one is served.
    let control: ControlDesk?
    /// The session bus's MPRIS calls and signals, when there is a session bus.
    let mpris: MPRISDesk?
    /// mpv's Lua scripts, when the user loaded any (docs/scripts.md).
    let scripts: ScriptDesk?
    /// The planes of one paint, kept for their capacity.
    var planes: [Plane] = []
    /// What the input of the last wait asked, carried out with the next turn's.
    var inputEffects: [AppEffect] = []
    /// The terminal window's title, set to what plays (not when embedded: the window is
    /// another program's).
    var windowTitle = WindowTitle()
    /// `--embed`: a rectangle of someone else's screen (see `App+Embed`).
    let embedded: Bool
    /// Inside tmux with iTerm2 pictures: where the pane is outside, followed as it moves.
    var paneWatch: TmuxPaneWatch?
    /// The link's one measure, fed after every write (`measureLink`), read by the fitter and
    /// the presenter's pacer.
    let link: LinkMeter
    /// The link's budget and the cells' quality rung (`--link-rate`).
    var linkFitter: LinkFitter

    /// Takes the terminal, asks it what it draws, and builds the director for it. A single
    /// file's path is checked first (by the director), so the common mistakes are one line
    /// on a clean terminal.
    public convenience init(options: AppOptions) throws {
        let singleFile = options.paths.count == 1 && !Director.isDirectory(options.paths[0])
        if singleFile { try MediaSource.checkPath(options.paths[0], allowance: options.allowance) }
        let environment = ProcessInfo.processInfo.environment
        if options.mpvSession.terminal == .none {
            // `--no-terminal`: cells, drawn nowhere; the desktop's media player all the same.
            let raster = CellRaster(blitter: .half, cellAspect: CellRaster.assumedCellAspect)
            try self.init(options: options, terminal: HeadlessTerminal(), painter: FramePainter(colorMode: .truecolor),
                          raster: raster, pictures: nil, mpris: MPRISDesk.start())
            return
        }
        let capabilities: TerminalCapabilities
        let session: TerminalSession
        if let embed = options.embed {
            // The last preview on this socket erases itself before this one draws.
            if let socket = options.controlSocketPath { ControlSocketTakeover.replacePlayer(at: socket) }
            session = try TerminalSession(embedding: embed, readsKeys: options.embedKeys)
            capabilities = App.embeddedCapabilities(session, environment: environment)
        } else {
            var terminalOptions = TerminalSession.Options()
            terminalOptions.readsKeys = options.mpvSession.terminal == .full
            session = try TerminalSession(options: terminalOptions)
            capabilities = App.askTerminal(session, options, environment: environment)
        }
        let painter = FramePainter(colorMode: options.colorMode ?? session.colorMode)
        let drawing = App.drawing(options, capabilities, environment: environment)
        if options.embed != nil {
            App.embed(painter, session, pictures: drawing.pictures)
            if let guardExecutable = options.embedGuardExecutable { session.startGuard(executable: guardExecutable) }
        }
        // Not embedded: a preview in someone else's screen is not the desktop's media player.
        let mpris = options.embed == nil ? MPRISDesk.start() : nil
        try self.init(options: options, terminal: session, painter: painter, raster: drawing.raster, pictures: drawing.pictures,
                      mpris: mpris)
        picturePresenter?.textKeepsPixels = drawing.pictures?.keepsPixelsUnderText(capabilities) ?? false
    }

    /// The loop on `terminal`, already taken and asked what it draws (`raster`, `pictures`).
    init(options: AppOptions, terminal: any LoopTerminal, painter: FramePainter, raster: CellRaster,
         pictures: (any PictureOutput)?, mpris: MPRISDesk? = nil) throws {
        self.terminal = terminal
        self.mpris = mpris
        self.painter = painter
        embedded = options.embed != nil
        let link = LinkMeter()
        self.link = link
        linkFitter = LinkFitter(setting: options.linkRate, blitter: raster.blitter, colorMode: painter.rasterizer.colorMode,
                                meter: link)
        director = try Director(options: options, stage: .init(size: terminal.size, videoRaster: raster, pictures: pictures))
        let drawing = (raster: raster, pictures: pictures)
        let waker = director.waker
        picturePresenter = drawing.pictures.map { [link] in PicturePresenter(output: $0, waker: waker, link: link) }
        if drawing.pictures?.followsTmuxPane == true, let presenter = picturePresenter {
            let environment = ProcessInfo.processInfo.environment
            let origin = TmuxPane.origin(environment: environment) ?? .zero
            presenter.condition.withLock { presenter.shared.paneOrigin = origin }
            paneWatch = TmuxPaneWatch(environment: environment, origin: origin) { waker.wake() }
        }
        drawing.pictures?.prepare()
        control = App.serveControl(at: options.controlSocketPath, waker: waker, director: director)
        scripts = ScriptDesk.start(options: options, director: director)
        if let scripts { control?.mpv.scriptMessages = { scripts.deliver(to: $0, $1) } }
        planes.reserveCapacity(12)
    }

    /// Serves the control socket; a socket that cannot be served is said on the bar, and
    /// the player plays on without it.
    static func serveControl(at path: String?, waker: LoopWaker, director: Director) -> ControlDesk? {
        guard let path else { return nil }
        do {
            let directory = (path as NSString).deletingLastPathComponent
            if directory == ControlPaths.directory() { try ControlPaths.prepareDirectory(directory) }
            return ControlDesk(server: try ControlServer(path: path, onRequest: { waker.wake() }))
        } catch {
            director.noteAtStart("no control socket: \(error)")
            return nil
        }
    }

    /// Runs until the user quits, a single file ends or a signal arrives; the terminal is
    /// restored before this returns.
    public func run() -> PlaybackSummary {
        begin()
        while director.isRunning { turn() }
        return finish()
    }

    /// What the command line asked for, started and painted.
    func begin() {
        let now = HostTime.now()
        carryOut(director.start(at: now), at: now)
    }

    /// One turn of the loop: time passes, the control socket's requests and the input that
    /// came since the last turn are handled, and whatever all of them asked is carried out
    /// once: one paint a turn at most, however many keys or mouse reports came in one read
    /// (a sweep of 20 reports used to paint 21 times, a key while playing twice). Then the
    /// pictures the encoder finished go out, and the loop waits for the next wake-up or
    /// input, which the next turn carries out.
    func turn() {
        let now = HostTime.now()
        var effects = inputEffects
        inputEffects.removeAll(keepingCapacity: true)
        if let origin = paneWatch?.takeMove(), let presenter = picturePresenter {
            // Everything again: the pictures go to the pane's new place outside.
            presenter.paneMoved(to: origin)
            effects.append(.redrawAll)
        }
        effects += director.handle(.tick, at: now)
        if let scripts { effects += scripts.serve(director, at: now) }
        if let control { effects += control.serve(director, at: now) }
        if let mpris { effects += mpris.serve(director, at: now) }
        carryOut(effects, at: now)
        if let presenter = picturePresenter {
            presenter.writeReady { self.writePicture($0, abandonable: true) }
            if presenter.leadsChanged {
                presenter.leadsChanged = false
                director.setPictureLeads(presenter.lead)
            }
        }
        if let due = picturePresenter?.retryAt, HostTime.now() >= due { presentPicture() }
        if let notice = SharedMemoryObjects.shared.takeNotice() {
            Log.error(notice)
            inputEffects += director.handle(.notice(notice), at: now)
        }
        guard director.isRunning else { return }
        for event in terminal.nextEvents(timeout: wakeUp(after: now), wakeDescriptor: director.wakeDescriptor,
                                         watching: mpris?.descriptor) {
            // A resize may move the pane too (a zoom, a split): where it is now, before the redraw.
            if case .resize = event, let watch = paneWatch, watch.look(), let origin = watch.takeMove() {
                picturePresenter?.paneMoved(to: origin)
            }
            // A key a script bound is the script's (mp.add_key_binding), beside Inset's own.
            if case .key(let press) = event, let scripts, scripts.takeKey(press, director) { continue }
            inputEffects += director.handle(.input(event), at: HostTime.now())
            if !director.isRunning { break }
        }
    }

    /// Leaves the loop: the terminal given back, the threads joined.
    private func finish() -> PlaybackSummary {
        // The terminal first: what follows joins threads, and the user is waiting.
        director.cancelOpening()
        // yt-dlp, in a process group of its own, would outlive the player (`RunningChildren`).
        RunningChildren.shared.stopAll()
        // The scripts' shutdown handlers may still ask the player something: before the socket goes.
        scripts?.finish(director)
        paneWatch?.stop()
        picturePresenter?.farewell { _ = try? terminal.write($0) }
        picturePresenter?.stop()
        // Nothing of ours stays in /dev/shm, whatever the terminal read.
        SharedMemoryObjects.shared.removeAll()
        if let restore = windowTitle.restore { _ = try? terminal.write(restore) }
        terminal.restore()
        // The socket goes once the screen is given back: a preview replacing this one on the
        // same socket (ControlSocketTakeover) draws when it stops listening, so this one's
        // erase must not come after: the new picture, sending only the cells that change,
        // would keep the hole.
        control?.finish(director)
        mpris?.finish()
        let exit = director.exitStatus
        ExitDeadline.arm(status: exit.status, lastLine: exit.lastLine)
        var summary = director.finish(at: HostTime.now())
        summary.pictures = picturePresenter?.summary
        summary.link = linkFitter.summary
        return summary
    }

    /// The director's next turn, or sooner when a picture skipped for the link is due again.
    func wakeUp(after now: HostTime) -> Duration {
        let turn = director.wakeUp(after: now)
        guard let due = picturePresenter?.retryAt else { return turn }
        return min(turn, due > now ? due.elapsed(since: now) : .zero)
    }

    /// Does what the director asked: everything drawn again if asked, then one paint,
    /// however many asked for one.
    func carryOut(_ effects: [AppEffect], at now: HostTime) {
        if effects.contains(.redrawAll) { painter.invalidate() }
        if director.isRunning && (effects.contains(.paint) || effects.contains(.redrawAll)) { paint(at: now) }
    }

    /// Composes the director's planes, rasterizes them against what the terminal shows and
    /// writes the frame in one write; the write's blocking time is measured, and a slow
    /// terminal shows up as late frames that the playback drops.
    func paint(at now: HostTime) {
        director.compose(into: &planes, at: now)
        // Embedded, the rectangle may have moved with the terminal's size (a redraw if so).
        painter.rasterizer.origin = terminal.origin
        let rate = director.frontFrameRate
        let bytesAtRung = painter.paint(planes, screenSize: terminal.size,
                                        byteLimit: linkFitter.frameByteLimit(framesPerSecond: rate),
                                        coarser: linkFitter.coarserRungs)
        planes.removeAll(keepingCapacity: true)
        let start = HostTime.now()
        let blocked = painter.output.withUnsafeBytes { bytes in (try? terminal.write(bytes)) ?? .zero }
        director.painted(bytes: painter.lastStats.bytes, blocked: blocked, at: now)
        fitToLink(bytes: painter.lastStats.bytes, bytesAtRung: bytesAtRung, blocked: blocked, at: start)
        if !embedded, let title = windowTitle.update(to: director.windowTitleSubject) { _ = try? terminal.write(title) }
        presentPicture()
        if TestTrap.isArmed, director.videos.fullScreen?.current != nil { TestTrap.fire() }
    }
}
