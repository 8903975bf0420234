import CFFmpeg
import InsetCore

/// A live input's recent packets of one stream (`LiveBuffer` holding AVPackets) and the
/// replay through them after a skip back, for the picture's and the sound's decode loops
/// alike: packets are kept as they are read, and a seek replays from the kept keyframe at
/// or before the target, reading the kept packets instead of the input until it has caught
/// up with what was read, then the input again from where it stopped.
///
/// One thread only (the loop's): it owns the packets, and frees those it lets go of.
struct LivePackets {
    private(set) var buffer = LiveBuffer<UnsafeMutablePointer<AVPacket>>()
    /// While replaying after a seek: the next kept packet's number.
    private(set) var replaySequence: Int?

    /// The next packet into `packet`: the kept one to replay, or the input's
    /// (av_read_frame). `replayed` says it came from the buffer (it is not kept again).
    mutating func read(into packet: UnsafeMutablePointer<AVPacket>,
                       from format: UnsafeMutablePointer<AVFormatContext>) -> (result: Int32, replayed: Bool) {
        if let sequence = replaySequence {
            if let entry = buffer.entry(at: sequence) {
                replaySequence = sequence + 1 < buffer.endSequence ? sequence + 1 : nil
                return (av_packet_ref(packet, entry.payload), true)
            }
            replaySequence = nil
        }
        return (av_read_frame(format, packet), false)
    }

    /// Keeps a copy of `packet`, just read, timed by its stream's `timeBase`.
    mutating func keep(_ packet: UnsafeMutablePointer<AVPacket>, timeBase: AVRational, isKey: Bool) {
        guard let copy = av_packet_clone(packet) else { return }
        let time = StreamTime.of(packet, in: timeBase)
        LivePackets.free(buffer.append(copy, time: time, isKey: isKey, bytes: Int(packet.pointee.size)))
    }

    /// A seek: replays from the kept keyframe at or before `target`. False when nothing is
    /// kept yet.
    mutating func replay(from target: MediaTime) -> Bool {
        guard let start = buffer.replayStart(for: target) else { return false }
        replaySequence = start
        return true
    }

    /// Lets go of every kept packet.
    mutating func removeAll() {
        LivePackets.free(buffer.removeAll())
        replaySequence = nil
    }

    static func free(_ packets: [UnsafeMutablePointer<AVPacket>]) {
        for packet in packets {
            var p: UnsafeMutablePointer<AVPacket>? = packet
            av_packet_free(&p)
        }
    }
}

extension Optional where Wrapped == LivePackets {
    /// The next packet for a decode loop: the kept one to replay, or the input's; for input
    /// that is not live (nil) simply av_read_frame. `replayed`: it came from the buffer.
    mutating func read(into packet: UnsafeMutablePointer<AVPacket>,
                       from format: UnsafeMutablePointer<AVFormatContext>) -> (result: Int32, replayed: Bool) {
        guard self != nil else { return (av_read_frame(format, packet), false) }
        return self!.read(into: packet, from: format)
    }
}
