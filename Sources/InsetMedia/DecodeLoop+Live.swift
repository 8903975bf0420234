import CFFmpeg
import InsetCore

/// Skipping back in live input (a pipe, a live playlist), which cannot seek: the shown
/// stream's packets are kept as they are read (`LivePackets`, the last 60 s or 64 MB), and
/// a seek re-decodes from the kept keyframe at or before the target. A seek to the newest
/// frame (the live edge) lands on the last packet read. While kept packets are replayed
/// the input is not read: playback goes on behind the input by the skip, and the edge a
/// seek can reach is the newest packet read, not what the other end has sent since.
///
/// Decode thread only.
extension DecodeLoop {
    /// Keeps a copy of a packet of the shown stream just read from a live input.
    mutating func keep(_ packet: UnsafeMutablePointer<AVPacket>) {
        guard live != nil else { return }
        live!.keep(packet, timeBase: decoder.timeBase, isKey: packet.pointee.flags & AV_PKT_FLAG_KEY != 0)
        publishBufferedRange()
    }

    /// Lets go of what is kept (another variant is shown: its packets need its decoder).
    mutating func clearLiveBuffer() {
        guard live != nil else { return }
        live!.removeAll()
        publishBufferedRange()
    }

    private func publishBufferedRange() {
        let range = live.flatMap { live in live.buffer.oldest.flatMap { old in live.buffer.newest.map { (old, $0) } } }
        statistics.update { $0.buffered = range }
    }
}
