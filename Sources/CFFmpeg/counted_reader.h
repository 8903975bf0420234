#ifndef INSET_CFFMPEG_COUNTED_READER_H
#define INSET_CFFMPEG_COUNTED_READER_H

// Included by open_guard.h.
#include <limits.h>
#include <string.h>

/// What an input's documents may hold, shared by all the counted readers of one input:
/// each document at most `max_bytes`, and all of them together at most `max_names`
/// variants, renditions and representations (each costs the demuxer a playlist or a
/// stream of its own, about 10 kB in libavformat's hls demuxer before anything is read).
/// Only the input itself may name variants: a playlist it names that does so again is how
/// a playlist names itself for ever. `refusals` counts documents refused (any thread reads
/// it atomically); `why` keeps the first reason (CFFMPEG_DOCUMENT_*).
typedef struct {
    long long max_bytes;
    int max_names;
    int names;
    int refusals;
    int why;
    /// While the input opens, a refusal ends the opening at once: the hls demuxer would go
    /// on reading segments and reloading a live playlist until the open deadline. NULL once
    /// open, when what was read plays on.
    cffmpeg_interrupt *stops;
} cffmpeg_document_bounds;

enum {
    CFFMPEG_DOCUMENT_BYTES = 1,
    CFFMPEG_DOCUMENT_NAMES = 2,
    CFFMPEG_DOCUMENT_NESTED_MASTER = 3,
};

/// A reader between libavformat and one AVIOContext it opened, counting the bytes read
/// through it (after the http protocol has undone any Content-Encoding, so a gzip bomb is
/// counted as what it becomes). The first bytes say what is being read: a document (an HLS
/// playlist, a DASH manifest or any XML, a text subtitle file) or media. A document is
/// held to its input's `cffmpeg_document_bounds`: past them, reads fail with AVERROR(EFBIG)
/// and the refusal is counted. Media is not bounded here: the demuxer's own byte and
/// duration bounds keep what it holds of a segment.
///
/// Why at this depth: the hls demuxer reads a playlist line by line until its end and keeps
/// a segment for every line (a variant for every variant line), on every reload of a live
/// playlist, for as long as the input plays; a server that never ended the answer grew the
/// player by 75 MB/s. Every open the demuxer makes goes through the open guard (`io_open`),
/// which puts this reader on it.
///
/// A playlist is read a whole line at a time: a line is handed on only once its end has
/// come (or the document's), so a read cut short by a network error, the interrupt or the
/// bound leaves the demuxer whole lines. libavformat's hls demuxer took the part of a line
/// it was given as a segment's name, refused its extension and ended the stream.
///
/// Past its first `hold_after` bytes (CFFMPEG_COUNTED_HAND_ON) a document is held until its
/// end: whole, it is handed on then; refused at the bound, what was held is dropped, so a
/// refused document leaves the demuxer at most its first 256 KiB. Handed on as it came, a
/// live playlist whose reloads never end left the hls demuxer 4 MiB of segment lines at
/// every reload, some 170,000 segments, rebuilt every two seconds: 150 MB resident where the
/// same stream played normally takes 87 MB (issue 42, item 19).
///
/// Everything else is the inner context's: seeking, its size, pausing and seeking by time,
/// and its options: the reader's AVClass names the inner context as its only child, so
/// `av_opt_get(pb, "location", AV_OPT_SEARCH_CHILDREN)` (how the demuxers learn where a
/// redirect went, and the cookies and headers to send next) still finds the http protocol's.
///
/// Threads: used by the thread that owns the format context.
typedef struct {
    /// First, as libavutil's option search expects of any object it walks.
    const AVClass *av_class;
    AVIOContext *inner;
    cffmpeg_document_bounds *bounds;
    /// Whether the input named this one (a variant, a segment), rather than being it.
    int nested;
    long long bytes;
    int kind;
    int refused;
    /// Leading blanks skipped before the first byte that decides.
    int blanks;
    unsigned char head[16];
    int head_length;
    /// The document's lines as they stream past: the first bytes of the current one, and
    /// how far `<Representation` is matched.
    unsigned char line[20];
    int line_length;
    int tag_matched;
    /// A document's bytes handed on so far, and from how many on it is held to its end
    /// (0: never held).
    long long handed;
    long long hold_after;
    /// Whether what was handed on so far ends a line: holding starts only there, since a
    /// read may take part of the lines that are ready, and a refusal drops what is held.
    int handed_whole;
    /// The stage's size: CFFMPEG_COUNTED_STAGE, grown while a document is held.
    int stage_capacity;
    /// Bytes read from the inner context and not yet handed on: [stage_start, stage_end).
    uint8_t *stage;
    int stage_start;
    int stage_end;
    /// How the inner context ended (AVERROR_EOF or its error), once it has; else 0.
    int ended;
} cffmpeg_counted_reader;

