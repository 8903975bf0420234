import Foundation
import InsetCore
import InsetLog
import InsetMedia
import InsetPlayback
import InsetRender

/// The program as the user meets it, with no terminal (ARCHITECTURE.md, "The director and
/// its loop"): the panes in their order, the focus, the videos by place, the floating
/// window and the overlays. Every input, command and tick goes through `handle`, which
/// returns what the loop that owns the terminal must do (`AppEffect`): paint, redraw
/// everything, quit. Tests drive it the same way, with no terminal at all.
///
/// UI thread. The decode and scale threads only fill the videos' frame queues; the catalog
/// and the details preview probe on worker threads and are polled on ticks.
final class Director {

    /// The command line's options; the speed is the one chosen last (`changeSpeed`).
    var options: AppOptions
    /// The screen's size and how pictures are drawn on it.
    var stage: Stage
    /// Other threads (a frame, the catalog, the shell's output) wake the loop through it.
    let waker: LoopWaker
    let videos: VideoPlaces
    /// The panes, what floats over them and the seek preview (`Panes`).
    var panes: Panes
    /// Where the user is (`Director+Navigation`).
    var navigation: Navigation
    var effects = EffectQueue()
    /// Events for the videos' machines, delivered in order by `deliver`, so that what an
    /// effect asks of a machine waits its turn instead of re-entering the machine.
    var machineEvents = MachineEvents()
    var outcome: Outcome
    /// Screenshots being taken, each on its own thread.
    var screenshots: [Screenshot] = []
    /// The list being played: its order, what follows gaplessly, its labels (`PlaylistDesk`).
    let list: PlaylistDesk
    /// What mpv's IPC asked beyond commands, and mpv's events as raised (`Director+Session`).
    var mpvSessionState = MpvSessionState()

