#include "audio_filter.h"
#include "filter_graph.h"
#include <stdio.h>
#include <string.h>

int cffmpeg_audio_filter_graph(const char *chain, int rate, int channels,
                               AVFilterGraph **graph_out, AVFilterContext **source_out,
                               AVFilterContext **sink_out) {
    AVChannelLayout layout;
    av_channel_layout_default(&layout, channels);
    char layout_name[64];
    av_channel_layout_describe(&layout, layout_name, sizeof layout_name);
    av_channel_layout_uninit(&layout);
    char source_args[160];
    snprintf(source_args, sizeof source_args, "sample_rate=%d:sample_fmt=flt:channel_layout=%s:time_base=1/%d",
             rate, layout_name, rate);
    char full_chain[512];
    int written = snprintf(full_chain, sizeof full_chain, "%s,aformat=sample_fmts=flt:sample_rates=%d:channel_layouts=%s",
                           chain, rate, layout_name);
    if (written < 0 || (size_t)written >= sizeof full_chain) return AVERROR(EINVAL);

    return cffmpeg_filter_graph(source_args, full_chain, "abuffersink", graph_out, source_out, sink_out);
}

int cffmpeg_audio_filter_push(AVFilterContext *source, const float *samples, int frames,
                              int rate, int channels, int64_t pts) {
    if (!samples) return av_buffersrc_add_frame(source, NULL);
    AVFrame *frame = av_frame_alloc();
    if (!frame) return AVERROR(ENOMEM);
    frame->format = AV_SAMPLE_FMT_FLT;
    frame->sample_rate = rate;
    frame->nb_samples = frames;
    frame->pts = pts;
    av_channel_layout_default(&frame->ch_layout, channels);
    int error = av_frame_get_buffer(frame, 0);
    if (error >= 0) {
        memcpy(frame->data[0], samples, (size_t)frames * (size_t)channels * sizeof(float));
        error = av_buffersrc_add_frame(source, frame);
    }
    av_frame_free(&frame);
    return error;
}
