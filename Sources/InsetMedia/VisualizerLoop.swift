import CFFmpeg
import InsetCore
import InsetLog

/// The visualiser's decode thread: a second decode of the sound, from a demuxer of its own,
/// through a `VisualizerGraph` into the scale stage, as `DecodeLoop` hands it a video's
/// frames. The pictures carry the sound's own times, so the player shows them against
/// the clock of the sound heard like any video's, and a seek starts them again at its
/// target. Lives only on that thread (VideoPipeline.run).
struct VisualizerLoop {
    let demuxer: Demuxer
    let decoder: AudioDecoder
    let visualizer: Visualizer
    let scaleStage: ScaleStage
    let statistics: VideoPipeline.Statistics
    let packet = av_packet_alloc()!
    let sound = av_frame_alloc()!
    let picture = av_frame_alloc()!
    /// Built from the first frame of sound (its shape), again after a seek (the filters
    /// hold the sound before it) and when the viewport changes size.
    var graph: VisualizerGraph?
    /// Set when the filter would not build: said once, and no picture comes.
    var refused = false
    var serial = 0
    var atEnd = false
    /// After a seek, pictures before this are of sound the player will not play.
    var seekTarget: MediaTime?
    var lastTime: MediaTime?
    var viewport: Viewport?

    func release() {
        var p: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&p)
        var s: UnsafeMutablePointer<AVFrame>? = sound
        av_frame_free(&s)
        var f: UnsafeMutablePointer<AVFrame>? = picture
        av_frame_free(&f)
    }

    mutating func step() {
        guard let item = demuxer.pop(.audio) else { atEnd = true; return }
        switch item {
        case .seek(let target, let serial, _, let flush):
            self.serial = serial
            atEnd = false
            guard flush else { return }
            decoder.flush()
            graph = nil
            seekTarget = target
        case .end:
            _ = decoder.send(nil)
            receiveAll()
            graph?.finish()
            pullAll()
            scaleStage.submit(ScaleStage.Job(frame: nil, time: lastTime ?? .zero, duration: .zero, serial: serial,
                                             isCorrupt: false, viewport: nil, endOfStream: true))
            atEnd = true
        case .packet(let read):
            av_packet_move_ref(packet, read)
            Demuxer.free(read)
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == decoder.streamIndex else { return }
            if decoder.send(packet) < 0 { statistics.update { $0.corruptPackets += 1 } }
            receiveAll()
        }
    }

    private mutating func receiveAll() {
        while decoder.receive(sound) >= 0 {
            defer { av_frame_unref(sound) }
            sound.pointee.pts = sound.pointee.best_effort_timestamp
            guard let graph = graphFitting(sound) else { continue }
            if graph.push(sound) { pullAll() }
        }
    }

    /// The graph for the viewport as it is now, built when there is none of that size.
    private mutating func graphFitting(_ shape: UnsafeMutablePointer<AVFrame>) -> VisualizerGraph? {
        guard let viewport, !viewport.isEmpty, !refused else { return nil }
        let size = Visualizer.drawingSize(for: viewport.pixels)
        if let graph, graph.size == size { return graph }
        do {
            graph = try VisualizerGraph(visualizer, size: size, shape: shape, timeBase: decoder.timeBase)
        } catch {
            Log.error("visualiser: \(error)")
            refused = true
            graph = nil
        }
        return graph
    }

    private mutating func pullAll() {
        guard let graph else { return }
        while let time = graph.pull(into: picture) {
            if let target = seekTarget, time + graph.frameDuration <= target {
                av_frame_unref(picture)
                continue
            }
            seekTarget = nil
            lastTime = time
            statistics.update { $0.decodedFrames += 1 }
            let owned = av_frame_alloc()
            av_frame_move_ref(owned, picture)
            let aspect = viewport.map { Ratio(Int(($0.raster.pixelAspect * 1000).rounded()), 1000) }
            scaleStage.submit(ScaleStage.Job(frame: owned, time: time, duration: graph.frameDuration, serial: serial,
                                             isCorrupt: false, viewport: viewport, sampleAspect: aspect))
        }
    }
}
