import CFFmpeg
import Foundation
import InsetCore

/// Skipping back in live input (a pipe, a live playlist), which cannot seek: the shown
/// stream's packets are kept as they are read (`LiveBuffer`, the last 60 s or 64 MB), and
/// a seek re-decodes from the kept keyframe at or before the target, reading the kept
/// packets instead of the input until it has caught up with what was read, then the input
/// again from where it stopped. A seek to the newest frame (the live edge) lands on the
/// last packet read. While kept packets are replayed the input is not read: playback goes
/// on behind the input by the skip, and the edge a seek can reach is the newest packet
/// read, not what the other end has sent since.
///
/// Decode thread only: it owns the packets; evicted ones are freed here.
extension DecodeLoop {
    /// The next packet: the kept one to replay, or the input's (av_read_frame). The second
    /// value says it came from the buffer (it is not kept again).
    mutating func readPacket() -> (result: Int32, replayed: Bool) {
        if let sequence = replaySequence, let buffer = liveBuffer {
            if let entry = buffer.entry(at: sequence) {
                replaySequence = sequence + 1 < buffer.endSequence ? sequence + 1 : nil
                return (av_packet_ref(packet, entry.payload), true)
            }
            replaySequence = nil
        }
        return (av_read_frame(source.format, packet), false)
    }

    /// Keeps a copy of a packet of the shown stream just read from a live input.
    mutating func keep(_ packet: UnsafeMutablePointer<AVPacket>) {
        guard liveBuffer != nil, let copy = av_packet_clone(packet) else { return }
        let stamp = packet.pointee.pts != cffmpeg_nopts_value() ? packet.pointee.pts : packet.pointee.dts
        let time = stamp == cffmpeg_nopts_value() ? nil
            : MediaTime(microseconds: av_rescale_q(stamp, decoder.timeBase, AVRational(num: 1, den: 1_000_000)))
        let isKey = packet.pointee.flags & AV_PKT_FLAG_KEY != 0
        let dropped = liveBuffer!.append(copy, time: time, isKey: isKey, bytes: Int(packet.pointee.size))
        DecodeLoop.free(dropped)
        publishBufferedRange()
    }

    /// A seek in live input: replays from the kept keyframe at or before `target`. False
    /// when nothing is kept yet (the seek is then only an accurate hold on what comes).
    mutating func seekInBuffer(to target: MediaTime) -> Bool {
        guard let start = liveBuffer?.replayStart(for: target) else { return false }
        replaySequence = start
        return true
    }

    /// Lets go of what is kept (another variant is shown: its packets need its decoder).
    mutating func clearLiveBuffer() {
        guard liveBuffer != nil else { return }
        DecodeLoop.free(liveBuffer!.removeAll())
        replaySequence = nil
        publishBufferedRange()
    }

    private func publishBufferedRange() {
        let range = liveBuffer.flatMap { buffer in buffer.oldest.flatMap { old in buffer.newest.map { (old, $0) } } }
        statistics.update { $0.buffered = range }
    }

    static func free(_ packets: [UnsafeMutablePointer<AVPacket>]) {
        for packet in packets {
            var p: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&p)
        }
    }
}
