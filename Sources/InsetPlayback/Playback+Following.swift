import InsetCore
import InsetMedia

extension Playback.Media {
    /// Opens a list's next file to be heard right after the sound playing (gapless,
    /// `SoundTrack+Gapless`): its sound on the playing output, not started. Throws
    /// `GaplessRefusal` for a file with a moving picture or a sound `following.mode` does
    /// not let follow, and whatever opening throws: the file is then opened as any is,
    /// when its turn comes.
    public static func open(_ request: PlaybackOpener.Request, following: SoundTrack.Following,
                     video: MediaInterrupt, audio: MediaInterrupt) throws -> Playback.Media {
        let path = request.path
        let source = try MediaSource(path: path, allowance: request.allowance, interrupt: video)
        let demuxer = Demuxer(source: source)
        let moving = !request.noVideo && source.hasVideo && source.info.video?.isAttachedPicture == false
        guard !moving, !source.info.isStillImage, let options = request.sound else { throw GaplessRefusal.picture }
        var media = Playback.Media(path: path, info: source.info, pipeline: nil)
        media.allowance = request.allowance
        media.sound = try SoundTrack(demuxer: demuxer, options: options, following: following)
        // After the sound has its lane, as `open` does.
        if source.hasVideo && !request.noVideo { media.cover = Playback.decodeCover(of: demuxer, viewport: request.viewport) }
        return media
    }
}
