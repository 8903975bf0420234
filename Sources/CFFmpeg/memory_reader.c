#include "memory_reader.h"
#include <stdio.h>
#include <string.h>
#include <libavutil/error.h>
#include <libavutil/mem.h>

static int cffmpeg_memory_read(void *opaque, uint8_t *buffer, int size) {
    cffmpeg_memory_reader *reader = (cffmpeg_memory_reader *)opaque;
    int64_t left = reader->size - reader->position;
    if (left <= 0) return AVERROR_EOF;
    int count = left < size ? (int)left : size;
    memcpy(buffer, reader->data + reader->position, (size_t)count);
    reader->position += count;
    return count;
}

static int64_t cffmpeg_memory_seek(void *opaque, int64_t offset, int whence) {
    cffmpeg_memory_reader *reader = (cffmpeg_memory_reader *)opaque;
    whence &= ~AVSEEK_FORCE;
    if (whence == AVSEEK_SIZE) return reader->size;
    int64_t target = whence == SEEK_CUR ? reader->position + offset : whence == SEEK_END ? reader->size + offset : offset;
    if (whence != SEEK_SET && whence != SEEK_CUR && whence != SEEK_END) return AVERROR(EINVAL);
    if (target < 0 || target > reader->size) return AVERROR(EINVAL);
    reader->position = target;
    return target;
}

AVIOContext *cffmpeg_memory_avio_alloc(const uint8_t *data, int64_t size) {
    const int buffer_size = 32 * 1024;
    cffmpeg_memory_reader *reader = av_mallocz(sizeof(cffmpeg_memory_reader));
    uint8_t *copy = av_malloc(size > 0 ? (size_t)size : 1);
    uint8_t *buffer = av_malloc(buffer_size);
    if (!reader || !copy || !buffer) { av_free(reader); av_free(copy); av_free(buffer); return NULL; }
    if (size > 0) memcpy(copy, data, (size_t)size);
    reader->data = copy;
    reader->size = size;
    AVIOContext *pb = avio_alloc_context(buffer, buffer_size, 0, reader, cffmpeg_memory_read, NULL, cffmpeg_memory_seek);
    if (!pb) { av_free(reader); av_free(copy); av_free(buffer); return NULL; }
    return pb;
}

void cffmpeg_memory_avio_free(AVIOContext *pb) {
    if (!pb) return;
    cffmpeg_memory_reader *reader = (cffmpeg_memory_reader *)pb->opaque;
    av_free(reader->data);
    av_free(reader);
    av_freep(&pb->buffer);
    avio_context_free(&pb);
}
