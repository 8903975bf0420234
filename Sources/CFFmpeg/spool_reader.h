#ifndef INSET_CFFMPEG_SPOOL_READER_H
#define INSET_CFFMPEG_SPOOL_READER_H

// A seekable spool over an input that cannot seek (spool_reader.c).
#include <stdint.h>
#include <libavformat/avio.h>
#include "interrupt.h"

/// A seekable spool over an input that cannot seek: standard input, or an http server that
/// answers without Range (libavformat's http says it cannot seek when the answer has
/// neither Accept-Ranges nor Content-Range). An MP4 or QuickTime file written without "fast
/// start" has its index (moov) after its media data (mdat): the mov demuxer reads past the
/// media to the index, then must go back to play it, which such an input cannot do, and
/// the open ended in "no picture could be decoded" (ffmpeg and mpv stop there too). So the
/// spool keeps every byte read in memory, serves a seek back from there, and reads on
/// (keeping) as far as a seek forward asks; it tells the demuxer it can seek.
///
/// Only such a file is kept. When the spool is made it walks the input's top-level boxes
/// (reading, and keeping, their headers and the small boxes before the media: `ftyp`,
/// `free`): an `mdat` before any `moov` makes it keep everything (CFFMPEG_SPOOL_KEEPING).
/// A `moov` first (a fast-start or fragmented MP4), or anything that is not an MP4
/// (Matroska, MPEG-TS, a playlist), leaves it a pass-through: it hands on the bytes the walk
/// read, lets go of them, and reads the input directly, not seekable, as before. Such input
/// starts at once and plays in bounded memory however long it is.
///
/// Keeping is bounded (`limit`): a read or seek that needs a byte past it fails with
/// AVERROR(EFBIG) and sets `over`, for good, so the caller can say why in one line. Each
/// read that brings bytes while the open's deadline is set moves the deadline on to at
/// least `patience_ns` from then: a slow link that is still sending is not a stream that
/// never answers, and reading hundreds of MB to the index takes time.
///
/// Threads: used by the thread that owns the format context; freed after it is closed.
typedef struct {
    /// First, as in every context the guard looks under (`cffmpeg_is_spool` reads it).
    const AVClass *av_class;
    AVIOContext *inner;
    /// The kept bytes, [0, kept), in chunks of CFFMPEG_SPOOL_CHUNK: growing copies nothing.
    uint8_t **chunks;
    int chunk_count;
    int chunk_capacity;
    /// Bytes read from the input so far: the input's own position.
    int64_t kept;
    /// Where the next read starts; past `kept` after a seek forward not yet read.
    int64_t position;
    int64_t limit;
    int keeping;
    int over;
    /// Set once the input has ended (AVERROR_EOF): then its size is `kept`. Errors are not
    /// kept: a wake of the interrupt (a seek wants the thread back) is not the end.
    int ended;
    cffmpeg_interrupt *interrupt;
    long long patience_ns;
} cffmpeg_spool;

#define CFFMPEG_SPOOL_CHUNK (256 * 1024)

enum {
    CFFMPEG_SPOOL_PASSING = 0,
    CFFMPEG_SPOOL_KEEPING = 1,
};

/// `inner` read through a new spool that keeps at most `limit` bytes, its walk done (it
/// has read the input's first bytes). `interrupt` (may be NULL) has its deadline moved on
/// by `patience_ns` for each read that brings bytes. NULL when out of memory (`inner` is
/// then still the caller's).
AVIOContext *cffmpeg_spool_wrap(AVIOContext *inner, int64_t limit, cffmpeg_interrupt *interrupt, long long patience_ns);
/// Whether `pb` is a spool's: by its class's name. It compared `pb->read_packet` with
/// `cffmpeg_spool_read` when these functions lived in a header, where each Swift file that
/// called them had its own copy: a spool made in MediaSource.swift was no spool to
/// OpenGuard.swift, which then closed it with avio_close as if libavformat had opened it
/// (a SIGSEGV in a debug build as a second URL opened and the first was let go; issue 42).
/// Compiled once now (spool_reader.c); the name stays the rule, as for the counted reader.
/// Only for contexts whose opaque begins with an AVClass pointer or NULL: a URLContext, a
/// counted reader, a spool, our descriptor reader (`cffmpeg_fd_reader`).
int cffmpeg_is_spool(const AVIOContext *pb);
/// The context a spool reads; NULL when `pb` is no spool.
AVIOContext *cffmpeg_spool_inner(AVIOContext *pb);
/// Whether a spool keeps what it reads (the index comes after the media), the bytes it
/// holds now, and whether a read or seek needed more than its bound; 0 for no spool.
int cffmpeg_spool_keeping(const AVIOContext *pb);
long long cffmpeg_spool_kept(const AVIOContext *pb);
int cffmpeg_spool_over(const AVIOContext *pb);
/// Frees the spool and what it kept (not its inner context, which the caller closes as it
/// was opened); NULL is let through.
void cffmpeg_spool_free(AVIOContext *pb);

#endif
