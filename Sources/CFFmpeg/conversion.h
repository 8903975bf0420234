#ifndef INSET_CFFMPEG_CONVERSION_H
#define INSET_CFFMPEG_CONVERSION_H

// Pictures scaled and sound resampled through the plane arrays and channel layouts that
// Swift imports awkwardly: tuples, pointers of the wrong constness (conversion.c).
#include <stdint.h>
#include <libavutil/frame.h>
#include <libavutil/channel_layout.h>
#include <libswscale/swscale.h>
#include <libswresample/swresample.h>

/// sws_scale over an AVFrame's plane arrays, which Swift sees as 8-element tuples.
int cffmpeg_scale_frame(struct SwsContext *sws, const AVFrame *frame, uint8_t *destination, int destination_stride);
/// sws_scale from one AVFrame into another (both allocated, the destination at the
/// context's output size and format).
int cffmpeg_scale_frame_to_frame(struct SwsContext *sws, const AVFrame *source, AVFrame *destination);
/// Whether a pixel format is YUV with chroma at less than full resolution (4:2:0, 4:2:2…).
int cffmpeg_pix_fmt_is_subsampled_yuv(int format);
/// Whether a pixel format is one of the deprecated full-range "J" formats.
int cffmpeg_pix_fmt_is_jpeg_range(int format);
/// swr_convert from an AVFrame's planes (extended_data, which Swift sees as a pointer to
/// optional pointers of the wrong constness) into one interleaved buffer; a NULL frame
/// drains what the resampler still holds. Returns frames written or a negative AVERROR.
int cffmpeg_swr_convert_frame(struct SwrContext *swr, uint8_t *destination, int capacity, const AVFrame *frame);
/// swr_alloc_set_opts2 (FFmpeg 5.1's AVChannelLayout API) and swr_init in one call, from a
/// decoded frame's layout, format and rate to interleaved float at `rate` with the default
/// layout of `channels`. Returns the context, or NULL with `*error` set.
struct SwrContext *cffmpeg_swr_for_frame(const AVFrame *frame, int rate, int channels, int *error);
/// Whether a frame's layout, format or rate differ from what a resampler was built for.
int cffmpeg_audio_frame_differs(const AVFrame *frame, int format, int rate, const AVChannelLayout *layout);

#endif
