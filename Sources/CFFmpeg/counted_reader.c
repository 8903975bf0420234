#include "counted_reader.h"
#include <limits.h>
#include <string.h>
#include <libavutil/mem.h>

/// Whether the reader holds what it reads until the document's end.
static int cffmpeg_counted_reader_holding(const cffmpeg_counted_reader *reader) {
    return reader->kind == CFFMPEG_READ_DOCUMENT && reader->hold_after > 0 && reader->handed >= reader->hold_after
        && reader->handed_whole;
}

/// Refuses the document from now on, counting the refusal once.
static void cffmpeg_counted_reader_refuse(cffmpeg_counted_reader *reader, int why) {
    reader->refused = why;
    if (!reader->bounds->why) reader->bounds->why = why;
    __atomic_add_fetch(&reader->bounds->refusals, 1, __ATOMIC_RELEASE);
    cffmpeg_interrupt *stops = __atomic_load_n(&reader->bounds->stops, __ATOMIC_ACQUIRE);
    if (stops) cffmpeg_interrupt_set_stop(stops);
}

/// Reads what the inner context has next onto the stage, deciding what the input is and
/// holding a document to its bounds. Returns the bytes added, or how the inner context
/// ended (then also kept in `ended`).
static int cffmpeg_counted_reader_fill(cffmpeg_counted_reader *reader) {
    if (reader->stage_start > 0) {
        memmove(reader->stage, reader->stage + reader->stage_start, (size_t)(reader->stage_end - reader->stage_start));
        reader->stage_end -= reader->stage_start;
        reader->stage_start = 0;
    }
    if (reader->stage_end == reader->stage_capacity && cffmpeg_counted_reader_holding(reader)) {
        // Held: the stage grows to the document's bound (and a read's worth past it).
        long long wanted = (long long)reader->stage_capacity * 2;
        long long most = reader->bounds->max_bytes + CFFMPEG_COUNTED_STAGE;
        if (wanted > most) wanted = most;
        if (wanted > INT_MAX / 2) wanted = INT_MAX / 2;
        uint8_t *grown = wanted > reader->stage_capacity ? av_realloc(reader->stage, (size_t)wanted) : NULL;
        if (!grown) {
            reader->ended = AVERROR(ENOMEM);
            return reader->ended;
        }
        reader->stage = grown;
        reader->stage_capacity = (int)wanted;
    }
    uint8_t *fresh = reader->stage + reader->stage_end;
    int got = avio_read_partial(reader->inner, fresh, reader->stage_capacity - reader->stage_end);
    if (got == 0) got = AVERROR_EOF;
    if (got < 0) {
        reader->ended = got;
        cffmpeg_counted_reader_look(reader, fresh, 0, 1);
        return got;
    }
    if (reader->kind == CFFMPEG_READ_UNDECIDED) cffmpeg_counted_reader_look(reader, fresh, got, 0);
    long long before = reader->bytes;
    reader->bytes += got;
    reader->stage_end += got;
    if (reader->kind != CFFMPEG_READ_DOCUMENT || !reader->bounds) return got;
    int why = cffmpeg_counted_reader_scan(reader, fresh, got);
    if (why) {
        reader->stage_start = reader->stage_end = 0;
        cffmpeg_counted_reader_refuse(reader, why);
        return got;
    }
    if (reader->bytes < reader->bounds->max_bytes) return got;
    // At the bound: the document ends at its last whole line before it.
    cffmpeg_counted_reader_refuse(reader, CFFMPEG_DOCUMENT_BYTES);
    int keep = reader->stage_end - got + (int)(reader->bounds->max_bytes - before);
    while (keep > reader->stage_start && reader->stage[keep - 1] != '\n') keep--;
    reader->stage_end = keep;
    return got;
}

/// How much of the stage may be handed on now: media and an ended input all of it; a
/// document its whole lines (all of a line too long for the stage).
static int cffmpeg_counted_reader_ready(const cffmpeg_counted_reader *reader) {
    int held = reader->stage_end - reader->stage_start;
    // A held document refused at its bound: what was held is dropped.
    if (reader->refused && cffmpeg_counted_reader_holding(reader)) return 0;
    if (held == 0 || reader->kind == CFFMPEG_READ_MEDIA || reader->refused || reader->ended == AVERROR_EOF) return held;
    if (cffmpeg_counted_reader_holding(reader)) return 0;
    if (reader->kind == CFFMPEG_READ_UNDECIDED) return 0;
    for (int end = reader->stage_end; end > reader->stage_start; end--) {
        if (reader->stage[end - 1] == '\n') return end - reader->stage_start;
    }
    return held == CFFMPEG_COUNTED_STAGE ? held : 0;
}

static int cffmpeg_counted_read(void *opaque, uint8_t *buffer, int size) {
    cffmpeg_counted_reader *reader = (cffmpeg_counted_reader *)opaque;
    for (;;) {
        int ready = cffmpeg_counted_reader_ready(reader);
        if (ready > 0) {
            int count = ready < size ? ready : size;
            memcpy(buffer, reader->stage + reader->stage_start, (size_t)count);
            reader->stage_start += count;
            reader->handed += count;
            reader->handed_whole = buffer[count - 1] == '\n';
            return count;
        }
        if (reader->refused) return AVERROR(EFBIG);
        if (reader->ended) {
            // Cut short (not the end): the part of a line it left is never handed on.
            reader->stage_start = reader->stage_end;
            return reader->ended;
        }
        if (reader->kind == CFFMPEG_READ_MEDIA) {
            // Media goes straight through once the stage is empty.
            int got = avio_read_partial(reader->inner, buffer, size);
            if (got == 0) got = AVERROR_EOF;
            if (got > 0) reader->bytes += got;
            return got;
        }
        cffmpeg_counted_reader_fill(reader);
    }
}

