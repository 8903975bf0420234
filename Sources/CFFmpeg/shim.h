#ifndef INSET_CFFMPEG_SHIM_H
#define INSET_CFFMPEG_SHIM_H

// FFmpeg's public headers, plus static inline wrappers for what Swift cannot import:
// function-like macros (AVERROR), macros built from expressions (AVERROR_EOF,
// AV_NOPTS_VALUE), and string helpers that return macro-sized stack buffers.
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>
#include <libavutil/display.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libavutil/channel_layout.h>
#include <libavutil/opt.h>
#include <libavutil/log.h>
#include <errno.h>
#include <time.h>
#include <poll.h>
#include <unistd.h>

static inline int cffmpeg_averror(int posix_errno) { return AVERROR(posix_errno); }
static inline int cffmpeg_averror_eof(void) { return AVERROR_EOF; }
static inline int cffmpeg_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int cffmpeg_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int cffmpeg_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int cffmpeg_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
/// The HTTP status behind one of libavformat's HTTP errors (its FFERRTAG macros are not
/// visible to Swift): 400, 401, 403, 404 exactly, 499 for another 4xx, 599 for a 5xx; 0
/// when `error` is no HTTP status.
static inline int cffmpeg_http_status(int error) {
    if (error == AVERROR_HTTP_BAD_REQUEST) return 400;
    if (error == AVERROR_HTTP_UNAUTHORIZED) return 401;
    if (error == AVERROR_HTTP_FORBIDDEN) return 403;
    if (error == AVERROR_HTTP_NOT_FOUND) return 404;
    if (error == AVERROR_HTTP_OTHER_4XX) return 499;
    if (error == AVERROR_HTTP_SERVER_ERROR) return 599;
    return 0;
}
static inline int64_t cffmpeg_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int cffmpeg_time_base(void) { return AV_TIME_BASE; }

/// av_err2str is a macro over a compound literal; this fills a caller's buffer instead.
static inline void cffmpeg_error_string(int errnum, char *buffer, size_t size) {
    av_strerror(errnum, buffer, size);
}

