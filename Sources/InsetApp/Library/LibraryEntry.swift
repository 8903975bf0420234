import InsetCore
import InsetMedia

/// One file of the library: where it is, what to call it, how big it is, and what probing
/// found out about it.
///
/// A plain value: the catalog's worker makes new ones and the UI thread reads copies, so
/// neither ever sees the other's half-written state.
public struct LibraryEntry: Sendable, Equatable {
    /// How far probing got.
    public enum State: Sendable, Equatable {
        /// Not probed yet (the worker goes through the files in order).
        case probing
        /// Opened and described. Audio-only files are `ready` too, with `info.video` nil:
        /// they have facts to show, but the player cannot show them (see `isPlayable`).
        case ready(MediaInfo)
        /// Cannot be played, with the one-line reason (`failure.reason`).
        case failed(MediaError)
        /// A URL: the library never opens the network by itself (a playlist's entries would
        /// all connect at once, with no key pressed; `tcp://…?listen=1` made the player a
        /// server), so it is opened when it is played, and described then.
        case stream
    }

    /// The path as the user gave it, or joined to the directory it was found in.
    public let path: String
    /// The file name, which is what the list shows; a page's title once it is known.
    public var name: String
    /// Bytes on disk when the library was listed; nil when unknown (missing, not a file).
    public let fileSize: Int64?
    public var state: State

    public init(path: String, name: String, fileSize: Int64?, state: State = .probing) {
        self.path = path
        self.name = name
        self.fileSize = fileSize
        self.state = state
    }

    /// The facts, once probed successfully.
    public var info: MediaInfo? {
        if case .ready(let info) = state { return info }
        return nil
    }

    /// Why the file cannot be opened, once probing failed.
    public var failure: MediaError? {
        if case .failed(let error) = state { return error }
        return nil
    }

    public var isProbing: Bool { state == .probing }

    /// What the library says of a `.stream` entry.
    static let streamNote = "stream: read when played"

    /// Ready, or a stream opened when played: what Enter may play.
    public var isPlayable: Bool { info != nil || state == .stream }

    /// Whether it has a picture to preview (audio files play with a title screen instead).
    public var hasPicture: Bool { info?.video != nil }

    /// Ready but with no video stream (an audio file): listed, not playable.
    public var isAudioOnly: Bool { info.map { $0.video == nil } ?? false }

    /// Why Enter cannot play this entry, in one line; nil when it can.
    public var unplayableReason: String? {
        switch state {
        case .probing: return "\(name): still being read"
        case .failed(let error): return "\(name): \(error.reason)"
        case .ready, .stream: return nil
        }
    }
}
