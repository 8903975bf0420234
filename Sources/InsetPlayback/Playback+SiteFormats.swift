import Foundation
import InsetCore
import InsetLog
import InsetMedia
import InsetSites

/// A page's picture follows the size it is shown at, as an HLS variant does: when the
/// render size settles at one that another of the page's formats fits better (PiP, a
/// resize, a blitter change), that format is opened off the UI thread and takes over at
/// the time heard. Only while the sound is a stream of its own: it plays on untouched, so
/// the switch leaves no gap in it, and the picture on screen stays until the new format's
/// first frame at or after the switch time replaces it.
extension Playback {
    /// How long the render size must stay put before the picture is fetched at it.
    static let sizeSettles = Duration.milliseconds(300)

    /// The picture a page plays as `--stats` and the log name a variant: its size and its
    /// place among the page's pictures ("640x360 (2/3)"); nil for a size the page did not say.
    static func variant(of pick: FormatChoice.Pick, in site: SiteVideo) -> VideoVariant? {
        let ladder = FormatChoice.ladder(of: site)
        guard let size = pick.video.size, let place = ladder.firstIndex(of: pick.video) else { return nil }
        return VideoVariant(streamIndex: 0, size: size, number: place + 1, count: ladder.count)
    }

    /// Starts, or takes over, a switch of the picture's format; called each turn.
    /// True when the picture changed hands.
    public func followRenderSize(at now: HostTime) -> Bool {
        if let opening = pictureSwitch, let result = opening.take() {
            pictureSwitch = nil
            switch result {
            case .success(let replacement): adopt(replacement, as: opening.pick, at: now); return true
            case .failure(let error): Log.error("page picture \(opening.pick.video.id) not opened: \(error)")
            }
        }
        // One look per settled size (not one a turn), and none while a switch is on its way:
        // its end looks again if the size moved meanwhile.
        guard pictureSwitch == nil, let changed = renderSizeChangedAt, now.elapsed(since: changed) >= Self.sizeSettles
        else { return false }
        renderSizeChangedAt = nil
        guard let site, let playing = siteFormat, let sound = playing.audio, let size = renderSize,
              let wanted = FormatChoice.pick(for: size, in: site), wanted.video != playing.video, wanted.video.isVideoOnly
        else { return false }
        Log.info("page picture \(playing.video.id) -> \(wanted.video.id) for \(size)")
        pictureSwitch = PictureSwitch(FormatChoice.Pick(video: wanted.video, audio: sound), viewport: size, allowance: allowance)
        return false
    }

    /// The new format's pipeline plays from the time heard; the old one stops.
    private func adopt(_ replacement: VideoPipeline, as pick: FormatChoice.Pick, at now: HostTime) {
        guard pipeline != nil else { replacement.stop(); return }
        if let renderSize { replacement.setViewport(renderSize) }
        let target = replacePicturePipeline(with: replacement, at: now)
        if let site, let variant = Self.variant(of: pick, in: site) {
            Log.info("variant \(statistics.variant.map { "\($0)" } ?? "?") -> \(variant) at \(target)")
            statistics.variant = variant
        }
        statistics.variantSwitches += 1
        siteFormat = pick
    }
}

/// Opens a page's picture in another format on a thread of its own, with the headers its
/// page gave; the UI thread takes the pipeline (not started) when it is ready.
final class PictureSwitch: @unchecked Sendable {
    let pick: FormatChoice.Pick
    private let interrupt = MediaInterrupt()
    private let lock = NSLock()
    private var result: Result<VideoPipeline, Error>?
    private var cancelled = false

    init(_ pick: FormatChoice.Pick, viewport: Viewport, allowance: InputAllowance) {
        self.pick = pick
        let interrupt = self.interrupt
        let allowance = allowance.withPageHeaders(pick.video.headers, for: pick.video.url)
        let thread = Thread { [self] in
            let opened = Result {
                try VideoPipeline(demuxer: Demuxer(source: MediaSource(path: pick.video.url, allowance: allowance, interrupt: interrupt)),
                                  options: .init(threads: nil, queueCapacity: 4, viewport: viewport, skipInvisibleWork: true))
            }
            let orphan = lock.withLock { () -> VideoPipeline? in
                if cancelled { return try? opened.get() }
                result = opened
                return nil
            }
            orphan?.stop()
        }
        thread.name = "inset.picture-switch"
        thread.start()
    }

    public func take() -> Result<VideoPipeline, Error>? {
        lock.withLock { defer { result = nil }; return result }
    }

    public func cancel() {
        interrupt.stop()
        let unclaimed = lock.withLock { () -> VideoPipeline? in
            cancelled = true
            defer { result = nil }
            return try? result?.get()
        }
        unclaimed?.stop()
    }
}
