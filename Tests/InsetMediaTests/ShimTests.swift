import CFFmpeg
import Foundation
import Testing

/// Every static inline function of Sources/CFFmpeg/shim.h, called and checked against the
/// values FFmpeg documents, so a header change on another FFmpeg version shows up here.
@Suite("CFFmpeg shim")
struct ShimTests {
    @Test func errorCodes() {
        #expect(cffmpeg_averror(EAGAIN) == -EAGAIN)
        #expect(cffmpeg_averror_eagain() == -EAGAIN)
        #expect(cffmpeg_averror_eof() == -0x2046_4F45)  // FFERRTAG('E','O','F',' ')
        #expect(cffmpeg_averror_invaliddata() == -0x4144_4E49)  // FFERRTAG('I','N','D','A')
        #expect(cffmpeg_averror_decoder_not_found() < 0)
        #expect(cffmpeg_averror_stream_not_found() < 0)
        var buffer = [CChar](repeating: 0, count: 64)
        cffmpeg_error_string(cffmpeg_averror_eof(), &buffer, 64)
        #expect(String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) == "End of file")
    }

    @Test func constants() {
        #expect(cffmpeg_nopts_value() == Int64.min)
        #expect(cffmpeg_time_base() == 1_000_000)
        #expect(cffmpeg_avio_flag_read() == 1)
        #expect(cffmpeg_avseek_flag_backward() == 1)
        #expect(cffmpeg_avfmt_flag_nofile() == 1)
        #expect(cffmpeg_avfmt_ts_discont() == 0x200)
        #expect(cffmpeg_log_quiet() == -8)
        #expect(cffmpeg_log_error() == 16)
        #expect(cffmpeg_sws_area() == 0x20)
        #expect(cffmpeg_sws_bilinear() == 2)
        #expect(cffmpeg_sws_fast_bilinear() == 1)
        #expect(cffmpeg_sws_point() == 0x10)
        #expect(cffmpeg_sws_full_chroma() == 0x2000 | 0x40000)
        cffmpeg_release_freed_memory()
        cffmpeg_set_log_level(cffmpeg_log_quiet())
        #expect(av_log_get_level() == -8)
    }

    @Test func streamHelpers() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("samples/anamorphic_rot90.mp4").path
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        #expect(avformat_open_input(&context, path, nil, nil) == 0)
        defer { avformat_close_input(&context) }
        #expect(avformat_find_stream_info(context, nil) >= 0)
        let stream = context!.pointee.streams[0]!
        #expect(cffmpeg_stream_rotation(stream) == -90)
        #expect(cffmpeg_index_end(stream) > 0)
        #expect(cffmpeg_channel_count(stream.pointee.codecpar) == 0)
        var name = [CChar](repeating: 0, count: 64)
        cffmpeg_channel_layout_name(stream.pointee.codecpar, &name, 64)

