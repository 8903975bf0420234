import InsetSites

/// How the player resolves page URLs (`--ytdl` and its kin, the config's `ytdl-*` keys).
public struct SiteOptions: Sendable, Equatable {
    /// `--ytdl=no` turns the automatic rules off; `ytdl://` still resolves.
    public var enabled = true
    /// The sites whose pages go to yt-dlp before FFmpeg tries them.
    public var sites = SiteAddress.defaultSites
    public var ytdlp = Ytdlp()

    public init() {}
}
