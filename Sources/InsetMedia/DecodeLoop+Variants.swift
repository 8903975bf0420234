import CFFmpeg
import Foundation
import InsetCore

/// Switching between the variants of an HLS master playlist without a gap in the picture.
///
/// The variants are one picture at several sizes, their keyframes at the same times (each
/// segment starts on one). A switch marks the new variant's stream wanted (the demuxer
/// then reads it from the current time, see `Demuxer.discardAllBut`) and decodes it
/// with a decoder of its own, from its next keyframe, beside the stream being shown. The
/// shown one goes on being delivered until the new one's first frame at or after the
/// last frame delivered; then what the old decoder still holds before that frame goes
/// out (frame threads keep a few in flight), the old stream is dropped and the new one
/// is shown from the frame after the last delivered: frame times go on without a gap or
/// a repeat, and the size changes within a GOP of the request (a segment at most).
///
/// Decode thread only, like the rest of DecodeLoop.
extension DecodeLoop {
    struct VariantSwitch {
        let index: Int32
        let decoder: VideoDecoder
        /// Whether its first keyframe has been sent (packets before it are left out).
        var started = false
    }

    /// The variant of the frames being delivered; nil for a source with one video stream.
    var shownVariant: VideoVariant? {
        source.videoVariants.first { $0.streamIndex == Int(videoIndex) }
    }

    /// The variant to show: the render size's choice (`bySize`), stepped down to what the
    /// measured download rate carries and back up when it can (`VariantRateGovernor`).
    mutating func capByRate(_ bySize: Int32?) -> Int32? {
        let variants = source.videoVariants
        let shown = incoming?.index ?? videoIndex
        guard let bySize, let sizeIndex = variants.firstIndex(where: { $0.streamIndex == Int(bySize) }),
              let current = variants.firstIndex(where: { $0.streamIndex == Int(shown) }) else { return bySize }
        let now = Demuxer.seconds(DispatchTime.now().uptimeNanoseconds)
        let chosen = rateGovernor.choose(bySize: sizeIndex, current: current, bandwidths: variants.map(\.bitRate),
                                         capacity: demuxer.downloadCapacity, now: now)
        return Int32(variants[chosen].streamIndex)
    }

    /// Makes `wanted` (a variant's stream index) the stream to show: at once during a seek
    /// (nothing of its serial delivered yet) or at the end, else through a switch at its
    /// next keyframe. Asking for the stream already shown calls off a switch under way.
    ///
    /// Before the first frame is out, too, it is a switch: the demuxer has been reading
    /// since the start and let go of the new variant's first packets, so shown at once it
    /// would start at its next keyframe, a GOP or a segment into the stream; the stream
    /// read all along shows until then.
    mutating func want(variant wanted: Int32?) {
        guard let wanted, wanted != incoming?.index, wanted != videoIndex || incoming != nil else { return }
        if wanted == videoIndex {
            abandonSwitch()
            return
        }
        guard let next = decoder(forVariant: wanted) else { return }
        abandonSwitch()
        next.flush()
        if seekTarget != nil || atEnd {
            decoder.flush()
            show(wanted, next)
            needsKeyframe = true
            return
        }
        incoming = VariantSwitch(index: wanted, decoder: next)
        demuxer.setVideoStreams([videoIndex, wanted], shown: videoIndex)
    }

    /// A packet of the incoming variant: decoded from its first keyframe on; its first
    /// frame at or after the last one delivered completes the switch.
    mutating func feedIncoming(_ packet: UnsafeMutablePointer<AVPacket>) {
        guard var next = incoming else { return }
        if !next.started {
            guard packet.pointee.flags & AV_PKT_FLAG_KEY != 0 else { return }
            next.started = true
            incoming = next
        }
        _ = next.decoder.send(packet)
        while next.decoder.receive(incomingFrame) >= 0 {
            let time = next.decoder.presentationTime(of: incomingFrame)
            if let time, let last = lastTime, time < last {
                av_frame_unref(incomingFrame)
                continue
            }
            // Caught up: at the last frame delivered (both decoders in step, as when every
            // variant is read all along) or past it (the playlist was fetched anew).
            completeSwitch(before: time)
            statistics.update { $0.decodedFrames += 1 }
            if let time, let last = lastTime, time <= last {} else { handle(incomingFrame) }
            av_frame_unref(incomingFrame)
            receiveAll()
            return
        }
    }

    /// Delivers what the shown decoder still holds before `time` (draining it), then shows
    /// the incoming variant from now on.
    private mutating func completeSwitch(before time: MediaTime?) {
        guard let next = incoming else { return }
        _ = decoder.send(nil)
        while decoder.receive(frame) >= 0 {
            if let shown = decoder.presentationTime(of: frame), let time, shown >= time {
                av_frame_unref(frame)
                continue
            }
            statistics.update { $0.decodedFrames += 1 }
            handle(frame)
            av_frame_unref(frame)
        }
        decoder.flush()
        incoming = nil
        show(next.index, next.decoder)
    }

    /// A seek during a switch: the new variant is shown from the seek's target on.
    mutating func completeSwitchForSeek() {
        guard let next = incoming else { return }
        incoming = nil
        show(next.index, next.decoder)
    }

    /// Calls off a switch under way (the render size went back, or the stream ended).
    mutating func abandonSwitch() {
        guard let next = incoming else { return }
        next.decoder.flush()
        incoming = nil
        demuxer.setVideoStreams([videoIndex], shown: videoIndex)
    }

    private mutating func show(_ index: Int32, _ next: VideoDecoder) {
        decoder = next
        videoIndex = index
        // What the demuxer keeps of a live input is the old variant's: its packets need
        // the old decoder.
        demuxer.clearLiveStore()
        demuxer.setVideoStreams([index], shown: index)
        decoder.configureWork(output: work.viewport?.pixels, skipInvisible: work.skipInvisible, rate: work.rate)
    }

    /// The variant's decoder, opened the first time; nil when it does not open (the
    /// variant is then never asked for again, and the one shown stays).
    private mutating func decoder(forVariant index: Int32) -> VideoDecoder? {
        if let open = decoders[index] { return open }
        guard !refusedVariants.contains(index) else { return nil }
        guard let opened = try? VideoDecoder(source: source, streamIndex: index, threads: threads) else {
            refusedVariants.insert(index)
            return nil
        }
        decoders[index] = opened
        return opened
    }
}
