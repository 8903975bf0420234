#ifndef INSET_CFFMPEG_FD_READER_H
#define INSET_CFFMPEG_FD_READER_H

// Standard input and growing files read so that a quit never waits for a writer (fd_reader.c).
#include "interrupt.h"
#include <libavformat/avio.h>

/// An AVIOContext reading the pipe `fd` (standard input), waiting in poll(2) and checking
/// `interrupt` between waits; NULL when out of memory.
AVIOContext *cffmpeg_fd_avio_alloc(int fd, cffmpeg_interrupt *interrupt);
/// An AVIOContext following the growing file open on `fd` (which it closes when freed),
/// waiting at its end `follow_ms` for more before it is the end; NULL when out of memory.
AVIOContext *cffmpeg_follow_avio_alloc(int fd, cffmpeg_interrupt *interrupt, int follow_ms);
/// Frees what cffmpeg_fd_avio_alloc or cffmpeg_follow_avio_alloc made (libavformat does not
/// free custom I/O).
void cffmpeg_fd_avio_free(AVIOContext *pb);

#endif
