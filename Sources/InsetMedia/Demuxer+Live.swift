import CFFmpeg
import InsetCore

/// Skipping back in live input (a pipe, a live playlist), which cannot seek: the packets
/// of the shown picture and sound are kept as they are read (`LiveBuffer`, the last 60 s
/// or 64 MB), once for both, and a seek replays them from the kept keyframe at or before
/// the target. While kept packets are replayed the input is not read: playback goes on
/// behind the input by the skip, and the edge a seek can reach is the newest packet read,
/// not what the other end has sent since.
///
/// Everything here runs under the demuxer's lock.
extension Demuxer {
    /// How far short of the newest frame read a jump to the live edge aims: the newest
    /// frames leave the decoder's threads only with more input.
    static let liveEdgeMargin = MediaTime.milliseconds(500)

    func keepLive(_ packet: UnsafeMutablePointer<AVPacket>, time: MediaTime?, isKey: Bool) {
        guard live != nil, let copy = av_packet_clone(packet) else { return }
        live!.append(copy, time: time, isKey: isKey, bytes: Int(packet.pointee.size)).forEach(Demuxer.free)
    }

    /// Where a seek to `target` replays from and what the picture aims at. Nothing kept
    /// yet (just after the start or a variant switch): no replay, and the input goes on
    /// as it is, with nothing flushed. At or past the newest frame kept (the live edge),
    /// the newest frame itself comes out of the decoder only with more input (frame
    /// threads hold the last few back), which may be seconds away: the aim is half a
    /// second short of it, or, when the last keyframe is nearer than that, the keyframe
    /// (a nil target: the first frame that comes).
    func liveAim(for target: MediaTime) -> (replayFrom: Int?, target: MediaTime?) {
        guard let live else { return (nil, target) }
        let primed = lanes[Lane.audio.rawValue].isAttached ? target - Demuxer.audioPreroll : target
        guard let start = live.replayStart(for: primed) else { return (nil, nil) }
        guard let newest = live.newest, target >= newest else { return (start, target) }
        let key = live.entry(at: start)?.time
        let near = newest - Demuxer.liveEdgeMargin
        return (start, key.map { near > $0 } == true ? near : nil)
    }

    /// Lets go of what is kept: another variant is shown, and its packets need its decoder.
    func clearLiveStore() {
        condition.withLock {
            guard live != nil else { return }
            live!.removeAll().forEach(Demuxer.free)
            replaySequence = nil
        }
    }

    /// Live input: the oldest and newest times kept for skipping back (the newest is the
    /// live edge, the last packet read); nil for other input or before the first keyframe.
    public var bufferedRange: (oldest: MediaTime, newest: MediaTime)? {
        condition.withLock {
            guard let live, let oldest = live.oldest, let newest = live.newest else { return nil }
            return (oldest, newest)
        }
    }
}
