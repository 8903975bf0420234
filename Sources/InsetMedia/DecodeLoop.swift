import CFFmpeg
import Foundation
import InsetCore
import InsetLog

/// The decode thread's own state: packet and frame buffers, the accurate-seek hold, the
/// scale stage it hands frames to. Lives only on that thread (VideoPipeline.run), so it takes no locks of its own.
struct DecodeLoop {
    let demuxer: Demuxer
    var source: MediaSource { demuxer.source }
    /// The decoder of the stream being shown (`videoIndex`); another HLS variant's once a
    /// switch to it is complete (DecodeLoop+Variants).
    var decoder: VideoDecoder
    let frames: FrameQueue
    let statistics: VideoPipeline.Statistics
    /// Nil for decode-only pipelines.
    let scaleStage: ScaleStage?
    let packet: UnsafeMutablePointer<AVPacket>
    let frame: UnsafeMutablePointer<AVFrame>
    /// During an accurate seek, the latest frame at or before the target, kept back until a
    /// later frame proves it is the one on screen at the target.
    let held: UnsafeMutablePointer<AVFrame>
    var holding = false
    var seekTarget: MediaTime?
    var serial = 0
    var atEnd = false
    var lastTime: MediaTime?
    var viewport: Viewport?
    /// What the decoder may skip (see `VideoDecoder.configureWork`), applied when changed.
    var work: (viewport: Viewport?, skipInvisible: Bool, rate: DecodeRate) = (nil, false, .every) {
        didSet {
            if work != oldValue {
                decoder.configureWork(output: work.viewport?.pixels, skipInvisible: work.skipInvisible, rate: work.rate)
            }
        }
    }
    /// While skipping to a keyframe (see `begin(_:)`): the time it must be at or after,
    /// and the serial it was begun in (a seek since ends it).
    var catchUp: (target: MediaTime, serial: Int)?
    /// The last keyframe skip taken from the requests, so each is done once.
    var catchUpGeneration = 0
    let frameDuration: MediaTime
    var videoIndex: Int32
    /// A switch to another HLS variant under way: its stream is decoded beside the one
    /// shown until its first frame after the last one delivered (DecodeLoop+Variants).
    var incoming: VariantSwitch?
    /// Decoders of the variants opened so far, by stream index, kept for switching back.
    var decoders: [Int32: VideoDecoder] = [:]
    /// Frame threads for decoders opened later (variants).
    var threads: Int?
    /// The frame the incoming variant's decoder fills.
    let incomingFrame: UnsafeMutablePointer<AVFrame>
    /// After a seek in an HLS master playlist, packets of the shown stream are left out
    /// until its keyframe: the demuxer starts variants other than the one it seeks by at
    /// any packet at or after the target.
    var needsKeyframe = false
    /// The download rate's say in the variant shown (DecodeLoop+Variants).
    var rateGovernor = VariantRateGovernor()
    /// Variants whose decoder would not open: not asked for again.
    var refusedVariants: Set<Int32> = []
    /// Errors in a row from avcodec_receive_frame before giving up on the current packet.
    static let receiveRetries = 8
    /// Video packets read without a single decoded frame before the stream is declared
    /// undecodable (a few seconds of any real video hold a decodable frame).
    static let packetsBeforeGivingUp = 600
    var packetsSent = 0
    /// The video's subtitle streams, whose packets are decoded here instead of dropped.
    var subtitles: SubtitleStreams?

    init(demuxer: Demuxer, decoder: VideoDecoder, frames: FrameQueue, statistics: VideoPipeline.Statistics,
         scaleStage: ScaleStage?) {
        self.demuxer = demuxer
        let source = demuxer.source
        self.scaleStage = scaleStage
        self.decoder = decoder
        self.frames = frames
        self.statistics = statistics
        packet = av_packet_alloc()
        frame = av_frame_alloc()
        held = av_frame_alloc()
        incomingFrame = av_frame_alloc()
        videoIndex = decoder.streamIndex
        decoders[videoIndex] = decoder
        let rate = source.info.video?.frameRate.value ?? 25
        frameDuration = MediaTime(seconds: 1 / (rate > 0 ? rate : 25))
    }

    func release() {
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        var f: UnsafeMutablePointer<AVFrame>? = frame
        av_frame_free(&f)
        var h: UnsafeMutablePointer<AVFrame>? = held
        av_frame_free(&h)
        var i: UnsafeMutablePointer<AVFrame>? = incomingFrame
        av_frame_free(&i)
    }

    /// A seek's marker (the demuxer has moved the input): what the decoder holds is of
    /// another position, and frames before `target` are held back, not shown. Without
    /// `flush` (live input with nothing kept) the input goes on as it is under the new
    /// serial, with nothing flushed or held back for a target it will not reach.
    mutating func begin(seekTo target: MediaTime?, serial: Int, flush: Bool) {
        self.serial = serial
        atEnd = false
        completeSwitchForSeek()
        guard flush else { return }
        decoder.flush()
        subtitles?.flush()
        av_frame_unref(held)
        holding = false
        seekTarget = target
        // An HLS master's variants other than the one sought by start at any packet at or
        // after the target.
        if !source.videoVariants.isEmpty { needsKeyframe = true }
    }

