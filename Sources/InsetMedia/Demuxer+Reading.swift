import CFFmpeg
import Foundation
import InsetCore
import InsetLog

/// The demuxer thread: takes a seek or a change of streams when one is asked, reads while
/// some lane wants more, and routes each packet to its lane.
extension Demuxer {
    func run() {
        var atEnd = false
        while true {
            condition.lock()
            while !stopping && pendingSeek == nil && !streamsChanged && (atEnd || !wantsMore) { condition.wait() }
            if stopping { condition.unlock(); return }
            let seek = pendingSeek
            pendingSeek = nil
            if seek != nil { source.interrupt.clearWake() }
            let wanted = streamsChanged ? wantedStreams : nil
            streamsChanged = false
            let video = lanes[Lane.video.rawValue].isAttached ? lanes[Lane.video.rawValue].shownStream : -1
            let audio = lanes[Lane.audio.rawValue].isAttached ? lanes[Lane.audio.rawValue].shownStream : -1
            condition.unlock()

            if let wanted { discardAllBut(wanted) }
            if let seek {
                forgetInterruptedRead()
                reposition(seek, video: video, audio: audio)
                atEnd = false
            }
            if atEnd { continue }
            guard let packet = av_packet_alloc() else { return }
            let (result, generationRead, replayed) = read(into: packet)
            if result == cffmpeg_averror_eagain() {
                Demuxer.free(packet)
                if condition.withLock({ pendingSeek == nil }) { usleep(2_000) }
                continue
            }
            if result < 0 {
                Demuxer.free(packet)
                // Interrupted (a seek or stop wants the thread back): not the end of the input.
                if source.interrupt.isWoken || source.interrupt.isStopped { continue }
                if result != cffmpeg_averror_eof() {
                    // A network read that the reconnects could not heal ends here too.
                    Log.error("read \(source.info.path): \(ffmpegErrorText(result)); ending the input")
                } else {
                    Log.debug("end of \(source.info.path)")
                }
                condition.withLock {
                    guard generation == generationRead else { return }
                    for index in lanes.indices where lanes[index].isAttached { lanes[index].append(.end) }
                    condition.broadcast()
                }
                atEnd = true
                continue
            }
            route(packet, generation: generationRead, replayed: replayed, video: video, audio: audio)
        }
    }

    /// A read the seek's wake cut short leaves AVERROR_EXIT in the input's I/O contexts (the
    /// counted reader's and the file's under it), and avio keeps an error through a seek
    /// (avio_seek clears only its end flag): the first read after the new seek failed with
    /// it and passed for the end of the input, so a seek that came during a read ended the
    /// stream with no frame (one play in fifty of a list that seeks twice at once).
    private func forgetInterruptedRead() {
        cffmpeg_io_forget_interrupt(source.format.pointee.pb)
    }

    /// Whether some lane wants more packets: one holds less than the read-ahead, and all of
    /// them together are under the bound in bytes and each under the bound in time. The
    /// subtitles' lane wants nothing of its own (its packets are rare and come with the rest).
    var wantsMore: Bool {
        var total = 0
        var wanting = false
        for (index, lane) in lanes.enumerated() where lane.isAttached {
            total += lane.bytes
            let duration = lane.duration
            if duration > Demuxer.maximumDuration { return false }
            if index != Lane.subtitles.rawValue && duration < readAhead { wanting = true }
        }
        return wanting && total < Demuxer.maximumBytes
    }

    /// The streams some attached lane takes.
    var wantedStreams: Set<Int32> {
        lanes.filter(\.isAttached).reduce(into: Set<Int32>(asideAudio.keys)) { $0.formUnion($1.streams) }
    }

    /// Tells the demuxer to skip every stream no lane takes: mov skips their samples unread,
    /// and the hls demuxer stops fetching a playlist none of whose streams is wanted (it
    /// looks at the flags on each read), starting a newly wanted one at the segment of the
    /// current time. Demuxer thread, which owns the format context.
    private func discardAllBut(_ wanted: Set<Int32>) {
        for index in 0..<Int(source.format.pointee.nb_streams) {
            source.format.pointee.streams[index]!.pointee.discard = wanted.contains(Int32(index)) ? AVDISCARD_DEFAULT : AVDISCARD_ALL
        }
    }

