#include "stream_facts.h"
#include <math.h>
#include <libavutil/display.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int cffmpeg_http_status(int error) {
    if (error == AVERROR_HTTP_BAD_REQUEST) return 400;
    if (error == AVERROR_HTTP_UNAUTHORIZED) return 401;
    if (error == AVERROR_HTTP_FORBIDDEN) return 403;
    if (error == AVERROR_HTTP_NOT_FOUND) return 404;
    if (error == AVERROR_HTTP_OTHER_4XX) return 499;
    if (error == AVERROR_HTTP_SERVER_ERROR) return 599;
    return 0;
}

double cffmpeg_stream_rotation(const AVStream *stream) {
#if LIBAVFORMAT_VERSION_MAJOR >= 61
    const AVPacketSideData *sd = av_packet_side_data_get(stream->codecpar->coded_side_data,
        stream->codecpar->nb_coded_side_data, AV_PKT_DATA_DISPLAYMATRIX);
    if (!sd) return NAN;
    return av_display_rotation_get((const int32_t *)sd->data);
#else
    size_t size = 0;
    const uint8_t *data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size);
    if (!data || size < 9 * sizeof(int32_t)) return NAN;
    return av_display_rotation_get((const int32_t *)data);
#endif
}

void cffmpeg_channel_layout_name(const AVCodecParameters *par, char *buffer, size_t size) {
    if (av_channel_layout_describe(&par->ch_layout, buffer, size) < 0 && size > 0) buffer[0] = 0;
}

void cffmpeg_enable_frame_threads(AVCodecContext *ctx, int threads) {
    ctx->thread_count = threads;
    ctx->thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE;
}

int cffmpeg_frame_is_key(const AVFrame *frame) {
#ifdef AV_FRAME_FLAG_KEY
    return (frame->flags & AV_FRAME_FLAG_KEY) != 0;
#else
    return frame->key_frame;
#endif
}

int cffmpeg_frame_is_corrupt(const AVFrame *frame) {
    return (frame->flags & AV_FRAME_FLAG_CORRUPT) != 0 || frame->decode_error_flags != 0;
}

int64_t cffmpeg_index_end(AVStream *stream) {
    int count = avformat_index_get_entries_count(stream);
    int64_t end = 0;
    for (int i = 0; i < count; i++) {
        const AVIndexEntry *e = avformat_index_get_entry(stream, i);
        if (e && e->pos + e->size > end) end = e->pos + e->size;
    }
    return end;
}

int64_t cffmpeg_index_last_time_within(AVStream *stream, int64_t size) {
    int count = avformat_index_get_entries_count(stream);
    int64_t last = AV_NOPTS_VALUE;
    for (int i = 0; i < count; i++) {
        const AVIndexEntry *e = avformat_index_get_entry(stream, i);
        if (e && e->pos + e->size <= size && (last == AV_NOPTS_VALUE || e->timestamp > last)) last = e->timestamp;
    }
    return last;
}

void cffmpeg_release_freed_memory(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}
