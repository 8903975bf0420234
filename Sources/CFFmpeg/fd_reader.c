// Reading a pipe (standard input) through libavformat's own pipe protocol blocks in
// read(2), where no interrupt callback is ever checked: a quit would wait for the writer.
// This reader waits with poll(2) in 50 ms steps and checks the interrupt between them.
#include "fd_reader.h"
#include <errno.h>
#include <poll.h>
#include <unistd.h>

typedef struct {
    /// NULL, and first: the open guard asks of any context under its counted reader whether
    /// it is a spool by the AVClass its opaque begins with (`cffmpeg_is_spool`).
    const AVClass *av_class;
    int fd;
    cffmpeg_interrupt *interrupt;
    /// Set for a growing file (cffmpeg_follow_avio_alloc): the reader owns and closes the
    /// descriptor, and waits this long at the end for more data before it is the end.
    int follow_ms;
    /// Set once a growing file has ended: demuxers read on past the end more than once,
    /// and each of those reads must not wait again.
    int ended;
} cffmpeg_fd_reader;

static int cffmpeg_fd_read(void *opaque, uint8_t *buffer, int size) {
    cffmpeg_fd_reader *reader = (cffmpeg_fd_reader *)opaque;
    for (;;) {
        if (cffmpeg_interrupt_check(reader->interrupt)) return AVERROR_EXIT;
        struct pollfd wanted = { reader->fd, POLLIN, 0 };
        int ready = poll(&wanted, 1, 50);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return AVERROR(errno);
        }
        if (ready == 0) continue;
        ssize_t got = read(reader->fd, buffer, (size_t)size);
        if (got < 0) {
            if (errno == EINTR || errno == EAGAIN) continue;
            return AVERROR(errno);
        }
        return got == 0 ? AVERROR_EOF : (int)got;
    }
}

AVIOContext *cffmpeg_fd_avio_alloc(int fd, cffmpeg_interrupt *interrupt) {
    const int size = 64 * 1024;
    cffmpeg_fd_reader *reader = av_malloc(sizeof(cffmpeg_fd_reader));
    uint8_t *buffer = av_malloc(size);
    if (!reader || !buffer) { av_free(reader); av_free(buffer); return NULL; }
    reader->av_class = NULL;
    reader->fd = fd;
    reader->interrupt = interrupt;
    reader->follow_ms = 0;
    reader->ended = 0;
    AVIOContext *pb = avio_alloc_context(buffer, size, 0, reader, cffmpeg_fd_read, NULL, NULL);
    if (!pb) { av_free(reader); av_free(buffer); return NULL; }
    pb->seekable = 0;
    return pb;
}

/// A file still being written (a recording, a download of a stream), read like `tail -f`:
/// at its end the reader waits in 50 ms steps, checking the interrupt, for the file to
/// grow, and only after `follow_ms` without growth is it the end.
static int cffmpeg_follow_read(void *opaque, uint8_t *buffer, int size) {
    cffmpeg_fd_reader *reader = (cffmpeg_fd_reader *)opaque;
    int waited = 0;
    for (;;) {
        if (cffmpeg_interrupt_check(reader->interrupt)) return AVERROR_EXIT;
        ssize_t got = read(reader->fd, buffer, (size_t)size);
        if (got > 0) return (int)got;
        if (got < 0 && errno != EINTR && errno != EAGAIN) return AVERROR(errno);
        if (got == 0) {
            if (reader->ended || waited >= reader->follow_ms) { reader->ended = 1; return AVERROR_EOF; }
            usleep(50 * 1000);
            waited += 50;
        }
    }
}

AVIOContext *cffmpeg_follow_avio_alloc(int fd, cffmpeg_interrupt *interrupt, int follow_ms) {
    AVIOContext *pb = cffmpeg_fd_avio_alloc(fd, interrupt);
    if (!pb) return NULL;
    ((cffmpeg_fd_reader *)pb->opaque)->follow_ms = follow_ms > 0 ? follow_ms : 1;
    pb->read_packet = cffmpeg_follow_read;
    return pb;
}

void cffmpeg_fd_avio_free(AVIOContext *pb) {
    if (!pb) return;
    cffmpeg_fd_reader *reader = (cffmpeg_fd_reader *)pb->opaque;
    if (reader && reader->follow_ms > 0) close(reader->fd);
    av_free(pb->opaque);
    av_freep(&pb->buffer);
    avio_context_free(&pb);
}
