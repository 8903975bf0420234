import InsetCore

/// Which of a page's formats to fetch for the size the picture is shown at: the picture
/// nearest above what the terminal can show of it (`VariantChoice`, the rule HLS and DASH
/// variants follow), and with a picture that has no sound, the best sound on its own.
public enum FormatChoice {
    public struct Pick: Sendable, Equatable {
        public var video: SiteFormat
        /// The sound, fetched beside the picture; nil when the picture's format has it.
        public var audio: SiteFormat?

        public init(video: SiteFormat, audio: SiteFormat?) { self.video = video; self.audio = audio }
    }

    /// The pictures of `video`'s formats the player can open, of known sizes, smallest
    /// first: the ladder a pick's place is counted on ("640x360 (2/3)").
    public static func ladder(of video: SiteVideo) -> [SiteFormat] {
        video.formats.filter { $0.isPlayable && $0.hasVideo != false && $0.size.map(isBelievable) == true }
            .sorted { $0.size!.width * $0.size!.height < $1.size!.width * $1.size!.height }
    }

    /// A size the choice can count with: each side from 1 to `SiteJSON.maximumDimension`,
    /// so the areas compared here and the fitting `VariantChoice` does cannot overflow. The
    /// JSON's reading keeps only such sizes; a format made otherwise with a larger one is
    /// of unknown size here, as an absurd number is there.
    static func isBelievable(_ size: PixelSize) -> Bool {
        (1...SiteJSON.maximumDimension).contains(size.width) && (1...SiteJSON.maximumDimension).contains(size.height)
    }

    /// The formats to open for a picture shown in `viewport`. yt-dlp's own choice
    /// (`video.chosen`) when the formats do not say their sizes, or when the user chose
    /// with `--ytdl-format` (`keepChosen`). Nil when nothing can be opened.
    public static func pick(for viewport: Viewport?, in video: SiteVideo, keepChosen: Bool = false) -> Pick? {
        let playable = video.formats.filter(\.isPlayable)
        let ytdlpsChoice = fromChosen(video.chosen.filter(\.isPlayable)) ?? fromChosen(Array(playable.suffix(1)))
        let pictures = ladder(of: video)
        guard !keepChosen, let viewport, let index = VariantChoice.choose(for: viewport, in: pictures.map { $0.size! })
        else { return ytdlpsChoice }
        // Of equal sizes, the one with sound saves a second stream; then the lighter one.
        let same = pictures.filter { $0.size == pictures[index].size }
        let picture = same.first { $0.hasAudio != false }
            ?? same.min { ($0.bitrate ?? .infinity) < ($1.bitrate ?? .infinity) }!
        guard picture.hasAudio == false else { return Pick(video: picture, audio: nil) }
        return Pick(video: picture, audio: bestAudio(in: playable))
    }

    /// The sound-only format with the highest bitrate (yt-dlp lists worst first, so the
    /// last of equals).
    public static func bestAudio(in formats: [SiteFormat]) -> SiteFormat? {
        formats.filter(\.isAudioOnly).max { ($0.audioBitrate ?? $0.bitrate ?? 0) <= ($1.audioBitrate ?? $1.bitrate ?? 0) }
    }

    /// yt-dlp's choice as a pick: picture and sound when it chose two, else one.
    static func fromChosen(_ chosen: [SiteFormat]) -> Pick? {
        if let picture = chosen.first(where: { $0.hasVideo != false }) {
            let sound = chosen.first { $0 != picture && $0.hasVideo == false }
            return Pick(video: picture, audio: picture.hasAudio == false ? sound : nil)
        }
        // Sound only (a music page): it is the input.
        return chosen.first.map { Pick(video: $0, audio: nil) }
    }
}
