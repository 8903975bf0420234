#include "spool_reader.h"
#include <stdio.h>
#include <string.h>
#include <libavutil/mem.h>

#define CFFMPEG_FOURCC(a, b, c, d) ((uint32_t)(a) << 24 | (uint32_t)(b) << 16 | (uint32_t)(c) << 8 | (uint32_t)(d))

/// Reads what the input has next onto the end of what is kept (at most to `limit`): the
/// bytes added, or how the input ended. At the limit one byte more is asked of the input,
/// so that an input of exactly `limit` bytes still finds its end.
static int cffmpeg_spool_fill_step(cffmpeg_spool *spool) {
    if (spool->ended) return AVERROR_EOF;
    if (spool->kept >= spool->limit) {
        uint8_t probe;
        int got = avio_read_partial(spool->inner, &probe, 1);
        if (got == 0 || got == AVERROR_EOF) { spool->ended = 1; return AVERROR_EOF; }
        if (got < 0) return got;
        spool->over = 1;
        return AVERROR(EFBIG);
    }
    int offset = (int)(spool->kept % CFFMPEG_SPOOL_CHUNK);
    if (offset == 0 && spool->chunk_count == (int)(spool->kept / CFFMPEG_SPOOL_CHUNK)) {
        if (spool->chunk_count == spool->chunk_capacity) {
            int capacity = spool->chunk_capacity ? spool->chunk_capacity * 2 : 16;
            uint8_t **grown = av_realloc_array(spool->chunks, (size_t)capacity, sizeof(uint8_t *));
            if (!grown) return AVERROR(ENOMEM);
            spool->chunks = grown;
            spool->chunk_capacity = capacity;
        }
        uint8_t *chunk = av_malloc(CFFMPEG_SPOOL_CHUNK);
        if (!chunk) return AVERROR(ENOMEM);
        spool->chunks[spool->chunk_count++] = chunk;
    }
    int room = CFFMPEG_SPOOL_CHUNK - offset;
    if (spool->limit - spool->kept < room) room = (int)(spool->limit - spool->kept);
    int got = avio_read_partial(spool->inner, spool->chunks[spool->chunk_count - 1] + offset, room);
    if (got == 0 || got == AVERROR_EOF) { spool->ended = 1; return AVERROR_EOF; }
    if (got < 0) return got;
    spool->kept += got;
    if (spool->interrupt && spool->patience_ns) cffmpeg_interrupt_extend_deadline(spool->interrupt, spool->patience_ns);
    return got;
}

/// Reads on until `end` bytes are kept: 0, or why not (the input ended, the limit).
static int cffmpeg_spool_fill(cffmpeg_spool *spool, int64_t end) {
    while (spool->kept < end) {
        int got = cffmpeg_spool_fill_step(spool);
        if (got < 0) return got;
    }
    return 0;
}

static uint32_t cffmpeg_spool_be32(const cffmpeg_spool *spool, int64_t at) {
    uint32_t value = 0;
    for (int i = 0; i < 4; i++, at++)
        value = value << 8 | spool->chunks[at / CFFMPEG_SPOOL_CHUNK][at % CFFMPEG_SPOOL_CHUNK];
    return value;
}

/// Whether `type` could be a box's four-character code: printable ASCII, as every
/// registered one is.
static int cffmpeg_spool_is_box_type(uint32_t type) {
    for (int i = 0; i < 4; i++, type >>= 8) {
        unsigned char c = type & 0xff;
        if (c < 0x20 || c > 0x7e) return 0;
    }
    return 1;
}

