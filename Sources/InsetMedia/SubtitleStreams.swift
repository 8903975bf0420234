import CFFmpeg
import InsetCore

/// The decoders of a video's own subtitle tracks, fed by the decode loop with the packets
/// of those streams (which it read anyway and used to drop).
///
/// Ownership: made before the pipeline starts, then the decode thread's alone.
final class SubtitleStreams {
    private let decoders: [Int32: SubtitleDecoder]
    let store: SubtitleStore

    init(source: MediaSource, store: SubtitleStore) {
        self.store = store
        let fallback = source.info.video?.codedSize ?? .zero
        var decoders: [Int32: SubtitleDecoder] = [:]
        for track in source.subtitleTracks {
            guard let stream = source.format.pointee.streams[track.id] else { continue }
            // A stream libavcodec cannot decode is left out; the others still show.
            let decoder = try? SubtitleDecoder(stream: stream, fallbackFrameSize: fallback)
            if let header = decoder?.styleHeader { store.setStyleHeader(header, track: track.id) }
            decoders[Int32(track.id)] = decoder
        }
        self.decoders = decoders
    }

    var isEmpty: Bool { decoders.isEmpty }
    /// The streams decoded here, which the demuxer's subtitle lane takes.
    var streams: Set<Int32> { Set(decoders.keys) }

    /// Decodes `packet` when it belongs to a subtitle stream; returns whether it did.
    func route(_ packet: UnsafeMutablePointer<AVPacket>) -> Bool {
        let index = packet.pointee.stream_index
        guard let decoder = decoders[index] else { return false }
        let decoded = decoder.decode(packet)
        store.add(decoded.cues, clearAt: decoded.clearAt, track: Int(index))
        return true
    }

    func flush() { decoders.values.forEach { $0.flush() } }
}