    /// Lists the paths. A single file's path is checked first (missing, a directory,
    /// empty), so the common mistakes are one line before anything starts.
    init(options: AppOptions, stage: Stage) throws {
        self.options = options
        self.stage = stage
        let singleFile = options.paths.count == 1 && !Director.isDirectory(options.paths[0])
        if singleFile { try MediaSource.checkPath(options.paths[0], allowance: options.allowance) }
        let catalog = LibraryCatalog(paths: options.paths, allowance: options.allowance)
        let list = PlaylistDesk(cursor: PlaylistCursor(count: catalog.count, rules: options.playlistRules))
        self.list = list
        let playsAtStart = Director.playsAtStart(options.paths)
        // `--idle`, `--keep-open`: the end of the last file leaves the player up (`Director+Session`).
        outcome = Outcome(quitsAtEnd: playsAtStart && !options.startsInPiP && !options.startsInShell && !options.mpvSession.staysAfterEnd,
                          singleFile: singleFile,
                          playsAtStart: playsAtStart)
        let listed = catalog.entries
        outcome.unplayableAtStart = Set(listed.indices.filter { listed[$0].failure != nil })
        navigation = Navigation(front: playsAtStart && !options.startsInShell ? .player : .library)
        waker = LoopWaker()
        videos = VideoPlaces()
        let placeholders = stage.pictures?.usesPlaceholders == true
        let preview = SeekPreview(raster: stage.videoRaster,
                                  placeholderImageID: placeholders ? PicturePresenter.PlaceholderImage.thumbnail : nil,
                                  wake: { [waker] in waker.wake() })
        panes = Panes(
            library: LibraryPane(catalog: catalog),
            details: DetailsPane(placeholderImageID: placeholders ? PicturePresenter.PlaceholderImage.preview : nil),
            shell: ShellPane(prefix: options.prefix),
            player: PlayerPane(videos: videos, list: list, placeholderImageID: placeholders ? PicturePresenter.PlaceholderImage.player : nil,
                               showsControls: options.embed == nil, preview: preview, skipStep: options.keyBindings.skipStep),
            window: WindowPane(videos: videos, placeholderImageID: placeholders ? PicturePresenter.PlaceholderImage.window : nil,
                               preview: preview,
                               corner: options.windowCorner, sizeSteps: options.windowSizeSteps,
                               skipStep: options.keyBindings.skipStep),
            seekPreview: preview)
        // The places are read where they are held, in the navigation machine.
        videos.places = { [unowned self] in navigation.places }
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(FileNameBytes.cString(path), &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    var isRunning: Bool { outcome.running }
    var wakeDescriptor: Int32 { waker.readDescriptor }

    /// What is due, in order, and nothing after: the loop calls this once per turn.
    func takeEffects() -> [AppEffect] { effects.take() }

    /// Starts what the command line asked for: its files playing, the first of them (or the
    /// shell with it in the window), or the library.
    func start(at now: HostTime) -> [AppEffect] {
        let first = firstEntry()
        // A file played at once is opened by the player only, not by the catalog as well
        // (with `--pip` the catalog's probe is what starts it).
        if outcome.playsAtStart && (front == .player || options.startsInShell), let first {
            catalog.leaveToPlayer(catalog.entries[first].path)
        }
        catalog.startProbing()
        panes.library.refreshWatched(from: options.resumeStore)
        panes.player.revealControls(at: now)
        layout()
        if options.startsInShell {
            // `--shell`: the shell full screen; a single file plays in the window over it.
            openShell(at: now)
            if panes.shell.shell == nil { outcome.running = false; outcome.fatalError = overlays.message?.text }
            if outcome.playsAtStart, let first { open(entry: first, at: now) }
        } else if front == .player {
            startPlaylist(first, at: now)
        } else if options.startsInPiP {
            outcome.waitingForFirstPlayable = true
        }
        var notices = options.notices + overlays.startNotices
        if let notice = subtitleFileUnused { notices.append(notice) }
        // One after another, each held long enough to read: what is said meanwhile (the
        // sound's notice, "resumed at") waits behind them.
        for notice in notices { show(message: notice, for: Director.startNoticeTime, holds: true, at: now) }
        effects.append(.paint)
        return takeEffects()
    }

    /// Stops everything: the videos, the catalog's probes, the preview, the shell. The
    /// summary is for the closing line and the exit status.
    func finish(at now: HostTime) -> PlaybackSummary {
        videos.opening?.cancel()
        let main = videos.fullScreen ?? videos.windowOwner
        var summary = (main?.statistics ?? outcome.lastStatistics).summary(signal: outcome.terminationSignal, endedAt: now)
        summary.error = closingError
        summary.notice = outcome.closingNotice
        videos.forEach { saveWatchLater(of: $0) }
        navigate(.videosGone, at: now)
        catalog.stop()
        panes.details.stop()
        panes.shell.close()
        return summary
    }

    /// The exit status and the one line to say after the terminal is restored.
    var exitStatus: (status: Int32, lastLine: String?) {
        (outcome.terminationSignal.map { 128 + $0 } ?? outcome.quitCode ?? (closingError == nil ? 0 : 1),
         closingError ?? outcome.closingNotice)
    }

    /// What ends the program with status 1: the files the list passed over, then the line
    /// that stopped it, if one did. The same whichever way out is taken (the deadline's or
    /// the orderly one).
    var closingError: String? {
        let lines = outcome.passedOverLines + (outcome.fatalError.map { [$0] } ?? [])
        return lines.isEmpty ? nil : lines.joined(separator: "; ")
    }

    /// Cancels a file still opening: the loop does it first on the way out, since the user
    /// is waiting and the rest joins threads.
    func cancelOpening() {
        videos.opening?.cancel()
        endOpening(at: .now())
    }

    /// No file is opening any more: the opener is forgotten, and its place in the machine.
    func endOpening(at now: HostTime) {
        videos.opening = nil
        changePlaces(.opening(nil), at: now)
    }

    /// `holds`: nothing replaces it before `duration` is over; a message said meanwhile
    /// waits its turn (`showNextMessage`).
    func show(message text: String, for duration: Duration = .seconds(3), holds: Bool = false, at now: HostTime) {
        // Embedded, the rectangle is the video's alone: what the bar would say goes to the log.
        if options.embed != nil { Log.info("embedded, not shown: \(text)"); return }
        // Names in messages are shown as the command line prints them (bytes that are not
        // UTF-8 as \xNN); the cells already keep control characters off the wire.
        let escaped = PrintableText.escaped(text)
        if overlays.message != nil, now < overlays.messageHeldUntil {
            overlays.waitingMessages.append((escaped, duration, holds))
            return
        }
        overlays.message = (escaped, now.advanced(by: duration))
        overlays.messageHeldUntil = holds ? now.advanced(by: duration) : .zero
        effects.append(.paint)
    }

    /// How long each notice of the start holds the bar.
    static let startNoticeTime = Duration.seconds(4)

    /// The message's time is over (or it was taken down): the next waiting one goes up.
    func showNextMessage(at now: HostTime) {
        overlays.message = nil
        overlays.messageHeldUntil = .zero
        guard !overlays.waitingMessages.isEmpty else { return }
        let next = overlays.waitingMessages.removeFirst()
        overlays.message = (next.text, now.advanced(by: next.duration))
        overlays.messageHeldUntil = next.held ? now.advanced(by: next.duration) : .zero
    }

    /// A notice for the bar when the player starts.
    func noteAtStart(_ text: String) { overlays.startNotices.append(text) }

    func quit() {
        outcome.running = false
        effects.append(.quit)
    }

    /// The pane in front.
    var frontPane: any Pane {
        switch front {
        case .library: panes.library
        case .details: panes.details
        case .player: panes.player
        case .shell: panes.shell
        }
    }
}