/// Reads a stream's display matrix side data and returns its rotation in degrees
/// (counter-clockwise, as av_display_rotation_get), or NAN when there is none.
static inline double cffmpeg_stream_rotation(const AVStream *stream) {
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

/// Channel count and a readable layout name, across the FFmpeg 5.1 / 6 / 7 channel APIs.
static inline int cffmpeg_channel_count(const AVCodecParameters *par) {
    return par->ch_layout.nb_channels;
}
static inline void cffmpeg_channel_layout_name(const AVCodecParameters *par, char *buffer, size_t size) {
    if (av_channel_layout_describe(&par->ch_layout, buffer, size) < 0 && size > 0) buffer[0] = 0;
}

/// Frame threading needs both flags set through the int fields Swift sees as plain ints.
static inline void cffmpeg_enable_frame_threads(AVCodecContext *ctx, int threads) {
    ctx->thread_count = threads;
    ctx->thread_type = FF_THREAD_FRAME | FF_THREAD_SLICE;
}

/// The key-frame flag moved from AVFrame.key_frame to AV_FRAME_FLAG_KEY in FFmpeg 6.1.
static inline int cffmpeg_frame_is_key(const AVFrame *frame) {
#ifdef AV_FRAME_FLAG_KEY
    return (frame->flags & AV_FRAME_FLAG_KEY) != 0;
#else
    return frame->key_frame;
#endif
}

/// Whether a decoded frame is flagged corrupt by the decoder.
static inline int cffmpeg_frame_is_corrupt(const AVFrame *frame) {
    return (frame->flags & AV_FRAME_FLAG_CORRUPT) != 0 || frame->decode_error_flags != 0;
}

static inline int cffmpeg_avio_flag_read(void) { return AVIO_FLAG_READ; }
static inline int cffmpeg_sws_area(void) { return SWS_AREA; }
static inline int cffmpeg_sws_bilinear(void) { return SWS_BILINEAR; }
static inline int cffmpeg_sws_fast_bilinear(void) { return SWS_FAST_BILINEAR; }
static inline int cffmpeg_sws_point(void) { return SWS_POINT; }
static inline int cffmpeg_sws_full_chroma(void) { return SWS_FULL_CHR_H_INT | SWS_ACCURATE_RND; }
static inline int cffmpeg_avseek_flag_backward(void) { return AVSEEK_FLAG_BACKWARD; }
static inline int cffmpeg_avfmt_flag_nofile(void) { return AVFMT_NOFILE; }
static inline int cffmpeg_avfmt_ts_discont(void) { return AVFMT_TS_DISCONT; }
static inline int cffmpeg_log_quiet(void) { return AV_LOG_QUIET; }
static inline int cffmpeg_log_error(void) { return AV_LOG_ERROR; }

/// sws_scale over an AVFrame's plane arrays, which Swift sees as 8-element tuples.
static inline int cffmpeg_scale_frame(struct SwsContext *sws, const AVFrame *frame,
                                      uint8_t *destination, int destination_stride) {
    uint8_t *planes[4] = { destination, NULL, NULL, NULL };
    int strides[4] = { destination_stride, 0, 0, 0 };
    return sws_scale(sws, (const uint8_t * const *)frame->data, frame->linesize, 0,
                     frame->height, planes, strides);
}

/// The end (byte offset) of the furthest entry in a stream's index, so a file cut short
/// can be told from one that is merely long (see MediaSource's truncation check).
static inline int64_t cffmpeg_index_end(AVStream *stream) {
    int count = avformat_index_get_entries_count(stream);
    int64_t end = 0;
    for (int i = 0; i < count; i++) {
        const AVIndexEntry *e = avformat_index_get_entry(stream, i);
        if (e && e->pos + e->size > end) end = e->pos + e->size;
    }
    return end;
}

/// The presentation time (in the stream's time base) of the last index entry whose data
/// lies wholly inside the first `size` bytes: how far a file cut short can be played.
/// AV_NOPTS_VALUE when no entry fits.
static inline int64_t cffmpeg_index_last_time_within(AVStream *stream, int64_t size) {
    int count = avformat_index_get_entries_count(stream);
    int64_t last = AV_NOPTS_VALUE;
    for (int i = 0; i < count; i++) {
        const AVIndexEntry *e = avformat_index_get_entry(stream, i);
        if (e && e->pos + e->size <= size && (last == AV_NOPTS_VALUE || e->timestamp > last)) last = e->timestamp;
    }
    return last;
}

/// FFmpeg logs process-wide to stderr; the player owns the terminal, so callers cap it.
static inline void cffmpeg_set_log_level(int level) { av_log_set_level(level); }

/// Gives heap pages that FFmpeg's freed frame pools left behind back to the system
/// (glibc keeps them mapped otherwise); a no-op elsewhere.
#if defined(__GLIBC__)
#include <malloc.h>
static inline void cffmpeg_release_freed_memory(void) { malloc_trim(0); }
#else
static inline void cffmpeg_release_freed_memory(void) {}
#endif

/// sws_scale from one AVFrame into another (both allocated, the destination at the
/// context's output size and format).
static inline int cffmpeg_scale_frame_to_frame(struct SwsContext *sws, const AVFrame *source, AVFrame *destination) {
    return sws_scale(sws, (const uint8_t * const *)source->data, source->linesize, 0, source->height,
                     destination->data, destination->linesize);
}

/// Whether a pixel format is YUV with chroma at less than full resolution (4:2:0, 4:2:2…),
/// and whether it is one of the deprecated full-range "J" formats.
static inline int cffmpeg_pix_fmt_is_subsampled_yuv(int format) {
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get((enum AVPixelFormat)format);
    if (!d || (d->flags & (AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL)) || d->nb_components < 3) return 0;
    return d->log2_chroma_w > 0 || d->log2_chroma_h > 0;
}
static inline int cffmpeg_pix_fmt_is_jpeg_range(int format) {
    return format == AV_PIX_FMT_YUVJ420P || format == AV_PIX_FMT_YUVJ422P || format == AV_PIX_FMT_YUVJ444P
        || format == AV_PIX_FMT_YUVJ440P || format == AV_PIX_FMT_YUVJ411P;
}

/// swr_convert from an AVFrame's planes (extended_data, which Swift sees as a pointer to
/// optional pointers of the wrong constness) into one interleaved buffer; a NULL frame
/// drains what the resampler still holds. Returns frames written or a negative AVERROR.
static inline int cffmpeg_swr_convert_frame(struct SwrContext *swr, uint8_t *destination, int capacity,
                                            const AVFrame *frame) {
    uint8_t *out[1] = { destination };
    if (!frame) return swr_convert(swr, out, capacity, NULL, 0);
    return swr_convert(swr, out, capacity, (const uint8_t **)frame->extended_data, frame->nb_samples);
}

/// swr_alloc_set_opts2 (FFmpeg 5.1's AVChannelLayout API) and swr_init in one call, from a
/// decoded frame's layout, format and rate to interleaved float at `rate` with the default
/// layout of `channels`. Returns the context, or NULL with `*error` set.
static inline struct SwrContext *cffmpeg_swr_for_frame(const AVFrame *frame, int rate, int channels, int *error) {
    struct SwrContext *swr = NULL;
    AVChannelLayout out_layout, in_layout;
    av_channel_layout_default(&out_layout, channels);
    if (frame->ch_layout.order == AV_CHANNEL_ORDER_UNSPEC || av_channel_layout_check(&frame->ch_layout) == 0) {
        av_channel_layout_default(&in_layout, frame->ch_layout.nb_channels);
    } else if ((*error = av_channel_layout_copy(&in_layout, &frame->ch_layout)) < 0) {
        return NULL;
    }
    *error = swr_alloc_set_opts2(&swr, &out_layout, AV_SAMPLE_FMT_FLT, rate,
                                 &in_layout, (enum AVSampleFormat)frame->format, frame->sample_rate, 0, NULL);
    av_channel_layout_uninit(&in_layout);
    av_channel_layout_uninit(&out_layout);
    if (*error < 0) { swr_free(&swr); return NULL; }
    if ((*error = swr_init(swr)) < 0) { swr_free(&swr); return NULL; }
    return swr;
}

/// Whether a frame's layout, format or rate differ from what a resampler was built for.
static inline int cffmpeg_audio_frame_differs(const AVFrame *frame, int format, int rate, const AVChannelLayout *layout) {
    return frame->format != format || frame->sample_rate != rate
        || av_channel_layout_compare(&frame->ch_layout, layout) != 0;
}

/// Whether a stream is a still picture attached to the file (cover art), not video.
static inline int cffmpeg_stream_is_attached_picture(const AVStream *stream) {
    return (stream->disposition & AV_DISPOSITION_ATTACHED_PIC) != 0;
}

/// What libavformat's blocking I/O checks while it waits (AVIOInterruptCB): a stop flag
/// any thread may raise, a one-shot wake (a seek wants the decode thread back) and a
/// deadline on the monotonic clock (0: none). Plain fields touched only through the
/// __atomic builtins, so Swift sees an ordinary struct.
typedef struct {
    int stop;
    int wake;
    long long deadline_ns;
} cffmpeg_interrupt;

static inline long long cffmpeg_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static inline int cffmpeg_interrupt_check(void *opaque) {
    cffmpeg_interrupt *state = (cffmpeg_interrupt *)opaque;
    if (__atomic_load_n(&state->stop, __ATOMIC_ACQUIRE)) return 1;
    if (__atomic_load_n(&state->wake, __ATOMIC_ACQUIRE)) return 1;
    long long deadline = __atomic_load_n(&state->deadline_ns, __ATOMIC_ACQUIRE);
    return deadline != 0 && cffmpeg_monotonic_ns() > deadline;
}

static inline void cffmpeg_interrupt_set_stop(cffmpeg_interrupt *state) { __atomic_store_n(&state->stop, 1, __ATOMIC_RELEASE); }
static inline int cffmpeg_interrupt_stopped(cffmpeg_interrupt *state) { return __atomic_load_n(&state->stop, __ATOMIC_ACQUIRE); }
static inline void cffmpeg_interrupt_set_wake(cffmpeg_interrupt *state, int wake) { __atomic_store_n(&state->wake, wake, __ATOMIC_RELEASE); }
static inline int cffmpeg_interrupt_woken(cffmpeg_interrupt *state) { return __atomic_load_n(&state->wake, __ATOMIC_ACQUIRE); }
/// A deadline `nanoseconds` from now; 0 clears it.
static inline void cffmpeg_interrupt_set_deadline(cffmpeg_interrupt *state, long long nanoseconds) {
    __atomic_store_n(&state->deadline_ns, nanoseconds ? cffmpeg_monotonic_ns() + nanoseconds : 0, __ATOMIC_RELEASE);
}
static inline int cffmpeg_interrupt_expired(cffmpeg_interrupt *state) {
    long long deadline = __atomic_load_n(&state->deadline_ns, __ATOMIC_ACQUIRE);
    return deadline != 0 && cffmpeg_monotonic_ns() > deadline;
}

/// A format context whose blocking I/O checks `state` (to be passed to avformat_open_input).
static inline AVFormatContext *cffmpeg_alloc_interruptible_context(cffmpeg_interrupt *state) {
    AVFormatContext *context = avformat_alloc_context();
    if (!context) return NULL;
    context->interrupt_callback.callback = cffmpeg_interrupt_check;
    context->interrupt_callback.opaque = state;
    return context;
}
static inline int cffmpeg_averror_exit(void) { return AVERROR_EXIT; }

/// Reading a pipe (standard input) through libavformat's own pipe protocol blocks in
/// read(2), where no interrupt callback is ever checked: a quit would wait for the writer.
/// This reader waits with poll(2) in 50 ms steps and checks the interrupt between them.
typedef struct {
    /// NULL, and first: the open guard asks of any context under its counted reader whether
    /// it is a spool by the AVClass its opaque begins with (`cffmpeg_is_spool`).
    const AVClass *av_class;
    int fd;
    cffmpeg_interrupt *interrupt;
    /// Set for a growing file (cffmpeg_follow_avio_alloc): the reader owns and closes the
    /// descriptor, and waits this long at the end for more data before it is the end.
    int follow_ms;
    /// Set once a growing file has ended: demuxers read on past the end more than once,
    /// and each of those reads must not wait again.
    int ended;
} cffmpeg_fd_reader;

static int cffmpeg_fd_read(void *opaque, uint8_t *buffer, int size) {
    cffmpeg_fd_reader *reader = (cffmpeg_fd_reader *)opaque;
    for (;;) {
        if (cffmpeg_interrupt_check(reader->interrupt)) return AVERROR_EXIT;
        struct pollfd wanted = { reader->fd, POLLIN, 0 };
        int ready = poll(&wanted, 1, 50);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return AVERROR(errno);
        }
        if (ready == 0) continue;
        ssize_t got = read(reader->fd, buffer, (size_t)size);
        if (got < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return AVERROR(errno);
        }
        return got == 0 ? AVERROR_EOF : (int)got;
    }
}

