#ifndef INSET_CFFMPEG_AUDIO_FILTER_H
#define INSET_CFFMPEG_AUDIO_FILTER_H

// Builds an audio filter graph in one call (audio_filter.c; the plumbing every graph shares
// is filter_graph.c's), with the layout described as text, which reads far better in C than
// through Swift's pointer-to-pointer imports.
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>
#include <stdint.h>

/// A graph from interleaved float samples at `rate` and `channels` through `chain`
/// (filter syntax, e.g. "atempo=1.5") back to the same format, so what comes out can go
/// to the same ring as what goes in. Returns 0 and the graph with its source and sink, or
/// a negative AVERROR with nothing allocated.
int cffmpeg_audio_filter_graph(const char *chain, int rate, int channels,
                               AVFilterGraph **graph_out, AVFilterContext **source_out,
                               AVFilterContext **sink_out);
/// Copies `frames` interleaved float frames into a new AVFrame stamped `pts` (in 1/rate)
/// and hands it to the graph's source; NULL samples mark the end of the input (the
/// filters then give out what they hold).
int cffmpeg_audio_filter_push(AVFilterContext *source, const float *samples, int frames,
                              int rate, int channels, int64_t pts);

#endif
