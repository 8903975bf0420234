#ifndef INSET_CFFMPEG_FILTER_GRAPH_H
#define INSET_CFFMPEG_FILTER_GRAPH_H

// Included by audio_filter.h and visualizer_filter.h. The plumbing every filter graph of the
// player shares, in C because it reads far better than through Swift's pointer-to-pointer
// imports: an `abuffer` source built from `source_args`, `chain` parsed between it and a
// sink (`abuffersink` or `buffersink`), the AVFilterInOut lists whose names the parser
// takes over, and the graph configured, on one thread (the caller's decode thread is the
// worker).
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersrc.h>
#include <libavfilter/buffersink.h>

/// Returns 0 and the graph with its source and sink, or a negative AVERROR with nothing
/// allocated.
static inline int cffmpeg_filter_graph(const char *source_args, const char *chain, const char *sink_name,
                                       AVFilterGraph **graph_out, AVFilterContext **source_out,
                                       AVFilterContext **sink_out) {
    AVFilterGraph *graph = avfilter_graph_alloc();
    if (!graph) return AVERROR(ENOMEM);
    graph->nb_threads = 1;
    AVFilterContext *source = NULL, *sink = NULL;
    int error = avfilter_graph_create_filter(&source, avfilter_get_by_name("abuffer"), "in", source_args, NULL, graph);
    if (error >= 0)
        error = avfilter_graph_create_filter(&sink, avfilter_get_by_name(sink_name), "out", NULL, NULL, graph);
    AVFilterInOut *outputs = avfilter_inout_alloc(), *inputs = avfilter_inout_alloc();
    if (error >= 0 && (!outputs || !inputs)) error = AVERROR(ENOMEM);
    if (error >= 0) {
        // The chain's open input is fed by "in", its open output feeds "out".
        outputs->name = av_strdup("in"); outputs->filter_ctx = source; outputs->pad_idx = 0; outputs->next = NULL;
        inputs->name = av_strdup("out"); inputs->filter_ctx = sink; inputs->pad_idx = 0; inputs->next = NULL;
        error = avfilter_graph_parse_ptr(graph, chain, &inputs, &outputs, NULL);
    }
    avfilter_inout_free(&inputs);
    avfilter_inout_free(&outputs);
    if (error >= 0) error = avfilter_graph_config(graph, NULL);
    if (error < 0) { avfilter_graph_free(&graph); return error; }
    *graph_out = graph; *source_out = source; *sink_out = sink;
    return 0;
}

#endif
