import CFFmpeg
import Foundation
import InsetCore

/// Skipping back in live input, for the sound: as for the picture (DecodeLoop+Live), the
/// audio stream's recent packets are kept (every audio packet decodes on its own, so each
/// is a place to start from) and a seek re-decodes them from just before the target, then
/// reads the input on from where it stopped. Audio thread only.
extension AudioDecodeLoop {
    /// The next packet, kept or read; the second value says it came from the buffer.
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

    /// Keeps a copy of an audio packet just read from a live input.
    mutating func keep(_ packet: UnsafeMutablePointer<AVPacket>) {
        guard liveBuffer != nil, let copy = av_packet_clone(packet) else { return }
        let stamp = packet.pointee.pts != cffmpeg_nopts_value() ? packet.pointee.pts : packet.pointee.dts
        let time = stamp == cffmpeg_nopts_value() ? nil : MediaTime(microseconds: av_rescale_q(stamp, decoder.timeBase, AVRational(num: 1, den: 1_000_000)))
        DecodeLoop.free(liveBuffer!.append(copy, time: time, isKey: true, bytes: Int(packet.pointee.size)))
    }

    /// A seek in live input: replays from the kept packet at or before `from`.
    mutating func seekInBuffer(from: MediaTime) {
        replaySequence = liveBuffer?.replayStart(for: from)
    }

    func releaseLiveBuffer() {
        guard var all = liveBuffer else { return }
        DecodeLoop.free(all.removeAll())
    }
}