static int64_t cffmpeg_counted_seek(void *opaque, int64_t offset, int whence) {
    cffmpeg_counted_reader *reader = (cffmpeg_counted_reader *)opaque;
    if (whence & AVSEEK_SIZE) return avio_size(reader->inner);
    int64_t result = avio_seek(reader->inner, offset, whence & ~AVSEEK_FORCE);
    if (result >= 0) {
        // What the stage held came from before the seek.
        reader->stage_start = reader->stage_end = 0;
        reader->ended = 0;
    }
    return result;
}

static int cffmpeg_counted_pause(void *opaque, int pause) {
    return avio_pause(((cffmpeg_counted_reader *)opaque)->inner, pause);
}

static int64_t cffmpeg_counted_seek_time(void *opaque, int stream_index, int64_t timestamp, int flags) {
    return avio_seek_time(((cffmpeg_counted_reader *)opaque)->inner, stream_index, timestamp, flags);
}

static void *cffmpeg_counted_child_next(void *object, void *previous) {
    return previous ? NULL : ((cffmpeg_counted_reader *)object)->inner;
}

static const AVClass cffmpeg_counted_reader_class = {
    .class_name = "inset counted reader",
    .item_name = av_default_item_name,
    .version = LIBAVUTIL_VERSION_INT,
    .child_next = cffmpeg_counted_child_next,
};

AVIOContext *cffmpeg_counted_reader_wrap(AVIOContext *inner, cffmpeg_document_bounds *bounds, int nested) {
    const int size = 32 * 1024;
    cffmpeg_counted_reader *reader = av_mallocz(sizeof(cffmpeg_counted_reader));
    uint8_t *buffer = av_malloc(size);
    uint8_t *stage = av_malloc(CFFMPEG_COUNTED_STAGE);
    if (!reader || !buffer || !stage) { av_free(reader); av_free(buffer); av_free(stage); return NULL; }
    reader->stage = stage;
    reader->stage_capacity = CFFMPEG_COUNTED_STAGE;
    // Only a bound well past what is handed on as it comes is worth holding to.
    reader->hold_after = bounds && bounds->max_bytes > 2 * CFFMPEG_COUNTED_HAND_ON ? CFFMPEG_COUNTED_HAND_ON : 0;
    reader->av_class = &cffmpeg_counted_reader_class;
    reader->inner = inner;
    reader->bounds = bounds;
    reader->nested = nested;
    AVIOContext *pb = avio_alloc_context(buffer, size, 0, reader, cffmpeg_counted_read, NULL, cffmpeg_counted_seek);
    if (!pb) { av_free(reader); av_free(buffer); av_free(stage); return NULL; }
    pb->seekable = inner->seekable;
    pb->read_pause = cffmpeg_counted_pause;
    pb->read_seek = cffmpeg_counted_seek_time;
    return pb;
}

AVIOContext *cffmpeg_counted_reader_wrap_document(AVIOContext *inner, cffmpeg_document_bounds *bounds) {
    AVIOContext *pb = cffmpeg_counted_reader_wrap(inner, bounds, 0);
    if (!pb) return NULL;
    cffmpeg_counted_reader *reader = (cffmpeg_counted_reader *)pb->opaque;
    reader->kind = CFFMPEG_READ_DOCUMENT;
    // Read whole into memory by its caller anyway: nothing to hold back from a demuxer.
    reader->hold_after = 0;
    return pb;
}

int cffmpeg_is_counted_reader(const AVIOContext *pb) {
    if (!pb || !pb->opaque) return 0;
    const AVClass *class = *(const AVClass *const *)pb->opaque;
    return class && class->class_name && strcmp(class->class_name, cffmpeg_counted_reader_class.class_name) == 0;
}

AVIOContext *cffmpeg_counted_reader_inner(AVIOContext *pb) {
    return cffmpeg_is_counted_reader(pb) ? ((cffmpeg_counted_reader *)pb->opaque)->inner : NULL;
}

void cffmpeg_io_forget_interrupt(AVIOContext *pb) {
    if (!pb) return;
    if (pb->error == AVERROR_EXIT) { pb->error = 0; pb->eof_reached = 0; }
    if (!cffmpeg_is_counted_reader(pb)) return;
    cffmpeg_counted_reader *reader = (cffmpeg_counted_reader *)pb->opaque;
    if (reader->ended == AVERROR_EXIT) reader->ended = 0;
    if (reader->inner && reader->inner->error == AVERROR_EXIT) { reader->inner->error = 0; reader->inner->eof_reached = 0; }
}

long long cffmpeg_counted_reader_bytes(const AVIOContext *pb) {
    return cffmpeg_is_counted_reader(pb) ? ((const cffmpeg_counted_reader *)pb->opaque)->bytes : 0;
}

int cffmpeg_counted_reader_kind(const AVIOContext *pb) {
    return cffmpeg_is_counted_reader(pb) ? ((const cffmpeg_counted_reader *)pb->opaque)->kind : CFFMPEG_READ_UNDECIDED;
}

void cffmpeg_counted_reader_free(AVIOContext *pb) {
    if (!pb) return;
    av_free(((cffmpeg_counted_reader *)pb->opaque)->stage);
    av_free(pb->opaque);
    av_freep(&pb->buffer);
    avio_context_free(&pb);
}
