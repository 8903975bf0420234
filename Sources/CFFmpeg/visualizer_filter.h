#ifndef INSET_CFFMPEG_VISUALIZER_FILTER_H
#define INSET_CFFMPEG_VISUALIZER_FILTER_H

// A graph from decoded audio to pictures (visualizer_filter.c): FFmpeg's audio
// visualisation filters (showspectrum, showcqt, showwaves, avectorscope) fed the sound's
// frames as the decoder gives them, and RGB frames out, stamped on the sound's clock.
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
#include <libavutil/frame.h>

/// A graph from frames shaped like `frame` (its rate, sample format and layout), stamped in
/// `time_base`, through `chain` (filter syntax ending in a video stream, e.g.
/// "showspectrum=s=160x90") to RGB24 pictures. Returns 0 and the graph with its source and
/// sink, or a negative AVERROR with nothing allocated.
int cffmpeg_visualizer_graph(const char *chain, const AVFrame *frame, AVRational time_base,
                             AVFilterGraph **graph_out, AVFilterContext **source_out,
                             AVFilterContext **sink_out);
/// The sink's time base (the pictures' pts are in it) and frame rate (0/1 when it has none).
AVRational cffmpeg_sink_time_base(const AVFilterContext *sink);
AVRational cffmpeg_sink_frame_rate(const AVFilterContext *sink);
/// Hands a decoded frame to the graph (a new reference; the caller keeps its own), or
/// NULL to mark the end of the sound.
int cffmpeg_visualizer_push(AVFilterContext *source, AVFrame *frame);

#endif