    /// Moves the input for `seek`: a live input replays what it kept, anything else is
    /// sought (av_seek_frame, backward to a keyframe) a little before the target when the
    /// sound is read, so the audio decoder is primed. An HLS master playlist is sought by
    /// the stream shown, so its playlist is the one positioned on a keyframe; the sound
    /// alone by its own stream, whose every packet is a place to start.
    private func reposition(_ seek: PendingSeek, video: Int32, audio: Int32) {
        if live != nil {
            Log.debug("seek \(seek.target) in a live input: replay from packet \(seek.replayFrom.map(String.init) ?? "none")")
            condition.withLock { replaySequence = seek.replayFrom }
            return
        }
        let format = source.format
        let aim = audio >= 0 ? max(seek.target - Demuxer.audioPreroll, source.info.playableRange.start) : seek.target
        var result: Int32
        if video >= 0 && !source.videoVariants.isEmpty {
            result = av_seek_frame(format, video, StreamTime.timestamp(aim, in: source.stream(video).pointee.time_base),
                                   cffmpeg_avseek_flag_backward())
        } else if video < 0 && audio >= 0 {
            result = av_seek_frame(format, audio, StreamTime.timestamp(aim, in: source.stream(audio).pointee.time_base),
                                   cffmpeg_avseek_flag_backward())
        } else {
            result = av_seek_frame(format, -1, aim.microseconds, cffmpeg_avseek_flag_backward())
        }
        Log.debug("seek \(seek.target): av_seek_frame to \(aim) \(result < 0 ? "refused" : "done")")
        if result < 0 {
            // Some demuxers refuse a timestamp seek; the start of the file always works.
            Log.error("seek \(source.info.path) to \(seek.target): \(ffmpegErrorText(result)); back to the start")
            av_seek_frame(format, -1, source.info.startMicroseconds, cffmpeg_avseek_flag_backward())
        }
    }

    /// The next packet: a kept one while a live replay goes on, else the input's.
    private func read(into packet: UnsafeMutablePointer<AVPacket>) -> (result: Int32, generation: Int, replayed: Bool) {
        condition.lock()
        let generationRead = generation
        // A seek posted since the top of the loop: reading now would read the old position
        // under the new generation, and the packet would pass for the seek's first.
        if pendingSeek != nil {
            condition.unlock()
            return (cffmpeg_averror_eagain(), generationRead, false)
        }
        if let sequence = replaySequence, let live {
            if let entry = live.entry(at: sequence) {
                replaySequence = sequence + 1 < live.endSequence ? sequence + 1 : nil
                condition.unlock()
                return (av_packet_ref(packet, entry.payload), generationRead, true)
            }
            replaySequence = nil
        }
        let began = DispatchTime.now().uptimeNanoseconds
        readingSince = began
        condition.unlock()
        let result = av_read_frame(source.format, packet)
        let ended = DispatchTime.now().uptimeNanoseconds
        condition.withLock {
            readingSince = 0
            if result >= 0 {
                downloadRate.note(at: Demuxer.seconds(ended), bytes: Int(packet.pointee.size),
                                  busy: Demuxer.seconds(ended &- began))
            }
        }
        return (result, generationRead, false)
    }

    /// Hands a packet to the lane that takes its stream (and keeps a live input's copy);
    /// one read before the latest seek is of another position, and dropped.
    private func route(_ packet: UnsafeMutablePointer<AVPacket>, generation generationRead: Int, replayed: Bool,
                       video: Int32, audio: Int32) {
        condition.lock()
        defer { condition.unlock() }
        guard generation == generationRead else { Demuxer.free(packet); return }
        let stream = packet.pointee.stream_index
        let time = StreamTime.of(packet, in: source.stream(stream).pointee.time_base)
        if live != nil && !replayed && (stream == video || stream == audio) {
            // Every audio packet decodes on its own, but with a picture a replay starts
            // from the picture's keyframe.
            let isKey = stream == video ? packet.pointee.flags & AV_PKT_FLAG_KEY != 0 : video < 0
            keepLive(packet, time: time, isKey: isKey)
        }
        guard let lane = lanes.firstIndex(where: { $0.isAttached && $0.streams.contains(stream) }) else {
            if asideAudio[stream] != nil { keepAside(packet, stream: stream, time: time) } else { Demuxer.free(packet) }
            return
        }
        lanes[lane].append(.packet(packet), time: time, bytes: Int(packet.pointee.size))
        condition.broadcast()
    }

    static func free(_ packet: UnsafeMutablePointer<AVPacket>) {
        var owned: UnsafeMutablePointer<AVPacket>? = packet
        av_packet_free(&owned)
    }
}
