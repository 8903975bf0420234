import CFFmpeg
import Foundation
import InsetCore

extension DecodeLoop {
    /// Starts a keyframe skip the first time its request is seen: what the decoder holds is
    /// thrown away (it is late), and packets are left undecoded until a keyframe at or
    /// after the target (`endsCatchUp`). Packets, not frames, are skipped so no decoding is
    /// spent on the way and decoding resumes cleanly at a keyframe. An accurate seek in
    /// progress, or a request from before the last seek, is left alone.
    mutating func begin(_ request: KeyframeCatchUp?) {
        guard let request, request.generation != catchUpGeneration else { return }
        catchUpGeneration = request.generation
        guard request.serial == serial, seekTarget == nil, !atEnd else { return }
        decoder.flush()
        catchUp = (request.target, serial)
    }

    /// During a keyframe skip: whether `packet` is the keyframe it was waiting for (the
    /// skip is then over and the packet is decoded). A packet without timestamps ends it
    /// at the first keyframe: the nearest there is to knowing. A seek since it began ends
    /// it at once: the seek has its own target.
    mutating func endsCatchUp(_ packet: UnsafeMutablePointer<AVPacket>) -> Bool {
        guard let (target, begunIn) = catchUp else { return true }
        if begunIn != serial { catchUp = nil; return true }
        guard packet.pointee.flags & AV_PKT_FLAG_KEY != 0 else { return false }
        if let time = StreamTime.of(packet, in: decoder.timeBase), time < target { return false }
        catchUp = nil
        return true
    }

    /// Fault injection for tests of a decoder slower than real time: `INSET_DECODE_DELAY_MS=N`
    /// makes the decode thread sleep N ms per decoded frame (read once per process).
    static let injectedDelayMicroseconds: UInt32 = {
        guard let text = ProcessInfo.processInfo.environment["INSET_DECODE_DELAY_MS"],
              let milliseconds = UInt32(text), milliseconds > 0 else { return 0 }
        return milliseconds * 1000
    }()

    static func injectDelay() {
        if injectedDelayMicroseconds > 0 { usleep(injectedDelayMicroseconds) }
    }
}
