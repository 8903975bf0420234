import Foundation
import InsetCore

/// The MPRIS interfaces' names and their properties' values for a state: the mapping from
/// what the player is doing to what a desktop's media widget and `playerctl` read
/// (https://specifications.freedesktop.org/mpris-spec/latest/). Pure.
public enum MPRISProperties {
    public static let objectPath = "/org/mpris/MediaPlayer2"
    public static let root = "org.mpris.MediaPlayer2"
    public static let player = "org.mpris.MediaPlayer2.Player"
    public static let properties = "org.freedesktop.DBus.Properties"
    public static let introspectable = "org.freedesktop.DBus.Introspectable"
    public static let trackPrefix = "/org/inset/track/"
    /// The spec's track id for "no track".
    public static let noTrack = "/org/mpris/MediaPlayer2/TrackList/NoTrack"

    /// The bus name of the player with process id `pid`: one per player, as the spec's
    /// `org.mpris.MediaPlayer2.vlc.instance7389`.
    public static func busName(pid: Int32) -> String { "org.mpris.MediaPlayer2.inset.instance\(pid)" }

    public static let uriSchemes = ["file", "http", "https"]
    public static let mimeTypes = [
        "video/mp4", "video/x-matroska", "video/webm", "video/quicktime", "video/x-msvideo", "video/mp2t",
        "video/mpeg", "video/ogg", "audio/mpeg", "audio/mp4", "audio/flac", "audio/ogg", "audio/x-wav", "audio/webm",
        "application/vnd.apple.mpegurl",
    ]

    /// org.mpris.MediaPlayer2's properties: what the player is, the same whatever plays.
    public static let rootValues: [BusEntry] = [
        BusEntry("CanQuit", .bool(true)),
        // A terminal program cannot bring its terminal's window forward.
        BusEntry("CanRaise", .bool(false)),
        BusEntry("HasTrackList", .bool(false)),
        BusEntry("Identity", .string("Inset")),
        BusEntry("SupportedUriSchemes", .strings(uriSchemes)),
        BusEntry("SupportedMimeTypes", .strings(mimeTypes)),
    ]

    /// org.mpris.MediaPlayer2.Player's properties for `state`; nil: nothing plays.
    public static func playerValues(_ state: MPRISState?) -> [BusEntry] {
        [
            BusEntry("PlaybackStatus", .string((state?.status ?? .stopped).rawValue)),
            BusEntry("Rate", .double(state?.speed.factor ?? 1)),
            BusEntry("Metadata", metadata(state)),
            BusEntry("Volume", .double(Double(state?.volume ?? 0) / 100)),
            BusEntry("Position", .int64(state?.position.microseconds ?? 0)),
            BusEntry("MinimumRate", .double(PlaybackSpeed.slowest.factor)),
            BusEntry("MaximumRate", .double(PlaybackSpeed.fastest.factor)),
            BusEntry("CanGoNext", .bool(state?.canGoNext ?? false)),
            BusEntry("CanGoPrevious", .bool(state?.canGoPrevious ?? false)),
            BusEntry("CanPlay", .bool(state != nil)),
            BusEntry("CanPause", .bool(state != nil)),
            BusEntry("CanSeek", .bool(state?.canSeek ?? false)),
            BusEntry("CanControl", .bool(true)),
        ]
    }

    /// The properties of `interface`; nil for an interface the object does not have.
    public static func values(of interface: String, _ state: MPRISState?) -> [BusEntry]? {
        switch interface {
        case root: rootValues
        case player: playerValues(state)
        default: nil
        }
    }

    /// The track's metadata: its id, title, length, location and art, and a music file's
    /// artist, album and date (the bus's values have no 32-bit integer for xesam:trackNumber), each only when known.
    public static func metadata(_ state: MPRISState?) -> BusValue {
        guard let state else { return .dictionary([BusEntry("mpris:trackid", .objectPath(noTrack))]) }
        var entries = [BusEntry("mpris:trackid", .objectPath(state.trackID)),
                       BusEntry("xesam:title", .string(state.tags?.title ?? state.title))]
        if let artist = state.tags?.artist { entries.append(BusEntry("xesam:artist", .strings([artist]))) }
        if let album = state.tags?.album { entries.append(BusEntry("xesam:album", .string(album))) }
        if let date = state.tags?.date { entries.append(BusEntry("xesam:contentCreated", .string(date))) }
        if let length = state.length { entries.append(BusEntry("mpris:length", .int64(length.microseconds))) }
        entries.append(BusEntry("xesam:url", .string(state.url)))
        if let art = state.artURL { entries.append(BusEntry("mpris:artUrl", .string(art))) }
        return .dictionary(entries)
    }

    /// A location as a URI: a path becomes a `file://` URL, a URL stays as it is.
    public static func url(of location: String) -> String {
        if location.contains("://") { return location }
        if location == "-" { return "fd://0" }
        return URL(fileURLWithPath: location).absoluteString
    }

    /// A URI `OpenUri` was given as what the player opens: a `file://` URL's path, an
    /// http(s) URL as it is; nil for another scheme.
    public static func location(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), let scheme = url.scheme?.lowercased() else { return nil }
        switch scheme {
        case "file": return url.path.isEmpty ? nil : url.path
        case "http", "https": return uri
        default: return nil
        }
    }
}
