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

    let demuxer: Demuxer
    var source: MediaSource { demuxer.source }
    var decoder: AudioDecoder
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
    static let failureLimit = 100
    /// The speed asked for (`AudioPipeline.setSpeed`), read at each step.
    let wantedSpeed: @Sendable () -> PlaybackSpeed
    /// The sound at another speed than 1× (`+Tempo.swift`); nil at 1×, where samples go
    /// to the sink untouched.
    var tempo: TempoStage?

    init(demuxer: Demuxer, decoder: AudioDecoder, sink: any AudioSink,
         wantedSpeed: @escaping @Sendable () -> PlaybackSpeed = { .normal }) {
        self.demuxer = demuxer
        self.wantedSpeed = wantedSpeed
        let source = demuxer.source
        self.decoder = decoder
        self.sink = sink
        resampler = AudioResampler(output: sink.format, path: source.info.path)
        packet = av_packet_alloc()
        frame = av_frame_alloc()
    }

    func release() {
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
    }

    /// A seek's marker (the demuxer has moved the input, a little before the target so
    /// the decoder is primed): what the decoder and resampler hold is dropped, and samples
    /// before `target` are. A marker naming another stream is a change of track: its own
    /// decoder from now on. Without `flush` (live input with nothing kept) the input goes
    /// on as it is under the new serial.
    mutating func begin(seekTo target: MediaTime?, serial: Int, stream: Int32, flush: Bool) -> Outcome {
        self.serial = serial
        if stream >= 0 && stream != decoder.streamIndex {
            do { decoder = try AudioDecoder(source: source, streamIndex: stream) } catch {
                return .failed((error as? AudioStreamError)?.reason ?? "\(error)")
            }
        } else if !flush {
            return .running
        } else {
            decoder.flush()
        }
        resampler.reset()
        restartTempo()
        seekTarget = target
        nextPTS = nil
        failuresInARow = 0
        return .running
    }

    /// Reads one packet and writes what it decodes into the sink. `waitForRoom` is called
    /// while the sink is full; it returns false when a seek or stop is pending, and the
    /// rest of the packet's samples are abandoned (the seek flushes them anyway).
    mutating func step(waitForRoom: () -> Bool) -> Outcome {
        // A seek or a change of track since (its marker in the lane) ends a wait for room.
        let (demuxer, serial) = (self.demuxer, self.serial)
        func room() -> Bool { waitForRoom() && demuxer.serial(of: .audio) == serial }
        if case .failed(let reason) = followSpeed(waitForRoom: room) { return .failed(reason) }
        // Detached or stopped: nothing more comes.
        guard let item = demuxer.pop(.audio) else { return .ended(lastTime: nextPTS) }
        switch item {
        case .seek(let target, let serial, let stream, let flush):
            return begin(seekTo: target, serial: serial, stream: stream, flush: flush)
        case .end:
            _ = decoder.send(nil)
            if case .failed(let reason) = receiveAll(waitForRoom: room) { return .failed(reason) }
            drainResampler(waitForRoom: room)
            drainTempo(waitForRoom: room)
            return .ended(lastTime: nextPTS)
        case .packet(let read):
            av_packet_move_ref(packet, read)
            Demuxer.free(read)
        }
        defer { av_packet_unref(packet) }
        guard packet.pointee.stream_index == decoder.streamIndex else { return .running }
        let sent = decoder.send(packet)
        if sent < 0 && sent != cffmpeg_averror_eagain() && sent != cffmpeg_averror_eof() {
            return noteFailure(sent)
        }
        return receiveAll(waitForRoom: room)
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
            switch write(converted.samples, frames: converted.frames, pts: start, waitForRoom: waitForRoom) {
            case .written: break
            case .interrupted: return .running
            case .failed(let reason): return .failed(reason)
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

    enum WriteOutcome: Equatable {
        case written
        /// A pending request or a stale serial stopped it; the rest is dropped.
        case interrupted
        case failed(String)
    }

    /// Trims to the seek target, then hands the frames on: to the tempo filter at another
    /// speed than 1×, else straight to the sink.
    private mutating func write(_ samples: UnsafePointer<Float>, frames: Int, pts: MediaTime,
                                waitForRoom: () -> Bool) -> WriteOutcome {
        let format = sink.format
        var first = 0
        var start = pts
        if let target = seekTarget {
            let end = pts + format.duration(ofFrames: frames)
            if end <= target { nextPTS = end; return .written }
            if pts < target {
                first = min(frames, format.frames(in: target - pts))
                start = pts + format.duration(ofFrames: first)
            }
            seekTarget = nil
        }
        nextPTS = start + format.duration(ofFrames: frames - first)
        let kept = samples + first * format.channels
        if tempo != nil { return stretch(kept, frames: frames - first, pts: start, waitForRoom: waitForRoom) }
        return offer(kept, frames: frames - first, pts: start, speed: .normal, waitForRoom: waitForRoom) ? .written : .interrupted
    }

    /// Offers frames to the sink until it has taken them all, each `speed` times its length
    /// of media. False when interrupted by a pending request or refused as stale.
    func offer(_ samples: UnsafePointer<Float>, frames: Int, pts: MediaTime, speed: PlaybackSpeed,
               waitForRoom: () -> Bool) -> Bool {
        let format = sink.format
        var offset = 0
        while offset < frames {
            let bytes = UnsafeRawBufferPointer(start: samples + offset * format.channels,
                                               count: (frames - offset) * format.bytesPerFrame)
            let at = pts + speed.media(inWall: format.duration(ofFrames: offset))
            switch sink.write(bytes, pts: at, serial: serial, speed: speed) {
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