        let codec = avcodec_find_decoder(stream.pointee.codecpar.pointee.codec_id)
        var decoder = avcodec_alloc_context3(codec)
        defer { avcodec_free_context(&decoder) }
        cffmpeg_enable_frame_threads(decoder, 3)
        #expect(decoder!.pointee.thread_count == 3)
        #expect(decoder!.pointee.thread_type == 3)  // FF_THREAD_FRAME | FF_THREAD_SLICE

        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        #expect(cffmpeg_frame_is_key(frame) == 1)  // av_frame_alloc's default
        #expect(cffmpeg_frame_is_corrupt(frame) == 0)
        frame!.pointee.width = 4; frame!.pointee.height = 2
        frame!.pointee.format = AV_PIX_FMT_RGB24.rawValue
        #expect(av_frame_get_buffer(frame, 0) == 0)
        memset(frame!.pointee.data.0!, 200, Int(frame!.pointee.linesize.0) * 2)
        let sws = sws_getContext(4, 2, AV_PIX_FMT_RGB24, 2, 1, AV_PIX_FMT_RGB24, cffmpeg_sws_area(), nil, nil, nil)
        defer { sws_freeContext(sws) }
        var out = [UInt8](repeating: 0, count: 64)
        #expect(cffmpeg_scale_frame(sws, frame, &out, 32) == 1)
        #expect(out[0] == 200)
    }

    @Test func pixelFormatsAndTwoPassScaling() throws {
        #expect(cffmpeg_pix_fmt_is_subsampled_yuv(AV_PIX_FMT_YUV420P.rawValue) == 1)
        #expect(cffmpeg_pix_fmt_is_subsampled_yuv(AV_PIX_FMT_YUV422P10LE.rawValue) == 1)
        #expect(cffmpeg_pix_fmt_is_subsampled_yuv(AV_PIX_FMT_YUV444P.rawValue) == 0)
        #expect(cffmpeg_pix_fmt_is_subsampled_yuv(AV_PIX_FMT_RGB24.rawValue) == 0)
        #expect(cffmpeg_pix_fmt_is_subsampled_yuv(AV_PIX_FMT_PAL8.rawValue) == 0)
        #expect(cffmpeg_pix_fmt_is_jpeg_range(AV_PIX_FMT_YUVJ420P.rawValue) == 1)
        #expect(cffmpeg_pix_fmt_is_jpeg_range(AV_PIX_FMT_YUV420P.rawValue) == 0)

        // A flat 8x8 4:2:0 frame averaged to 2x2 4:4:4 keeps its values.
        var source = av_frame_alloc(), destination = av_frame_alloc()
        defer { av_frame_free(&source); av_frame_free(&destination) }
        source!.pointee.width = 8; source!.pointee.height = 8; source!.pointee.format = AV_PIX_FMT_YUV420P.rawValue
        destination!.pointee.width = 2; destination!.pointee.height = 2; destination!.pointee.format = AV_PIX_FMT_YUV444P.rawValue
        #expect(av_frame_get_buffer(source, 0) == 0 && av_frame_get_buffer(destination, 0) == 0)
        memset(source!.pointee.data.0!, 100, Int(source!.pointee.linesize.0) * 8)
        memset(source!.pointee.data.1!, 90, Int(source!.pointee.linesize.1) * 4)
        memset(source!.pointee.data.2!, 160, Int(source!.pointee.linesize.2) * 4)
        let sws = sws_getContext(8, 8, AV_PIX_FMT_YUV420P, 2, 2, AV_PIX_FMT_YUV444P, cffmpeg_sws_area(), nil, nil, nil)
        defer { sws_freeContext(sws) }
        #expect(cffmpeg_scale_frame_to_frame(sws, source, destination) == 2)
        #expect(destination!.pointee.data.0![0] == 100 && destination!.pointee.data.1![0] == 90 && destination!.pointee.data.2![0] == 160)
    }

    @Test func attachedPicture() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("shim-cover-\(UUID().uuidString).mp3").path
        defer { unlink(path) }
        _ = try run(["ffmpeg", "-v", "error", "-y", "-f", "lavfi", "-i", "sine=duration=1", "-f", "lavfi",
                     "-i", "color=red:size=16x16:duration=1", "-map", "0:a", "-map", "1:v", "-c:a", "libmp3lame",
                     "-c:v", "mjpeg", "-frames:v", "1", "-disposition:v", "attached_pic", "-id3v2_version", "3", path])
        var context: UnsafeMutablePointer<AVFormatContext>? = nil
        #expect(avformat_open_input(&context, path, nil, nil) == 0)
        defer { avformat_close_input(&context) }
        #expect(avformat_find_stream_info(context, nil) >= 0)
        let streams = (0..<Int(context!.pointee.nb_streams)).map { context!.pointee.streams[$0]! }
        #expect(streams.map { cffmpeg_stream_is_attached_picture($0) } .sorted() == [0, 1])
    }

    @Test func resampling() throws {
        // One frame of 4 stereo s16 planar samples at 8 kHz, resampled to interleaved float.
        var frame = av_frame_alloc()
        defer { av_frame_free(&frame) }
        frame!.pointee.format = AV_SAMPLE_FMT_S16P.rawValue
        frame!.pointee.sample_rate = 8000
        frame!.pointee.nb_samples = 4
        av_channel_layout_default(&frame!.pointee.ch_layout, 2)
        #expect(av_frame_get_buffer(frame, 0) == 0)
        for plane in 0..<2 {
            let samples = frame!.pointee.extended_data[plane]!.withMemoryRebound(to: Int16.self, capacity: 4) { $0 }
            for i in 0..<4 { samples[i] = plane == 0 ? 16384 : -16384 }
        }
        var error: Int32 = 0
        var swr = cffmpeg_swr_for_frame(frame, 8000, 2, &error)
        defer { swr_free(&swr) }
        #expect(swr != nil && error >= 0)
        var layout = AVChannelLayout()
        av_channel_layout_default(&layout, 2)
        #expect(cffmpeg_audio_frame_differs(frame, AV_SAMPLE_FMT_S16P.rawValue, 8000, &layout) == 0)
        #expect(cffmpeg_audio_frame_differs(frame, AV_SAMPLE_FMT_S16P.rawValue, 44100, &layout) == 1)
        var out = [Float](repeating: 0, count: 64)
        let written = out.withUnsafeMutableBytes { cffmpeg_swr_convert_frame(swr, $0.baseAddress!.assumingMemoryBound(to: UInt8.self), 32, frame) }
        let drained = out.withUnsafeMutableBytes { cffmpeg_swr_convert_frame(swr, $0.baseAddress!.assumingMemoryBound(to: UInt8.self) + Int(max(0, written)) * 8, 16, nil) }
        #expect(written >= 0 && drained >= 0 && written + drained == 4)
        #expect(abs(out[0] - 0.5) < 0.01 && abs(out[1] + 0.5) < 0.01, "interleaved left, right")
    }
}