/// An AVIOContext reading `fd` through `cffmpeg_fd_read`; NULL when out of memory.
static inline AVIOContext *cffmpeg_fd_avio_alloc(int fd, cffmpeg_interrupt *interrupt) {
    const int size = 64 * 1024;
    cffmpeg_fd_reader *reader = av_malloc(sizeof(cffmpeg_fd_reader));
    uint8_t *buffer = av_malloc(size);
    if (!reader || !buffer) { av_free(reader); av_free(buffer); return NULL; }
    reader->av_class = NULL;
    reader->fd = fd;
    reader->interrupt = interrupt;
    reader->follow_ms = 0;
    reader->ended = 0;
    AVIOContext *pb = avio_alloc_context(buffer, size, 0, reader, cffmpeg_fd_read, NULL, NULL);
    if (!pb) { av_free(reader); av_free(buffer); return NULL; }
    pb->seekable = 0;
    return pb;
}

/// A file still being written (a recording, a download of a stream), read like `tail -f`:
/// at its end the reader waits in 50 ms steps, checking the interrupt, for the file to
/// grow, and only after `follow_ms` without growth is it the end.
static int cffmpeg_follow_read(void *opaque, uint8_t *buffer, int size) {
    cffmpeg_fd_reader *reader = (cffmpeg_fd_reader *)opaque;
    int waited = 0;
    for (;;) {
        if (cffmpeg_interrupt_check(reader->interrupt)) return AVERROR_EXIT;
        ssize_t got = read(reader->fd, buffer, (size_t)size);
        if (got > 0) return (int)got;
        if (got < 0 && errno != EINTR && errno != EAGAIN) return AVERROR(errno);
        if (got == 0) {
            if (reader->ended || waited >= reader->follow_ms) { reader->ended = 1; return AVERROR_EOF; }
            usleep(50 * 1000);
            waited += 50;
        }
    }
}

