import Foundation
import InsetCore
import InsetLog
import InsetMPRIS

/// MPRIS's calls carried to the director and its state read back, as the control socket's
/// are (`ControlDesk`; ARCHITECTURE.md, "The path of a key"): a method becomes commands of
/// the one command table, run by `Director.executeFromOutside` on the UI thread, and the
/// focused video's status becomes the properties.
///
/// UI thread: the loop calls `serve` once per turn, and polls `descriptor` while it waits.
final class MPRISDesk {
    let service: MediaPlayerService
    /// The file `Stop` stopped: it reports Stopped while it stays paused.
    private var stoppedFile: String?
    /// The last file's URL and art, made once per file (they ask the file system).
    private var file: (path: String, url: String, art: String?)?
    private let covers = CoverArt()
    /// The state last shown, held while the next file opens.
    private var last: MPRISState?

    init(service: MediaPlayerService) { self.service = service }

    /// On the session bus, unless there is none (one log line then, nothing on screen).
    static func start() -> MPRISDesk? {
        MediaPlayerService.start(pid: getpid()).map(MPRISDesk.init)
    }

    var descriptor: Int32? { service.descriptor }

    /// Answers the calls that came and tells the bus what changed; returns what the
    /// commands asked of the loop.
    func serve(_ director: Director, at now: HostTime) -> [AppEffect] {
        var effects: [AppEffect] = []
        service.serve(state: { state(director, at: now) }, perform: { action in
            effects += perform(action, director, at: now)
        }, at: now)
        return effects
    }

    func finish() {
        service.stop()
        covers.removeWritten()
    }

    private func perform(_ action: MPRISAction, _ director: Director, at now: HostTime) -> [AppEffect] {
        var effects: [AppEffect] = []
        for command in action.commands {
            let (outcome, more) = director.executeFromOutside(command, at: now)
            effects += more
            if case .refused(let why) = outcome { Log.info("MPRIS: \(command) refused: \(why)") }
        }
        if let location = action.open {
            let (outcome, more) = director.openFromOutside(location, at: now)
            effects += more
            if case .refused(let why) = outcome { Log.info("MPRIS: OpenUri refused: \(why)") }
        }
        // Stopped until it plays or another file comes (`state`), whatever else is asked
        // meanwhile (the volume).
        if action.stops { stoppedFile = director.controlledVideoStatus(at: now)?.file }
        return effects
    }

    /// What MPRIS shows of the focused video. While the next file opens (Next, the end of
    /// one), the last file's state holds, so a media widget does not blink to Stopped
    /// between the two.
    private func state(_ director: Director, at now: HostTime) -> MPRISState? {
        guard let status = director.controlledVideoStatus(at: now) else {
            if director.videos.opening == nil { last = nil }
            return last
        }
        if stoppedFile != status.file || !status.paused { stoppedFile = nil }
        if file?.path != status.file {
            file = (status.file, MPRISProperties.url(of: status.file), covers.url(for: status.file, cover: director.focusedVideo?.cover))
        }
        last = MPRISState(
            track: status.entry ?? 0, title: status.title, url: file?.url ?? "", length: status.duration,
            start: status.start, time: status.time,
            status: .init(playing: !status.paused, ended: status.ended, stoppedOnRequest: stoppedFile != nil),
            volume: status.volume, speed: status.speed, canGoNext: status.hasNext, canGoPrevious: status.hasPrevious,
            canSeek: status.canSeek, artURL: file?.art)
        last?.tags = status.tags
        return last
    }
}
