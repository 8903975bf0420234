#include "conversion.h"
#include <libavutil/pixdesc.h>

int cffmpeg_scale_frame(struct SwsContext *sws, const AVFrame *frame, uint8_t *destination, int destination_stride) {
    uint8_t *planes[4] = { destination, NULL, NULL, NULL };
    int strides[4] = { destination_stride, 0, 0, 0 };
    return sws_scale(sws, (const uint8_t * const *)frame->data, frame->linesize, 0,
                     frame->height, planes, strides);
}

int cffmpeg_scale_frame_to_frame(struct SwsContext *sws, const AVFrame *source, AVFrame *destination) {
    return sws_scale(sws, (const uint8_t * const *)source->data, source->linesize, 0, source->height,
                     destination->data, destination->linesize);
}

int cffmpeg_pix_fmt_is_subsampled_yuv(int format) {
    const AVPixFmtDescriptor *d = av_pix_fmt_desc_get((enum AVPixelFormat)format);
    if (!d || (d->flags & (AV_PIX_FMT_FLAG_RGB | AV_PIX_FMT_FLAG_PAL)) || d->nb_components < 3) return 0;
    return d->log2_chroma_w > 0 || d->log2_chroma_h > 0;
}

int cffmpeg_pix_fmt_is_jpeg_range(int format) {
    return format == AV_PIX_FMT_YUVJ420P || format == AV_PIX_FMT_YUVJ422P || format == AV_PIX_FMT_YUVJ444P
        || format == AV_PIX_FMT_YUVJ440P || format == AV_PIX_FMT_YUVJ411P;
}

int cffmpeg_swr_convert_frame(struct SwrContext *swr, uint8_t *destination, int capacity, const AVFrame *frame) {
    uint8_t *out[1] = { destination };
    if (!frame) return swr_convert(swr, out, capacity, NULL, 0);
    return swr_convert(swr, out, capacity, (const uint8_t **)frame->extended_data, frame->nb_samples);
}

struct SwrContext *cffmpeg_swr_for_frame(const AVFrame *frame, int rate, int channels, int *error) {
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

int cffmpeg_audio_frame_differs(const AVFrame *frame, int format, int rate, const AVChannelLayout *layout) {
    return frame->format != format || frame->sample_rate != rate
        || av_channel_layout_compare(&frame->ch_layout, layout) != 0;
}
