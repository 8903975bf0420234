import CFFmpeg
import Foundation
import InsetCore

extension MediaSource {
    /// Reads the facts of the opened container and its chosen streams into plain values.
    /// `live`: read as it grows (a file still being written): no duration, like a pipe.
    static func describe(_ context: UnsafeMutablePointer<AVFormatContext>, path: String, location: InputLocation, live: Bool = false,
                         video: Int32?, audio: Int32?) -> MediaInfo {
        let format = context.pointee.iformat!.pointee
        let nopts = cffmpeg_nopts_value()
        let duration = context.pointee.duration
        let start = context.pointee.start_time
        let isPipe = location.kind == .standardInput || live
        var fileSize: Int64? = nil
        if !isPipe, let local = location.localCString {
            var status = stat()
            if stat(local, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG { fileSize = Int64(status.st_size) }
        }
        return MediaInfo(
            path: path,
            container: String(cString: format.name),
            containerLongName: format.long_name.map { String(cString: $0) } ?? "",
            durationMicroseconds: (duration == nopts || duration <= 0 || isPipe) ? nil : duration,
            startMicroseconds: start == nopts ? 0 : start,
            bitRate: context.pointee.bit_rate > 0 ? context.pointee.bit_rate : nil,
            fileSize: fileSize,
            video: video.map { describeVideo(context, index: $0) },
            audio: audio.map { describeAudio(context, index: $0) },
            tags: tags(of: context, audio: audio)
        )
    }

    /// The file's music tags: the container's (ID3, MP4 atoms, FLAC's Vorbis comments), else
    /// those of the sound stream played (Ogg keeps its Vorbis comments on the stream).
    static func tags(of context: UnsafeMutablePointer<AVFormatContext>, audio: Int32?) -> MediaTags? {
        let stream = audio.map { context.pointee.streams[Int($0)]! }
        return MediaTags { key in
            tagText(key, in: context.pointee.metadata) ?? stream.flatMap { tagText(key, in: $0.pointee.metadata) }
        }
    }

    /// One entry of an FFmpeg dictionary, its key matched without case, as libavformat
    /// spells the same tag differently by format (`TITLE` in Vorbis comments).
    static func tagText(_ key: String, in dictionary: OpaquePointer?) -> String? {
        guard let entry = av_dict_get(dictionary, key, nil, 0), let value = entry.pointee.value else { return nil }
        return String(cString: value)
    }

    static func describeVideo(_ context: UnsafeMutablePointer<AVFormatContext>, index: Int32) -> VideoStreamInfo {
        let stream = context.pointee.streams[Int(index)]!
        let par = stream.pointee.codecpar.pointee
        var sar = av_guess_sample_aspect_ratio(context, stream, nil)
        if sar.num <= 0 || sar.den <= 0 { sar = AVRational(num: 1, den: 1) }
        let rate = av_guess_frame_rate(context, stream, nil)
        let pixelFormat = av_get_pix_fmt_name(AVPixelFormat(rawValue: par.format)).map { String(cString: $0) } ?? "unknown"
        let rotation = VideoRotation(displayMatrixDegrees: cffmpeg_stream_rotation(stream))
        return VideoStreamInfo(
            index: Int(index),
            codec: String(cString: avcodec_get_name(par.codec_id)),
            codecLongName: avcodec_descriptor_get(par.codec_id).flatMap { $0.pointee.long_name }.map { String(cString: $0) } ?? "",
            width: Int(par.width), height: Int(par.height),
            sampleAspectNumerator: Int(sar.num), sampleAspectDenominator: Int(sar.den),
            frameRateNumerator: Int(rate.num), frameRateDenominator: Int(rate.den),
            rotationDegrees: rotation.degrees,
            pixelFormat: pixelFormat,
            frameCount: stream.pointee.nb_frames > 0 ? Int(stream.pointee.nb_frames) : nil,
            isAttachedPicture: cffmpeg_stream_is_attached_picture(stream) != 0
        )
    }

    static func describeAudio(_ context: UnsafeMutablePointer<AVFormatContext>, index: Int32) -> AudioStreamInfo {
        let stream = context.pointee.streams[Int(index)]!
        let par = stream.pointee.codecpar!
        var layout = [CChar](repeating: 0, count: 128)
        cffmpeg_channel_layout_name(par, &layout, layout.count)
        let sampleFormat = av_get_sample_fmt_name(AVSampleFormat(rawValue: par.pointee.format)).map { String(cString: $0) } ?? "unknown"
        return AudioStreamInfo(
            index: Int(index),
            codec: String(cString: avcodec_get_name(par.pointee.codec_id)),
            codecLongName: avcodec_descriptor_get(par.pointee.codec_id).flatMap { $0.pointee.long_name }.map { String(cString: $0) } ?? "",
            sampleRate: Int(par.pointee.sample_rate),
            channels: Int(cffmpeg_channel_count(par)),
            layout: String(decoding: layout.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self),
            sampleFormat: sampleFormat
        )
    }
}