/// An AVIOContext following the growing file open on `fd` (which it closes when freed);
/// NULL when out of memory.
static inline AVIOContext *cffmpeg_follow_avio_alloc(int fd, cffmpeg_interrupt *interrupt, int follow_ms) {
    AVIOContext *pb = cffmpeg_fd_avio_alloc(fd, interrupt);
    if (!pb) return NULL;
    ((cffmpeg_fd_reader *)pb->opaque)->follow_ms = follow_ms > 0 ? follow_ms : 1;
    pb->read_packet = cffmpeg_follow_read;
    return pb;
}

/// Frees what cffmpeg_fd_avio_alloc made (libavformat does not free custom I/O).
static inline void cffmpeg_fd_avio_free(AVIOContext *pb) {
    if (!pb) return;
    cffmpeg_fd_reader *reader = (cffmpeg_fd_reader *)pb->opaque;
    if (reader && reader->follow_ms > 0) close(reader->fd);
    av_free(pb->opaque);
    av_freep(&pb->buffer);
    avio_context_free(&pb);
}

/// Makes `context` read through `pb` (custom I/O, which avformat_close_input leaves alone).
static inline void cffmpeg_use_custom_io(AVFormatContext *context, AVIOContext *pb) {
    context->pb = pb;
    context->flags |= AVFMT_FLAG_CUSTOM_IO;
}

#include "open_guard.h"
#include "memory_reader.h"
#include "audio_filter.h"
#include "visualizer_filter.h"

#endif
