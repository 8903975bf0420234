#include "filter_graph.h"
#include <libavutil/mem.h>

int cffmpeg_filter_graph(const char *source_args, const char *chain, const char *sink_name,
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
