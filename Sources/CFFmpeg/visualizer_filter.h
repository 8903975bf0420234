#ifndef INSET_CFFMPEG_VISUALIZER_FILTER_H
#define INSET_CFFMPEG_VISUALIZER_FILTER_H

// Included by shim.h. A graph from decoded audio to pictures: FFmpeg's audio visualisation
// filters (showspectrum, showcqt, showwaves, avectorscope) fed the sound's frames as the decoder gives
// them, and RGB frames out, stamped on the sound's clock.
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
#include "filter_graph.h"
#include <libavcodec/avcodec.h>
#include <stdio.h>

/// A graph from frames shaped like `frame` (its rate, sample format and layout), stamped in
/// `time_base`, through `chain` (filter syntax ending in a video stream, e.g.
/// "showspectrum=s=160x90") to RGB24 pictures. Returns 0 and the graph with its source and
/// sink, or a negative AVERROR with nothing allocated.
static inline int cffmpeg_visualizer_graph(const char *chain, const AVFrame *frame, AVRational time_base,
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

/// The sink's time base (the pictures' pts are in it) and frame rate (0/1 when it has none).
static inline AVRational cffmpeg_sink_time_base(const AVFilterContext *sink) { return av_buffersink_get_time_base(sink); }
static inline AVRational cffmpeg_sink_frame_rate(const AVFilterContext *sink) { return av_buffersink_get_frame_rate(sink); }

/// Hands a decoded frame to the graph (a new reference; the caller keeps its own), or
/// NULL to mark the end of the sound.
static inline int cffmpeg_visualizer_push(AVFilterContext *source, AVFrame *frame) {
    if (!frame) return av_buffersrc_add_frame(source, NULL);
    return av_buffersrc_add_frame_flags(source, frame, AV_BUFFERSRC_FLAG_KEEP_REF);
}

#endif
