import CFFmpeg
import Foundation
import InsetCore

extension MediaSource {
    /// The container's subtitle streams that libavcodec can decode, in stream order, each
    /// with its language tag and title. Read before the source is handed to a pipeline.
    public var subtitleTracks: [SubtitleTrack] {
        var tracks: [SubtitleTrack] = []
        for index in 0..<Int(format.pointee.nb_streams) {
            guard let stream = format.pointee.streams[index], let parameters = stream.pointee.codecpar,
                  parameters.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE,
                  avcodec_find_decoder(parameters.pointee.codec_id) != nil else { continue }
            tracks.append(SubtitleTrack(id: index, language: MediaSource.tag("language", of: stream),
                                        codec: String(cString: avcodec_get_name(parameters.pointee.codec_id)),
                                        title: MediaSource.tag("title", of: stream)))
        }
        return tracks
    }

    static func tag(_ key: String, of stream: UnsafeMutablePointer<AVStream>) -> String? {
        guard let entry = av_dict_get(stream.pointee.metadata, key, nil, 0), let value = entry.pointee.value else { return nil }
        let text = String(cString: value)
        return text.isEmpty || (key == "language" && text == "und") ? nil : text
    }
}

/// A subtitle file beside the video (`.srt`, `.vtt`, `.ass`), `--sub-file`'s, or a page's,
/// read whole when the video opens: its bytes through the counted reader
/// (`SubtitleBytes`), then libavformat demuxes them as an input of its own and
/// `SubtitleDecoder` decodes it.
public enum SubtitleFile {
    /// Files bigger than this are not subtitles anyone wrote by hand; they are refused,
    /// from any source.
    public static let maximumBytes = 16 << 20

    /// Reads every cue of `path`'s first subtitle stream, moved by `offset` (the video's
    /// start time: a file's cues count from the video's first moment). `id` becomes the
    /// track's id. Text not in UTF-8 is converted from `charset` (`--sub-charset`), or
    /// from what its bytes are guessed to be (`SubtitleCharset.guess`); the track's
    /// `charset` says which when it is not UTF-8. Throws a `MediaError` saying why not,
    /// also when the file has cues and none of them could be decoded.
    public static func load(_ path: String, id: Int, offset: MediaTime = .zero, charset: String? = nil,
                            allowance: InputAllowance = .webOnly, interrupt: MediaInterrupt = MediaInterrupt())
        throws -> (track: SubtitleTrack, cues: [SubtitleCue]) {
        MediaSource.quietLogs()
        let location = try MediaSource.checkLocalPath(path, allowance: allowance)
        var status = stat()
        if let local = location.localCString, stat(local, &status) == 0, status.st_size > maximumBytes {
            throw MediaError.notMediaFile(path: path, detail: "too big for a subtitle file")
        }
        let bytes = SubtitleBytes.cuttingLongLines(try SubtitleBytes.read(path, location: location, allowance: allowance, interrupt: interrupt))
        let converted = charset.map { SubtitleCharset.isUTF8($0) ? nil : $0 } ?? guessedCharset(of: bytes)
        guard let input = bytes.withUnsafeBufferPointer({ cffmpeg_memory_avio_alloc($0.baseAddress, Int64($0.count)) }) else {
            throw MediaError.ffmpeg(path: path, operation: "avio_alloc_context", detail: "out of memory")
        }
        defer { cffmpeg_memory_avio_free(input) }
        var context: UnsafeMutablePointer<AVFormatContext>? = cffmpeg_alloc_interruptible_context(interrupt.state)
        context?.pointee.pb = input
        // The name still helps the probe (`.srt`); the bytes are all there is to open:
        // nothing in a subtitle file may open anything else.
        let opened = cffmpeg_open_input_whitelisted(&context, location.cString, InputLocation.noProtocols, nil)
        guard opened >= 0, let format = context else {
            throw MediaError.notMediaFile(path: path, detail: ffmpegErrorText(opened))
        }
        defer { avformat_close_input(&context) }
        _ = avformat_find_stream_info(format, nil)
        guard let index = (0..<Int(format.pointee.nb_streams)).first(where: {
            format.pointee.streams[$0]?.pointee.codecpar.pointee.codec_type == AVMEDIA_TYPE_SUBTITLE
        }), let stream = format.pointee.streams[index] else {
            throw MediaError.notMediaFile(path: path, detail: "no subtitles in it")
        }
        let isText = avcodec_descriptor_get(stream.pointee.codecpar.pointee.codec_id)
            .map { $0.pointee.props & AV_CODEC_PROP_TEXT_SUB != 0 } ?? false
        let decoder = try SubtitleDecoder(stream: stream, fallbackFrameSize: .zero, charset: isText ? converted : nil)
        let codec = String(cString: avcodec_get_name(stream.pointee.codecpar.pointee.codec_id))
        let language = SubtitleFileMatch.language(ofFileName: (path as NSString).lastPathComponent)
            ?? MediaSource.tag("language", of: stream)
        var track = SubtitleTrack(id: id, language: language, codec: codec, file: path, charset: isText ? converted : nil)
        track.styleHeader = decoder.styleHeader
        // Read whole and never again, so none is evicted; the file's size bounds the list.
        var list = SubtitleCueList(capacity: .max, byteBudget: .max)
        var packets = 0
        guard let packet = av_packet_alloc() else { throw MediaError.ffmpeg(path: path, operation: "av_packet_alloc", detail: "out of memory") }
        defer { var p: UnsafeMutablePointer<AVPacket>? = packet; av_packet_free(&p) }
        while av_read_frame(format, packet) >= 0 {
            defer { av_packet_unref(packet) }
            guard packet.pointee.stream_index == Int32(index) else { continue }
            packets += 1
            let decoded = decoder.decode(packet, offset: offset)
            _ = list.apply(decoded.cues, clearAt: decoded.clearAt)
        }
        if packets > 0 && list.count == 0 {
            let how = track.charset.map { " as \($0)" } ?? " as UTF-8"
            throw MediaError.notMediaFile(path: path, detail: "none of its \(packets) cues could be read\(how)")
        }
        return (track, list.cues)
    }

    /// The legacy character set the file's bytes look like, or nil for UTF-8.
    private static func guessedCharset(of bytes: [UInt8]) -> String? {
        guard case .legacy(let name) = SubtitleCharset.guess(bytes) else { return nil }
        return name
    }

    /// The subtitle files beside `videoPath` that its name finds (movie.mp4: movie.srt,
    /// movie.en.srt, movie.vtt…), plain name first; none for a URL or standard input.
    public static func beside(_ videoPath: String) -> [String] {
        guard videoPath != "-", !InputLocation.isURL(videoPath) else { return [] }
        let directory = (videoPath as NSString).deletingLastPathComponent
        let video = (videoPath as NSString).lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)) ?? []
        return SubtitleFileMatch.sorted(names, video: video).map {
            directory.isEmpty ? $0 : (directory as NSString).appendingPathComponent($0)
        }
    }
}
