import CFFmpeg
import InsetCore

/// Changing the sound track while playing. A file's other audio tracks are read along
/// (mov and Matroska interleave them anyway) and their last few seconds kept aside, so a
/// change hands the sound's lane the new track's packets from just before the time heard
/// at once: no seek, and the picture goes on undisturbed. Where nothing is kept (an HLS
/// rendition not read), the input is sought instead.
///
/// Under the demuxer's lock, except the public entry.
extension Demuxer {
    /// How much of each audio track not heard is kept, beyond the read-ahead.
    static let asideSpan = MediaTime.seconds(3)

    /// Makes `stream` the sound's track from `target` on; returns the serial of the change
    /// (the sink flushes older samples). A seek of the whole input when what is kept of
    /// the track does not reach back to the target.
    public func switchAudio(to stream: Int32, at target: MediaTime) -> Int {
        let kept = condition.withLock { () -> Int? in
            let lane = Lane.audio.rawValue
            guard let aside = asideAudio[stream], let first = aside.first?.time, first <= target - Demuxer.audioPreroll
            else { return nil }
            let old = lanes[lane].shownStream
            serial += 1
            lanes[lane].removeAll()
            lanes[lane].streams = [stream]
            lanes[lane].shownStream = stream
            lanes[lane].serial = serial
            lanes[lane].append(.seek(target: target, serial: serial, stream: stream, flush: true))
            for entry in aside where entry.time.map({ $0 >= target - Demuxer.audioPreroll }) ?? false {
                lanes[lane].append(.packet(entry.packet), time: entry.time, bytes: Int(entry.packet.pointee.size))
            }
            for entry in aside where !(entry.time.map({ $0 >= target - Demuxer.audioPreroll }) ?? false) {
                Demuxer.free(entry.packet)
            }
            asideAudio[stream] = []
            if asideAudio[old] != nil || old >= 0 { asideAudio[old] = [] }
            condition.broadcast()
            return serial
        }
        if let kept { return kept }
        condition.withLock {
            let old = lanes[Lane.audio.rawValue].shownStream
            lanes[Lane.audio.rawValue].streams = [stream]
            lanes[Lane.audio.rawValue].shownStream = stream
            asideAudio.removeValue(forKey: stream)
            if old >= 0 && asideAudio[old] == nil && keepsAudioAside { asideAudio[old] = [] }
            streamsChanged = true
        }
        return seek(to: target)
    }

    /// Keeps a packet of an audio track not heard, trimming what is older than the span.
    func keepAside(_ packet: UnsafeMutablePointer<AVPacket>, stream: Int32, time: MediaTime?) {
        asideAudio[stream, default: []].append((packet, time))
        guard let newest = time else { return }
        var dropped = 0
        for entry in asideAudio[stream]! {
            guard let old = entry.time, old < newest - readAhead - Demuxer.asideSpan else { break }
            Demuxer.free(entry.packet)
            dropped += 1
        }
        if dropped > 0 { asideAudio[stream]!.removeFirst(dropped) }
    }

    /// A seek: what was kept aside is of another position.
    func clearAside() {
        for stream in asideAudio.keys {
            asideAudio[stream]!.forEach { Demuxer.free($0.packet) }
            asideAudio[stream] = []
        }
    }
}
