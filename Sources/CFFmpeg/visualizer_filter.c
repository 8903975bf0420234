#include "visualizer_filter.h"
#include "filter_graph.h"
#include <stdio.h>

int cffmpeg_visualizer_graph(const char *chain, const AVFrame *frame, AVRational time_base,
                             AVFilterGraph **graph_out, AVFilterContext **source_out,
                             AVFilterContext **sink_out) {
    char layout_name[64] = "";
    if (frame->ch_layout.order == AV_CHANNEL_ORDER_UNSPEC || av_channel_layout_check(&frame->ch_layout) == 0) {
        AVChannelLayout layout;
        av_channel_layout_default(&layout, frame->ch_layout.nb_channels > 0 ? frame->ch_layout.nb_channels : 1);
        av_channel_layout_describe(&layout, layout_name, sizeof layout_name);
        av_channel_layout_uninit(&layout);
    } else {
        av_channel_layout_describe(&frame->ch_layout, layout_name, sizeof layout_name);
    }
    const char *format_name = av_get_sample_fmt_name((enum AVSampleFormat)frame->format);
    char source_args[256];
    snprintf(source_args, sizeof source_args, "time_base=%d/%d:sample_rate=%d:sample_fmt=%s:channel_layout=%s",
             time_base.num, time_base.den, frame->sample_rate, format_name ? format_name : "fltp", layout_name);
    char full_chain[768];
    int written = snprintf(full_chain, sizeof full_chain, "%s,format=rgb24", chain);
    if (written < 0 || (size_t)written >= sizeof full_chain) return AVERROR(EINVAL);

    return cffmpeg_filter_graph(source_args, full_chain, "buffersink", graph_out, source_out, sink_out);
}

AVRational cffmpeg_sink_time_base(const AVFilterContext *sink) { return av_buffersink_get_time_base(sink); }

AVRational cffmpeg_sink_frame_rate(const AVFilterContext *sink) { return av_buffersink_get_frame_rate(sink); }

int cffmpeg_visualizer_push(AVFilterContext *source, AVFrame *frame) {
    if (!frame) return av_buffersrc_add_frame(source, NULL);
    return av_buffersrc_add_frame_flags(source, frame, AV_BUFFERSRC_FLAG_KEEP_REF);
}