/// Walks the top-level boxes from the start and says whether the media data comes before
/// the index (CFFMPEG_SPOOL_KEEPING) or not. The first box must be one an MP4 or QuickTime
/// file starts with (`ftyp`; `wide`, `free`, `skip` or `mdat` in an old QuickTime file); at
/// most 64 boxes before the media are walked.
static int cffmpeg_spool_walk(cffmpeg_spool *spool) {
    int64_t at = 0;
    for (int box = 0; box < 64; box++) {
        cffmpeg_spool_fill(spool, at + 16);
        if (spool->kept < at + 8) return CFFMPEG_SPOOL_PASSING;
        uint64_t size = cffmpeg_spool_be32(spool, at);
        uint32_t type = cffmpeg_spool_be32(spool, at + 4);
        uint64_t header = 8;
        if (size == 1) {
            if (spool->kept < at + 16) return CFFMPEG_SPOOL_PASSING;
            size = (uint64_t)cffmpeg_spool_be32(spool, at + 8) << 32 | cffmpeg_spool_be32(spool, at + 12);
            header = 16;
        }
        // Size 0 is a box to the end of the input: no index can follow it.
        if (!cffmpeg_spool_is_box_type(type) || size < header || size > (uint64_t)(INT64_MAX - at))
            return CFFMPEG_SPOOL_PASSING;
        if (box == 0 && type != CFFMPEG_FOURCC('f', 't', 'y', 'p') && type != CFFMPEG_FOURCC('w', 'i', 'd', 'e')
            && type != CFFMPEG_FOURCC('f', 'r', 'e', 'e') && type != CFFMPEG_FOURCC('s', 'k', 'i', 'p')
            && type != CFFMPEG_FOURCC('m', 'd', 'a', 't'))
            return CFFMPEG_SPOOL_PASSING;
        if (type == CFFMPEG_FOURCC('m', 'o', 'o', 'v')) return CFFMPEG_SPOOL_PASSING;
        if (type == CFFMPEG_FOURCC('m', 'd', 'a', 't')) return CFFMPEG_SPOOL_KEEPING;
        at += (int64_t)size;
    }
    return CFFMPEG_SPOOL_PASSING;
}

/// Lets go of the kept bytes (a pass-through, once it has handed them on).
static void cffmpeg_spool_release(cffmpeg_spool *spool) {
    for (int i = 0; i < spool->chunk_count; i++) av_free(spool->chunks[i]);
    av_freep(&spool->chunks);
    spool->chunk_count = spool->chunk_capacity = 0;
}

static int cffmpeg_spool_read(void *opaque, uint8_t *buffer, int size) {
    cffmpeg_spool *spool = (cffmpeg_spool *)opaque;
    if (spool->over) return AVERROR(EFBIG);
    if (!spool->keeping && spool->position >= spool->kept) {
        // A pass-through past the bytes its walk read: the input itself, as it comes.
        if (spool->chunks) cffmpeg_spool_release(spool);
        int got = avio_read_partial(spool->inner, buffer, size);
        if (got == 0) got = AVERROR_EOF;
        if (got > 0) spool->position = spool->kept += got;
        return got;
    }
    if (spool->position >= spool->kept) {
        int failed = cffmpeg_spool_fill(spool, spool->position + 1);
        if (failed < 0) return failed;
    }
    int64_t at = spool->position;
    int offset = (int)(at % CFFMPEG_SPOOL_CHUNK);
    int count = size;
    if (count > CFFMPEG_SPOOL_CHUNK - offset) count = CFFMPEG_SPOOL_CHUNK - offset;
    if (count > spool->kept - at) count = (int)(spool->kept - at);
    memcpy(buffer, spool->chunks[at / CFFMPEG_SPOOL_CHUNK] + offset, (size_t)count);
    spool->position += count;
    return count;
}

