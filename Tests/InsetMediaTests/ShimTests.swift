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
}
