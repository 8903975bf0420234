#ifndef INSET_CFFMPEG_STREAM_FACTS_H
#define INSET_CFFMPEG_STREAM_FACTS_H

// Facts about streams and frames that Swift cannot read straight from FFmpeg's structs:
// errors behind macros, side data, version-dependent flags, the index (stream_facts.c).
#include <stddef.h>
#include <stdint.h>
#include <libavformat/avformat.h>
#include <libavcodec/avcodec.h>

/// The HTTP status behind one of libavformat's HTTP errors (its FFERRTAG macros are not
/// visible to Swift): 400, 401, 403, 404 exactly, 499 for another 4xx, 599 for a 5xx; 0
/// when `error` is no HTTP status.
int cffmpeg_http_status(int error);
/// Reads a stream's display matrix side data and returns its rotation in degrees
/// (counter-clockwise, as av_display_rotation_get), or NAN when there is none.
double cffmpeg_stream_rotation(const AVStream *stream);
/// A readable channel layout name; empty when it has none.
void cffmpeg_channel_layout_name(const AVCodecParameters *par, char *buffer, size_t size);
/// Frame threading needs both flags set through the int fields Swift sees as plain ints.
void cffmpeg_enable_frame_threads(AVCodecContext *ctx, int threads);
/// The key-frame flag moved from AVFrame.key_frame to AV_FRAME_FLAG_KEY in FFmpeg 6.1.
int cffmpeg_frame_is_key(const AVFrame *frame);
/// Whether a decoded frame is flagged corrupt by the decoder.
int cffmpeg_frame_is_corrupt(const AVFrame *frame);
/// The end (byte offset) of the furthest entry in a stream's index, so a file cut short
/// can be told from one that is merely long (see MediaSource's truncation check).
int64_t cffmpeg_index_end(AVStream *stream);
/// The presentation time (in the stream's time base) of the last index entry whose data
/// lies wholly inside the first `size` bytes: how far a file cut short can be played.
/// AV_NOPTS_VALUE when no entry fits.
int64_t cffmpeg_index_last_time_within(AVStream *stream, int64_t size);
/// Gives heap pages that FFmpeg's freed frame pools left behind back to the system
/// (glibc keeps them mapped otherwise); a no-op elsewhere.
void cffmpeg_release_freed_memory(void);

#endif
