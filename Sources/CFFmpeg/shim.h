#ifndef INSET_CFFMPEG_SHIM_H
#define INSET_CFFMPEG_SHIM_H

// The module's one header for Swift (module.modulemap): FFmpeg's public headers, one-line
// static inline wrappers for what Swift cannot import (function-like macros such as AVERROR,
// macros built from expressions such as AVERROR_EOF and AV_NOPTS_VALUE), and the
// declarations of the module's C functions. Their bodies are in the .c files beside this
// header, compiled once (CNIOLinux's rule, STYLE.md): a body in a header was copied into
// every Swift file that imported the module, and a static variable or function there was a
// different one in each file.
#include <stddef.h>
#include <stdint.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>
#include <libavutil/avutil.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/pixdesc.h>
#include <libavutil/channel_layout.h>
#include <libavutil/opt.h>
#include <libavutil/log.h>
#include <errno.h>

static inline int cffmpeg_averror(int posix_errno) { return AVERROR(posix_errno); }
static inline int cffmpeg_averror_eof(void) { return AVERROR_EOF; }
static inline int cffmpeg_averror_eagain(void) { return AVERROR(EAGAIN); }
static inline int cffmpeg_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
static inline int cffmpeg_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
static inline int cffmpeg_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
static inline int cffmpeg_averror_exit(void) { return AVERROR_EXIT; }
static inline int64_t cffmpeg_nopts_value(void) { return AV_NOPTS_VALUE; }
static inline int cffmpeg_time_base(void) { return AV_TIME_BASE; }
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
/// FFmpeg logs process-wide to stderr; the player owns the terminal, so callers cap it.
static inline void cffmpeg_set_log_level(int level) { av_log_set_level(level); }
/// av_err2str is a macro over a compound literal; this fills a caller's buffer instead.
static inline void cffmpeg_error_string(int errnum, char *buffer, size_t size) { av_strerror(errnum, buffer, size); }
/// Channel count, across the FFmpeg 5.1 / 6 / 7 channel APIs.
static inline int cffmpeg_channel_count(const AVCodecParameters *par) { return par->ch_layout.nb_channels; }
/// Whether a stream is a still picture attached to the file (cover art), not video.
static inline int cffmpeg_stream_is_attached_picture(const AVStream *stream) {
    return (stream->disposition & AV_DISPOSITION_ATTACHED_PIC) != 0;
}

#include "stream_facts.h"
#include "conversion.h"
#include "interrupt.h"
#include "fd_reader.h"
#include "counted_reader.h"
#include "spool_reader.h"
#include "open_guard.h"
#include "memory_reader.h"
#include "filter_graph.h"
#include "audio_filter.h"
#include "visualizer_filter.h"

#endif