static int64_t cffmpeg_spool_seek(void *opaque, int64_t offset, int whence) {
    cffmpeg_spool *spool = (cffmpeg_spool *)opaque;
    if (!spool->keeping && !spool->chunks) {
        // A pass-through that has handed on its first bytes is the input's own.
        int64_t result = avio_seek(spool->inner, offset, whence);
        if (result >= 0 && !(whence & AVSEEK_SIZE)) spool->position = spool->kept = result;
        return result;
    }
    // The size: known once the input ended, else the input's own word (an http answer's
    // Content-Length), which a pipe does not have.
    if (whence & AVSEEK_SIZE) return spool->ended ? spool->kept : avio_size(spool->inner);
    int64_t target;
    switch (whence & ~AVSEEK_FORCE) {
    case SEEK_SET: target = offset; break;
    case SEEK_CUR: target = spool->position + offset; break;
    case SEEK_END:
        if (!spool->ended) return AVERROR(ENOSYS);
        target = spool->kept + offset;
        break;
    default: return AVERROR(EINVAL);
    }
    if (target < 0) return AVERROR(EINVAL);
    if (!spool->keeping) {
        // Within the first bytes, before they are handed on; past them only by reading.
        if (target > spool->kept) return AVERROR(ESPIPE);
    } else if (target > spool->limit) {
        spool->over = 1;
        return AVERROR(EFBIG);
    }
    // Forward past what is kept: read (and kept) by the next read.
    spool->position = target;
    return target;
}

/// What names a spool's state: `cffmpeg_is_spool` compares its name, not its address (nor
/// that of `cffmpeg_spool_read`), for the reason `cffmpeg_is_counted_reader` gives.
static const AVClass cffmpeg_spool_class = {
    .class_name = "inset spool",
    .item_name = av_default_item_name,
    .version = LIBAVUTIL_VERSION_INT,
};

AVIOContext *cffmpeg_spool_wrap(AVIOContext *inner, int64_t limit, cffmpeg_interrupt *interrupt,
                                long long patience_ns) {
    const int size = 32 * 1024;
    cffmpeg_spool *spool = av_mallocz(sizeof(cffmpeg_spool));
    uint8_t *buffer = av_malloc(size);
    if (!spool || !buffer) { av_free(spool); av_free(buffer); return NULL; }
    spool->av_class = &cffmpeg_spool_class;
    spool->inner = inner;
    spool->limit = limit > 0 ? limit : 1;
    spool->interrupt = interrupt;
    spool->patience_ns = patience_ns;
    spool->keeping = cffmpeg_spool_walk(spool);
    // Boxes before the media larger than the bound: not kept, so not past it.
    if (!spool->keeping) spool->over = 0;
    AVIOContext *pb = avio_alloc_context(buffer, size, 0, spool, cffmpeg_spool_read, NULL, cffmpeg_spool_seek);
    if (!pb) { cffmpeg_spool_release(spool); av_free(spool); av_free(buffer); return NULL; }
    pb->seekable = spool->keeping ? AVIO_SEEKABLE_NORMAL : inner->seekable;
    return pb;
}

int cffmpeg_is_spool(const AVIOContext *pb) {
    if (!pb || !pb->opaque) return 0;
    const AVClass *class = *(const AVClass *const *)pb->opaque;
    return class && class->class_name && strcmp(class->class_name, cffmpeg_spool_class.class_name) == 0;
}

AVIOContext *cffmpeg_spool_inner(AVIOContext *pb) {
    return cffmpeg_is_spool(pb) ? ((cffmpeg_spool *)pb->opaque)->inner : NULL;
}

int cffmpeg_spool_keeping(const AVIOContext *pb) {
    return cffmpeg_is_spool(pb) && ((const cffmpeg_spool *)pb->opaque)->keeping;
}

long long cffmpeg_spool_kept(const AVIOContext *pb) {
    return cffmpeg_is_spool(pb) && ((const cffmpeg_spool *)pb->opaque)->chunks ? ((const cffmpeg_spool *)pb->opaque)->kept : 0;
}

int cffmpeg_spool_over(const AVIOContext *pb) {
    return cffmpeg_is_spool(pb) && ((const cffmpeg_spool *)pb->opaque)->over;
}

void cffmpeg_spool_free(AVIOContext *pb) {
    if (!pb) return;
    cffmpeg_spool_release((cffmpeg_spool *)pb->opaque);
    av_free(pb->opaque);
    av_freep(&pb->buffer);
    avio_context_free(&pb);
}
