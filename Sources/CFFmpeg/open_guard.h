#ifndef INSET_CFFMPEG_OPEN_GUARD_H
#define INSET_CFFMPEG_OPEN_GUARD_H

// What one input may make libavformat open (open_guard.c; the checks before each open,
// open_guard_check.c).
#include <libavformat/avformat.h>
#include "interrupt.h"
#include "counted_reader.h"

/// What one input may make libavformat open. A playlist names other files, which name
/// others in turn: an HLS master whose only variant is itself made the demuxer open it
/// again for ever (9.7 GB in 20 s), and a 6.8 MB master with 100k variants took 2 GB
/// before anything was read. Every open libavformat makes for a context (the input itself,
/// variant and media playlists, segments, keys) goes through AVFormatContext.io_open, so
/// this guard sits there: while the input is being opened (`counting`), it bounds the
/// number of opens, and reads a local playlist's text before the demuxer does, refusing
/// one with more variants and renditions, or more bytes, than the bounds let through. Past
/// the stop flag or the deadline no open starts, whatever the demuxer is doing.
///
/// For the whole life of the input, every context it opens for reading (the input itself
/// too, `cffmpeg_open_guard_open_input`) is read through a counted reader: a playlist or
/// manifest, local or remote, at open or at a live reload, is at most `max_document_bytes`
/// (`counted_reader.h` says why there). Remote playlists are not read ahead as local ones
/// are: that would fetch each twice.
///
/// Before any open, the URL's protocol must be on the context's whitelist: libavformat
/// checks it too, but only once the guard had already opened and read a local path that a
/// remote playlist named.
///
/// Threads: touched by the thread that owns the context; the caller reads `refused` and
/// `failed_url` once the call that opened has returned; `refused_documents` is read by any
/// thread (atomically).
typedef struct {
    int (*default_open)(struct AVFormatContext *s, AVIOContext **pb, const char *url, int flags,
                        AVDictionary **options);
    int (*default_close)(struct AVFormatContext *s, AVIOContext *pb);
    cffmpeg_interrupt *interrupt;
    int counting;
    int opens;
    int max_opens;
    int variants;
    int max_variants;
    long long playlist_bytes;
    long long max_playlist_bytes;
    /// What every document the input reads may hold, for its whole life (counted_reader.h).
    cffmpeg_document_bounds documents;
    /// HTTP headers ("Name: value\r\n" each) sent with the input's own request and with
    /// every playlist and segment on the input's host (`page_host`): the user's
    /// (`--http-header-fields`, `--user-agent`, `--referrer`) and what a page's resolver
    /// (yt-dlp) said that host wants (User-Agent, Referer, Authorization). NULL for none;
    /// owned by the Swift side.
    const char *headers;
    /// What a request to any other host sends instead: the user's headers only. A page's
    /// headers were given for its host; a segment elsewhere got its Authorization (issue 42,
    /// item 8). NULL for none.
    const char *common_headers;
    /// The host `headers` were given for (the input's); NULL when all of them are the user's.
    const char *page_host;
    /// The page's cookies as the http protocol's `cookies` option takes them (a Set-Cookie
    /// line each, with `domain=` its host): http.c sends a cookie only to a request whose host
    /// ends with its domain, also after a redirect, which a Cookie header did not. NULL for none.
    const char *cookies;
    /// The most an input that cannot seek may keep in memory to reach an MP4's index at its
    /// end (spool_reader.h), and how long past each read that brings bytes the open's
    /// deadline is moved on to meanwhile. A limit of 0 keeps nothing.
    long long spool_limit;
    long long spool_patience_ns;
    /// Why an open was refused (CFFMPEG_REFUSED_*), the first time; 0 when none was.
    int refused;
    /// The first open after the input's own that failed or was refused, and FFmpeg's code.
    int failed_error;
    char failed_url[1024];
} cffmpeg_open_guard;

enum {
    CFFMPEG_REFUSED_NONE = 0,
    CFFMPEG_REFUSED_OPENS = 1,
    CFFMPEG_REFUSED_VARIANTS = 2,
    CFFMPEG_REFUSED_PLAYLIST_BYTES = 3,
    CFFMPEG_REFUSED_STOPPED = 4,
    CFFMPEG_REFUSED_NESTED_MASTER = 5,
    CFFMPEG_REFUSED_PROTOCOL = 6,
};

/// Keeps the first open after the input's own that failed or was refused, and why
/// (`failed_url`, `failed_error`).
void cffmpeg_open_guard_note_failure(cffmpeg_open_guard *guard, const char *url, int error);
/// The checks every open gets before anything is touched: the stop flag and the deadline,
/// the whitelist, and while the input opens, the count of opens and a local playlist's
/// text. 0, or the refusal's AVERROR.
int cffmpeg_open_guard_check(cffmpeg_open_guard *guard, const char *url, int flags, const char *whitelist);
/// Puts `guard` between `context` and its opens and closes. Call before
/// avformat_open_input; the guard must outlive the context (segments are opened while it
/// plays).
void cffmpeg_open_guard_install(AVFormatContext *context, cffmpeg_open_guard *guard);
/// Opens the input itself, `url`, as avformat_open_input would (the same whitelist, and the
/// `extra` options as `key=value` pairs joined by `:`), through the guard's checks, a spool
/// when it cannot seek (an http server without Range) and a counted reader, and hands it to
/// `context` as its I/O: libavformat closes its own input with avio_close, which knows
/// nothing of either. The caller frees what it gets back in `*input` with
/// `cffmpeg_open_guard_close_input` after avformat_close_input.
int cffmpeg_open_guard_open_input(cffmpeg_open_guard *guard, AVFormatContext *context, const char *url,
                                  const char *whitelist, const char *extra, AVIOContext **input);
/// Gives `context` our reader of standard input or a growing file, `reader`, through a
/// counted reader, and for standard input (`spools`) a spool under it; the caller frees
/// them after avformat_close_input with `cffmpeg_open_guard_close_custom`, then `reader`.
/// NULL when out of memory.
AVIOContext *cffmpeg_open_guard_count_custom(cffmpeg_open_guard *guard, AVFormatContext *context,
                                             AVIOContext *reader, int spools);
/// The spool under what `cffmpeg_open_guard_open_input` or `_count_custom` made; NULL when
/// there is none.
AVIOContext *cffmpeg_open_guard_input_spool(AVIOContext *input);
/// Frees what `cffmpeg_open_guard_count_custom` made, not the reader under it (NULL is let
/// through).
void cffmpeg_open_guard_close_custom(AVIOContext *input);
/// Closes what `cffmpeg_open_guard_open_input` opened (NULL is let through).
void cffmpeg_open_guard_close_input(AVIOContext *input);
/// Documents the input's counted readers refused so far (any thread).
int cffmpeg_open_guard_refused_documents(cffmpeg_open_guard *guard);
/// avformat_open_input with a protocol whitelist and, when `extra` is not NULL, the
/// options it lists as `key=value` pairs joined by `:` (the http protocol's reconnect
/// options for a URL); options no part of libavformat takes are left unused.
int cffmpeg_open_input_whitelisted(AVFormatContext **context, const char *url, const char *whitelist,
                                   const char *extra);

#endif