/// The stage holds a line of a document while its end is awaited: longer lines than this
/// are handed on as they are (the hls demuxer reads 4 kB of a line at most).
#define CFFMPEG_COUNTED_STAGE (64 * 1024)
/// What a document bounded at more than twice this hands on as it comes (see above): a
/// live playlist of 10,000 segments, five and a half hours of 2 s ones.
#define CFFMPEG_COUNTED_HAND_ON (256 * 1024)

enum {
    CFFMPEG_READ_UNDECIDED = 0,
    CFFMPEG_READ_DOCUMENT = 1,
    CFFMPEG_READ_MEDIA = 2,
};

/// Whether the reader holds what it reads until the document's end.
static inline int cffmpeg_counted_reader_holding(const cffmpeg_counted_reader *reader) {
    return reader->kind == CFFMPEG_READ_DOCUMENT && reader->hold_after > 0 && reader->handed >= reader->hold_after
        && reader->handed_whole;
}

/// What the first bytes of an input are: a document, media, or undecided (more bytes are
/// needed; `at_end` decides with what there is). A UTF-8 byte order mark and leading blanks
/// are skipped; more than 64 blanks are a document (no media format starts so). Documents
/// are `#EXTM3U` (HLS), `<` (a DASH manifest, any XML or HTML), `WEBVTT` and `[Script Info]`
/// (text subtitles, which their demuxers read whole).
static inline int cffmpeg_classify_head(const unsigned char *head, int length, int blanks, int at_end) {
    if (blanks > 64) return CFFMPEG_READ_DOCUMENT;
    static const char *const documents[] = { "#EXTM3U", "<", "WEBVTT", "[Script Info]" };
    int undecided = 0;
    for (size_t i = 0; i < sizeof documents / sizeof documents[0]; i++) {
        size_t want = strlen(documents[i]);
        size_t have = (size_t)length < want ? (size_t)length : want;
        if (memcmp(head, documents[i], have) != 0) continue;
        if (have == want) return CFFMPEG_READ_DOCUMENT;
        undecided = 1;
    }
    if (length == 0 || (undecided && !at_end)) return at_end ? CFFMPEG_READ_MEDIA : CFFMPEG_READ_UNDECIDED;
    return CFFMPEG_READ_MEDIA;
}

/// Feeds the first bytes read into the reader's decision.
static inline void cffmpeg_counted_reader_look(cffmpeg_counted_reader *reader, const unsigned char *bytes, int count,
                                               int at_end) {
    for (int i = 0; i < count && reader->kind == CFFMPEG_READ_UNDECIDED; i++) {
        unsigned char c = bytes[i];
        if (reader->head_length == 0) {
            // A byte order mark (EF BB BF) is skipped as blanks are, a byte at a time.
            int in_mark = (reader->blanks < 3 && c == "\xEF\xBB\xBF"[reader->blanks] && reader->blanks == (int)(reader->bytes + i));
            if (c == ' ' || c == '\t' || c == '\r' || c == '\n' || in_mark) {
                reader->blanks++;
                if (reader->blanks > 64) reader->kind = CFFMPEG_READ_DOCUMENT;
                continue;
            }
        }
        if (reader->head_length < (int)sizeof reader->head) reader->head[reader->head_length++] = c;
        reader->kind = cffmpeg_classify_head(reader->head, reader->head_length, reader->blanks, 0);
    }
    if (reader->kind == CFFMPEG_READ_UNDECIDED && at_end)
        reader->kind = cffmpeg_classify_head(reader->head, reader->head_length, reader->blanks, 1);
}

/// Counts what the document's bytes name: HLS variant and rendition lines, DASH
/// representations. Returns the reason to refuse it, or 0.
static inline int cffmpeg_counted_reader_scan(cffmpeg_counted_reader *reader, const unsigned char *bytes, int count) {
    static const char tag[] = "<Representation";
    const int tag_length = (int)sizeof tag - 1;
    cffmpeg_document_bounds *bounds = reader->bounds;
    for (int i = 0; i < count; i++) {
        unsigned char c = bytes[i];
        int named = 0;
        if (c == (unsigned char)tag[reader->tag_matched]) {
            if (++reader->tag_matched == tag_length) { named = 1; reader->tag_matched = 0; }
        } else {
            reader->tag_matched = c == '<' ? 1 : 0;
        }
        if (c == '\n' || c == '\r') {
            reader->line_length = 0;
        } else if (reader->line_length >= 0 && reader->line_length < (int)sizeof reader->line) {
            reader->line[reader->line_length++] = c;
            if (reader->line_length == 18 && memcmp(reader->line, "#EXT-X-STREAM-INF:", 18) == 0) named = 1;
            if (reader->line_length == 13 && memcmp(reader->line, "#EXT-X-MEDIA:", 13) == 0) named = 1;
        } else {
            reader->line_length = -1;  // past the part that tells; until the next line
        }
        if (!named) continue;
        if (reader->nested) return CFFMPEG_DOCUMENT_NESTED_MASTER;
        if (++bounds->names > bounds->max_names) return CFFMPEG_DOCUMENT_NAMES;
    }
    return 0;
}

