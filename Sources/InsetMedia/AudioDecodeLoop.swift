import CFFmpeg
import Foundation
import InsetCore

/// The audio decode thread's own state: packet and frame buffers, the resampler, the seek
/// target still to reach. Lives only on that thread (AudioPipeline.run): no locks.
struct AudioDecodeLoop {
    /// What one step ended in.
    enum Outcome: Equatable {
        case running
        /// Every sample of the current serial has been written.
        case ended(lastTime: MediaTime?)
        /// Nothing decodable: the reason, in one line.
        case failed(String)
    }

    let source: MediaSource
    let decoder: AudioDecoder
    let resampler: AudioResampler
    let sink: any AudioSink
    let packet: UnsafeMutablePointer<AVPacket>
    let frame: UnsafeMutablePointer<AVFrame>
    var serial = 0
    /// During an accurate seek: samples before it are dropped, the first frame trimmed.
    var seekTarget: MediaTime?
    /// The pts the next converted sample would have if the stream is continuous; used for
    /// frames without a timestamp.
    var nextPTS: MediaTime?
    /// Packets in a row the decoder refused without producing a frame; many means the
    /// stream is not decodable at all rather than damaged here and there.
    var failuresInARow = 0
    var lastError: Int32 = 0
    var corruptPackets = 0
    /// Live input's recent audio packets, for skipping back as the picture does
    /// (`LivePackets`): a seek replays them from just before the target, then the input is
    /// read on from where it stopped.
    var live: LivePackets?

    /// Seeks this far before a target so the decoder's overlapping transforms (AAC, MP3,
    /// Opus) are primed by the time the target's samples come out.
    static let preroll = MediaTime.milliseconds(200)
    static let failureLimit = 100

    init(source: MediaSource, decoder: AudioDecoder, sink: any AudioSink) {
        self.source = source
        self.decoder = decoder
        self.sink = sink
        resampler = AudioResampler(output: sink.format, path: source.info.path)
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        if source.info.isLive { live = LivePackets() }
    }

    func release() {
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
        var kept = live
        kept?.removeAll()
    }

    /// Repositions the audio stream itself (every audio packet is a keyframe, so this lands
    /// just before the target, unlike a seek by the video's keyframes) and drops what the
    /// decoder and resampler hold.
    mutating func seek(to target: MediaTime, serial: Int) {
        self.serial = serial
        let from = max(target - Self.preroll, source.info.playableRange.start)
        if live != nil {
            // Nothing kept yet: the input goes on as it is, as the picture's does.
            guard live!.replay(from: from) else { return }
        } else if av_seek_frame(source.format, decoder.streamIndex, decoder.streamTimestamp(from), cffmpeg_avseek_flag_backward()) < 0 {
            av_seek_frame(source.format, -1, source.info.startMicroseconds, cffmpeg_avseek_flag_backward())
        }
        decoder.flush()
        resampler.reset()
        seekTarget = target
        nextPTS = nil
    }

    /// Reads one packet and writes what it decodes into the sink. `waitForRoom` is called
    /// while the sink is full; it returns false when a seek or stop is pending, and the
    /// rest of the packet's samples are abandoned (the seek flushes them anyway).
    mutating func step(waitForRoom: () -> Bool) -> Outcome {
        let (read, replayed) = live.read(into: packet, from: source.format)
        if read == cffmpeg_averror_eagain() {
            usleep(2_000)
            return .running
        }
        if read < 0 {
            // Interrupted (a seek or stop wants the thread back): not the end of the stream.
            if source.interrupt.isWoken || source.interrupt.isStopped { return .running }
            _ = decoder.send(nil)
            if case .failed(let reason) = receiveAll(waitForRoom: waitForRoom) { return .failed(reason) }
            drainResampler(waitForRoom: waitForRoom)
            return .ended(lastTime: nextPTS)
        }
        defer { av_packet_unref(packet) }
        guard packet.pointee.stream_index == decoder.streamIndex else { return .running }
        // Every audio packet decodes on its own: each is a place to start a replay from.
        if !replayed { live?.keep(packet, timeBase: decoder.timeBase, isKey: true) }
        let sent = decoder.send(packet)
        if sent < 0 && sent != cffmpeg_averror_eagain() && sent != cffmpeg_averror_eof() {
            return noteFailure(sent)
        }
        return receiveAll(waitForRoom: waitForRoom)
    }

    private mutating func receiveAll(waitForRoom: () -> Bool) -> Outcome {
        while true {
            let received = decoder.receive(frame)
            if received == cffmpeg_averror_eagain() || received == cffmpeg_averror_eof() { return .running }
            if received < 0 {
                if case .failed(let reason) = noteFailure(received) { return .failed(reason) }
                continue
            }
            failuresInARow = 0
            defer { av_frame_unref(frame) }
            let pts = decoder.presentationTime(of: frame)
            let converted: (samples: UnsafePointer<Float>, frames: Int, lag: MediaTime)
            do { converted = try resampler.convert(frame) } catch {
                return .failed((error as? AudioStreamError)?.reason ?? "\(error)")
            }
            let start = pts.map { $0 - converted.lag } ?? nextPTS ?? seekTarget ?? .zero
            if !write(converted.samples, frames: converted.frames, pts: start, waitForRoom: waitForRoom) {
                return .running
            }
        }
    }

    /// The resampler's last samples at end of stream.
    private mutating func drainResampler(waitForRoom: () -> Bool) {
        guard let tail = try? resampler.convert(nil), tail.frames > 0, let pts = nextPTS else { return }
        _ = write(tail.samples, frames: tail.frames, pts: pts, waitForRoom: waitForRoom)
    }

    private mutating func noteFailure(_ code: Int32) -> Outcome {
        corruptPackets += 1
        failuresInARow += 1
        lastError = code
        if failuresInARow >= Self.failureLimit {
            return .failed(AudioStreamError.undecodable(path: source.info.path, detail: ffmpegErrorText(code)).reason)
        }
        return .running
    }

    /// Trims to the seek target, then offers the frames to the sink until it has taken them
    /// all. Returns false when interrupted by a pending request or refused as stale.
    private mutating func write(_ samples: UnsafePointer<Float>, frames: Int, pts: MediaTime,
                                waitForRoom: () -> Bool) -> Bool {
        let format = sink.format
        var first = 0
        var start = pts
        if let target = seekTarget {
            let end = pts + format.duration(ofFrames: frames)
            if end <= target { nextPTS = end; return true }
            if pts < target {
                first = min(frames, format.frames(in: target - pts))
                start = pts + format.duration(ofFrames: first)
            }
            seekTarget = nil
        }
        nextPTS = start + format.duration(ofFrames: frames - first)
        var offset = first
        while offset < frames {
            let bytes = UnsafeRawBufferPointer(start: samples + offset * format.channels,
                                               count: (frames - offset) * format.bytesPerFrame)
            let at = start + format.duration(ofFrames: offset - first)
            switch sink.write(bytes, pts: at, serial: serial) {
            case .accepted(let taken):
                offset += taken
                if taken == 0 && !waitForRoom() { return false }
            case .stale, .closed:
                return false
            }
        }
        return true
    }
}
