import Foundation
import InsetCore
import InsetLog
import InsetMedia
import InsetSites

extension Playback {
    /// What opening a file yields, made off the UI thread (`PlaybackOpener`): the source's
    /// facts, the picture's pipeline (not started), the sound (device open, not started)
    /// and a sound file's cover picture.
    public struct Media: @unchecked Sendable {
        public var path: String
        public var info: MediaInfo
        public var pipeline: VideoPipeline?
        public var sound: SoundTrack?
        public var cover: VideoFrame?
        var soundNotice: String?
        public var subtitles: PlaybackSubtitles?
        /// What a page (through yt-dlp) called the video; nil for a file or a stream's URL.
        public var title: String?
        /// The page's video as yt-dlp resolved it, and the formats opened of it.
        var site: SiteVideo?
        var siteFormat: FormatChoice.Pick?
        /// `--end`: where the file ends for the player.
        public var end: MediaTime?
        /// What it was opened with (`PlaybackOpener.Request.allowance`), for what opens it
        /// again: another format of the page, a screenshot.
        public var allowance = InputAllowance.webOnly

        /// Opens everything a playback needs; blocking, so never on the UI thread. The
        /// interrupts end waits on the video's and the sound's input. `picture` is what is
        /// opened (the path, or the stream a page resolved to); `sound`, when given, is a
        /// second input whose sound is heard instead of the picture's own (a site's
        /// separate sound stream, `--audio-file`), on its own demuxer.
        public static func open(_ request: PlaybackOpener.Request, picture: String, sound soundPath: String? = nil,
                         video: MediaInterrupt, audio: MediaInterrupt) throws -> Media {
            let path = request.path
            let source = try MediaSource(path: picture, allowance: request.allowance, interrupt: video)
            // One reader for the picture, the sound and the subtitles.
            let demuxer = Demuxer(source: source)
            let moving = !request.noVideo && source.hasVideo && source.info.video?.isAttachedPicture == false
            let pipeline = moving
                ? try VideoPipeline(demuxer: demuxer, options: .init(threads: request.threads, queueCapacity: 4,
                                                                     viewport: request.viewport, skipInvisibleWork: true))
                : nil
            var media = Media(path: path, info: source.info, pipeline: pipeline)
            media.allowance = request.allowance
            if pipeline != nil {
                media.subtitles = PlaybackSubtitles.open(source: source, path: path, pipeline: pipeline, request: request.subtitles,
                                                         allowance: request.allowance)
            }
            // A still picture has no sound to play; anything else plays its sound when it has
            // one, or the second input's.
            if let soundOptions = request.sound, !source.info.isStillImage, source.info.audio != nil || soundPath != nil {
                if audio.isStopped { pipeline?.stop(); throw MediaError.interrupted(path: path) }
                do {
                    let separate = try soundPath.map { try MediaSource(path: $0, allowance: request.allowance, interrupt: audio) }
                    let sound = try SoundTrack(demuxer: demuxer, separate: separate, options: soundOptions)
                    // SDL's dummy driver opens like a device and plays nothing: say so, once.
                    if sound.output.driver == "dummy" { media.soundNotice = "no sound device (SDL's dummy audio driver): playing silently" }
                    media.sound = sound
                } catch {
                    // Only the user's cancel stops opening here, and it reaches this as the
                    // sound's open interrupted. `audio.isStopped` is no sign of it: a separate
                    // sound's demuxer, let go of when its track cannot play (no device), stops
                    // its source's interrupt, `audio`, as it goes; asking that sent
                    // `--audio-file` and two-stream pages to "opening was cancelled" where a
                    // file with its own sound plays silently.
                    if case MediaError.interrupted = error { pipeline?.stop(); throw error }
                    media.soundNotice = "\(error); playing without sound"
                }
            }
            // After the sound has its lane: the cover's pipeline starts the demuxer, and what
            // it reads of the sound meanwhile is kept for it.
            if source.hasVideo && !moving && !request.noVideo { media.cover = Playback.decodeCover(of: demuxer, viewport: request.viewport) }
            if media.cover == nil && !moving && !request.noVideo, let visualizer = request.visualizer {
                // An interrupt of its own: the first demuxer, let go of when no sound reads
                // from it, stops its source's interrupt as it goes, and every read of a source
                // sharing it would then end (the visualiser's end of stream never came).
                media.pipeline = Playback.visualize(picture, info: source.info, with: visualizer, viewport: request.viewport,
                                                    allowance: request.allowance, interrupt: MediaInterrupt())
            }
            return media
        }

        /// Closes what was opened, for a playback that never started (cancelled).
        public func close() {
            pipeline?.stop()
            sound?.stop()
        }
    }

    /// A visualiser's pipeline (not started) for a file of sound alone: a second open of the
    /// file, whose sound its filter draws while the first one's is heard. Nil for what
    /// cannot be read twice (a pipe, a file still growing: no size), for no sound, and when
    /// it does not open, which only costs the picture.
    static func visualize(_ path: String, info: MediaInfo, with visualizer: Visualizer, viewport: Viewport,
                          allowance: InputAllowance, interrupt: MediaInterrupt) -> VideoPipeline? {
        guard info.audio != nil, info.fileSize != nil, !info.isLive else { return nil }
        do {
            let source = try MediaSource(path: path, allowance: allowance, interrupt: interrupt)
            return try VideoPipeline(visualizing: Demuxer(source: source), with: visualizer,
                                     options: .init(threads: 1, queueCapacity: 4, viewport: viewport))
        } catch {
            Log.error("visualiser \(visualizer) for \(path): \(error)")
            return nil
        }
    }

    /// Decodes a file's attached picture (one frame) at the viewport's size; nil when it
    /// cannot be decoded, which only costs the cover.
    static func decodeCover(of demuxer: Demuxer, viewport: Viewport) -> VideoFrame? {
        guard let pipeline = try? VideoPipeline(demuxer: demuxer, options: .init(threads: 1, queueCapacity: 1, viewport: viewport))
        else { return nil }
        pipeline.start()
        defer { pipeline.stop() }
        if case .frame(let frame)? = pipeline.frames.pop(timeout: 2) { return frame }
        return nil
    }
}
