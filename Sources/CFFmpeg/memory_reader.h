#ifndef INSET_CFFMPEG_MEMORY_READER_H
#define INSET_CFFMPEG_MEMORY_READER_H

// Bytes in memory read as a seekable input (memory_reader.c).
#include <stdint.h>
#include <libavformat/avio.h>

/// Bytes already read whole (a subtitle file, through its counted reader) handed to a
/// demuxer as a seekable input: the subtitle demuxers read their input to its end and seek
/// back, which a pipe, a FIFO or an http answer without Range cannot do, and reading the
/// source a second time would be a second unbounded read.
///
/// Threads: used by the thread that owns the format context reading it.
typedef struct {
    uint8_t *data;
    int64_t size;
    int64_t position;
} cffmpeg_memory_reader;

/// An AVIOContext reading a copy of `size` bytes at `data`; NULL when out of memory. Free
/// with `cffmpeg_memory_avio_free` after avformat_close_input (a custom input is the
/// caller's).
AVIOContext *cffmpeg_memory_avio_alloc(const uint8_t *data, int64_t size);
/// Frees what `cffmpeg_memory_avio_alloc` made; NULL is let through.
void cffmpeg_memory_avio_free(AVIOContext *pb);

#endif