/// Refuses the document from now on, counting the refusal once.
static inline void cffmpeg_counted_reader_refuse(cffmpeg_counted_reader *reader, int why) {
    reader->refused = why;
    if (!reader->bounds->why) reader->bounds->why = why;
    __atomic_add_fetch(&reader->bounds->refusals, 1, __ATOMIC_RELEASE);
    cffmpeg_interrupt *stops = __atomic_load_n(&reader->bounds->stops, __ATOMIC_ACQUIRE);
    if (stops) cffmpeg_interrupt_set_stop(stops);
}

/// Reads what the inner context has next onto the stage, deciding what the input is and
/// holding a document to its bounds. Returns the bytes added, or how the inner context
/// ended (then also kept in `ended`).
static inline int cffmpeg_counted_reader_fill(cffmpeg_counted_reader *reader) {
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
static inline int cffmpeg_counted_reader_ready(const cffmpeg_counted_reader *reader) {
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

/// `inner` read through a new counted reader, its documents held to `bounds` (NULL: none);
/// `nested` when the input named it. NULL when out of memory (`inner` is then still the
/// caller's).
static inline AVIOContext *cffmpeg_counted_reader_wrap(AVIOContext *inner, cffmpeg_document_bounds *bounds, int nested) {
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

/// `inner` read through a new counted reader that holds it to `bounds` as a document
/// whatever its first bytes are: a subtitle file (SubRip starts with a number, and
/// /dev/zero with nothing a document starts with) is text a demuxer reads whole, so all
/// of it is bounded, not only what looks like a playlist. NULL when out of memory.
static inline AVIOContext *cffmpeg_counted_reader_wrap_document(AVIOContext *inner, cffmpeg_document_bounds *bounds) {
    AVIOContext *pb = cffmpeg_counted_reader_wrap(inner, bounds, 0);
    if (!pb) return NULL;
    cffmpeg_counted_reader *reader = (cffmpeg_counted_reader *)pb->opaque;
    reader->kind = CFFMPEG_READ_DOCUMENT;
    // Read whole into memory by its caller anyway: nothing to hold back from a demuxer.
    reader->hold_after = 0;
    return pb;
}

/// Whether `pb` is a counted reader's: by its class's name, not by the address of its read
/// function. Each Swift file that calls into these headers gets its own copy of their static
/// functions (a whole-module build emits an object a file), so a reader made from one file
/// did not compare equal from another. Only for contexts libavformat or the guard opened,
/// whose opaque begins with an AVClass (a URLContext, or the reader).
static inline int cffmpeg_is_counted_reader(const AVIOContext *pb) {
    if (!pb || !pb->opaque) return 0;
    const AVClass *class = *(const AVClass *const *)pb->opaque;
    return class && class->class_name && strcmp(class->class_name, cffmpeg_counted_reader_class.class_name) == 0;
}

/// The context a counted reader reads.
static inline AVIOContext *cffmpeg_counted_reader_inner(AVIOContext *pb) {
    return cffmpeg_is_counted_reader(pb) ? ((cffmpeg_counted_reader *)pb->opaque)->inner : NULL;
}

/// Forgets a read the interrupt cut short in the input's context `pb` and in the context
/// its counted reader reads: avio keeps an error (AVERROR_EXIT here) through a seek, and
/// the first read after the seek that woke the interrupt would fail with it.
static inline void cffmpeg_io_forget_interrupt(AVIOContext *pb) {
    if (!pb) return;
    if (pb->error == AVERROR_EXIT) { pb->error = 0; pb->eof_reached = 0; }
    if (!cffmpeg_is_counted_reader(pb)) return;
    cffmpeg_counted_reader *reader = (cffmpeg_counted_reader *)pb->opaque;
    if (reader->ended == AVERROR_EXIT) reader->ended = 0;
    if (reader->inner && reader->inner->error == AVERROR_EXIT) { reader->inner->error = 0; reader->inner->eof_reached = 0; }
}

/// Bytes read through a counted reader so far, and what it found it reads.
static inline long long cffmpeg_counted_reader_bytes(const AVIOContext *pb) {
    return cffmpeg_is_counted_reader(pb) ? ((const cffmpeg_counted_reader *)pb->opaque)->bytes : 0;
}
static inline int cffmpeg_counted_reader_kind(const AVIOContext *pb) {
    return cffmpeg_is_counted_reader(pb) ? ((const cffmpeg_counted_reader *)pb->opaque)->kind : CFFMPEG_READ_UNDECIDED;
}

/// Frees the reader itself (not its inner context, which the caller closes as it was
/// opened); NULL is let through.
static inline void cffmpeg_counted_reader_free(AVIOContext *pb) {
    if (!pb) return;
    av_free(((cffmpeg_counted_reader *)pb->opaque)->stage);
    av_free(pb->opaque);
    av_freep(&pb->buffer);
    avio_context_free(&pb);
}

#endif