    /// Takes the demuxer's next item and delivers whatever frames it yields; at the end of
    /// the input drains the decoder and queues the end-of-stream marker.
    mutating func step() {
        decodeSubtitles()
        guard let item = demuxer.pop(.video) else {
            atEnd = true  // detached or stopped: nothing more comes
            return
        }
        switch item {
        case .seek(let target, let serial, _, let flush): begin(seekTo: target, serial: serial, flush: flush)
        case .end: finish()
        case .packet(let packet):
            av_packet_move_ref(self.packet, packet)
            Demuxer.free(packet)
            decodePacket()
        }
    }

    /// The subtitles read so far, decoded into their store.
    private func decodeSubtitles() {
        while let item = demuxer.tryPop(.subtitles) {
            guard case .packet(let packet) = item else { continue }
            if let subtitles { _ = subtitles.route(packet) }
            Demuxer.free(packet)
        }
    }

    /// The end of the input: what the decoder holds goes out, then the end marker.
    private mutating func finish() {
        _ = decoder.send(nil)
        receiveAll()
        if holding { deliver(held) }
        holding = false
        seekTarget = nil
        deliverEnd()
        catchUp = nil
        abandonSwitch()
        atEnd = true
    }

    private mutating func decodePacket() {
        defer { av_packet_unref(packet) }
        if let incoming, packet.pointee.stream_index == incoming.index {
            feedIncoming(packet)
            return
        }
        guard packet.pointee.stream_index == videoIndex else { return }
        if needsKeyframe {
            guard packet.pointee.flags & AV_PKT_FLAG_KEY != 0 else { return }
            needsKeyframe = false
        }
        if catchUp != nil && !endsCatchUp(packet) { return }
        let sent = decoder.send(packet)
        if sent < 0 && sent != cffmpeg_averror_eagain() && sent != cffmpeg_averror_eof() {
            statistics.update { $0.corruptPackets += 1 }
        }
        receiveAll()
        packetsSent += 1
        // A stream none of whose first packets decode will not start decoding later: end it
        // here rather than read a whole long file (or a live stream) showing nothing.
        if packetsSent >= DecodeLoop.packetsBeforeGivingUp && statistics.value.decodedFrames == 0 {
            Log.error("video: no frame from the first \(packetsSent) packets; ending the stream")
            deliverEnd()
            atEnd = true
        }
    }

    mutating func receiveAll() {
        var failures = 0
        while true {
            let received = decoder.receive(frame)
            if received < 0 {
                if received != cffmpeg_averror_eagain() && received != cffmpeg_averror_eof() {
                    statistics.update { $0.corruptPackets += 1 }
                    // A decoder may report the same error on every call; the next packet is
                    // the way on, so a few retries and then back to reading.
                    failures += 1
                    if failures < DecodeLoop.receiveRetries { continue }
                }
                return
            }
            statistics.update { $0.decodedFrames += 1 }
            handle(frame)
            av_frame_unref(frame)
        }
    }

    mutating func handle(_ frame: UnsafeMutablePointer<AVFrame>) {
        DecodeLoop.injectDelay()
        guard let target = seekTarget else {
            deliver(frame)
            return
        }
        let time = decoder.presentationTime(of: frame) ?? target
        if time <= target {
            av_frame_unref(held)
            av_frame_move_ref(held, frame)
            holding = true
            return
        }
        // The first frame past the target: the held one is what was on screen at it.
        if holding { deliver(held); av_frame_unref(held); holding = false }
        seekTarget = nil
        deliver(frame)
    }

    /// Sends a frame on: to the scale stage when the pipeline scales, else straight to the
    /// queue (decode-only benchmarks measure decoding alone).
    private mutating func deliver(_ frame: UnsafeMutablePointer<AVFrame>) {
        let time = decoder.presentationTime(of: frame) ?? (lastTime.map { $0 + frameDuration } ?? .zero)
        lastTime = time
        let corrupt = cffmpeg_frame_is_corrupt(frame) != 0
        if let scaleStage {
            let owned = av_frame_alloc()
            av_frame_move_ref(owned, frame)
            scaleStage.submit(ScaleStage.Job(frame: owned, time: time, duration: frameDuration, serial: serial,
                                             isCorrupt: corrupt, viewport: viewport, variant: shownVariant))
            return
        }
        let placement = PixelRect(x: 0, y: 0, width: Int(frame.pointee.width), height: Int(frame.pointee.height))
        frames.push(.frame(VideoFrame(time: time, duration: frameDuration, serial: serial, image: nil,
                                      placement: placement, viewport: nil, isCorrupt: corrupt, variant: shownVariant,
                                      codedSize: placement.size)))
    }

    /// Queues the end-of-stream marker behind every frame already sent.
    private func deliverEnd() {
        if let scaleStage {
            scaleStage.submit(ScaleStage.Job(frame: nil, time: lastTime ?? .zero, duration: .zero, serial: serial,
                                             isCorrupt: false, viewport: nil, endOfStream: true))
        } else {
            frames.push(.endOfStream(serial: serial, lastTime: lastTime))
        }
    }
}
