#ifndef INSET_CFFMPEG_FILTER_GRAPH_H
#define INSET_CFFMPEG_FILTER_GRAPH_H

// The plumbing every filter graph of the player shares (filter_graph.c, for audio_filter.c
// and visualizer_filter.c), in C because it reads far better than through Swift's
// pointer-to-pointer imports: an `abuffer` source built from `source_args`, `chain` parsed
// between it and a sink (`abuffersink` or `buffersink`), the AVFilterInOut lists whose names
// the parser takes over, and the graph configured, on one thread (the caller's decode
// thread is the worker).
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>

/// Returns 0 and the graph with its source and sink, or a negative AVERROR with nothing
/// allocated.
int cffmpeg_filter_graph(const char *source_args, const char *chain, const char *sink_name,
                         AVFilterGraph **graph_out, AVFilterContext **source_out,
                         AVFilterContext **sink_out);

#endif
