#ifndef INSET_CFFMPEG_OPEN_GUARD_H
#define INSET_CFFMPEG_OPEN_GUARD_H

// Included by shim.h after the interrupt's definitions.
#include <fcntl.h>
#include <string.h>
#include <libavutil/avstring.h>
#include "counted_reader.h"
#include "spool_reader.h"

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

static inline void cffmpeg_open_guard_note_failure(cffmpeg_open_guard *guard, const char *url, int error) {
    if (guard->opens <= 1 || guard->failed_url[0]) return;
    size_t length = strlen(url);
    if (length >= sizeof guard->failed_url) length = sizeof guard->failed_url - 1;
    memcpy(guard->failed_url, url, length);
    guard->failed_url[length] = 0;
    guard->failed_error = error;
}

static inline int cffmpeg_open_guard_refuse(cffmpeg_open_guard *guard, const char *url, int why) {
    if (!guard->refused) guard->refused = why;
    cffmpeg_open_guard_note_failure(guard, url, AVERROR(EPERM));
    return AVERROR(EPERM);
}

/// Counts the variants and renditions of the local playlist at `path`, and its bytes, into
/// the guard; returns the reason to refuse it, or 0. A file that is not a playlist (no
/// #EXTM3U at its start) costs one short read. A playlist the input names (`nested`) must
/// be a media playlist, as HLS has it: a master there is how a playlist names itself for
/// ever, and libavformat 59's hls demuxer dereferences NULL when a rendition is a master.
static inline int cffmpeg_open_guard_screen_local(cffmpeg_open_guard *guard, const char *path, int nested) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;  // the real open reports why
    char buffer[64 * 1024];
    ssize_t got = read(fd, buffer, sizeof buffer);
    const char *start = buffer;
    if (got >= 3 && memcmp(buffer, "\xEF\xBB\xBF", 3) == 0) start += 3;
    if (got < 7 || (got - (start - buffer)) < 7 || memcmp(start, "#EXTM3U", 7) != 0) { close(fd); return 0; }
    int why = 0;
    int variants_before = guard->variants;
    // A line's first bytes are all that is needed: whether it starts a variant or rendition.
    char head[32];
    size_t head_length = 0;
    int at_line_start = 1;
    while (got > 0 && !why) {
        guard->playlist_bytes += got;
        if (guard->playlist_bytes > guard->max_playlist_bytes) { why = CFFMPEG_REFUSED_PLAYLIST_BYTES; break; }
        for (ssize_t i = 0; i < got; i++) {
            char c = buffer[i];
            if (c == '\n' || c == '\r') { at_line_start = 1; head_length = 0; continue; }
            if (!at_line_start) continue;
            head[head_length++] = c;
            if (head_length == 18 || head_length == sizeof head) {
                if (memcmp(head, "#EXT-X-STREAM-INF:", 18) == 0) guard->variants++;
                at_line_start = 0;
            } else if (head_length == 13 && memcmp(head, "#EXT-X-MEDIA:", 13) == 0) {
                guard->variants++;
                at_line_start = 0;
            }
            if (nested && guard->variants > variants_before) { why = CFFMPEG_REFUSED_NESTED_MASTER; break; }
            if (guard->variants > guard->max_variants) { why = CFFMPEG_REFUSED_VARIANTS; break; }
        }
        if (!why) got = read(fd, buffer, sizeof buffer);
    }
    close(fd);
    return why;
}

/// The path a local URL names: "file:/x" and a bare "/x" (FFmpeg's file protocol takes
/// both); NULL for anything else.
static inline const char *cffmpeg_local_path(const char *url) {
    if (strncmp(url, "file:", 5) == 0) return url + 5;
    return url[0] == '/' ? url : NULL;
}

/// Whether `url`'s protocol is on `whitelist` (libavformat's own reading of both); a NULL
/// whitelist allows everything, an unknown protocol nothing.
static inline int cffmpeg_protocol_allowed(const char *url, const char *whitelist) {
    if (!whitelist) return 1;
    const char *protocol = avio_find_protocol_name(url);
    return protocol && av_match_list(protocol, whitelist, ',') > 0;
}

/// The checks every open gets before anything is touched: the stop flag and the deadline,
/// the whitelist, and while the input opens, the count of opens and a local playlist's
/// text. 0, or the refusal's AVERROR.
static inline int cffmpeg_open_guard_check(cffmpeg_open_guard *guard, const char *url, int flags, const char *whitelist) {
    if (guard->interrupt && (cffmpeg_interrupt_stopped(guard->interrupt) || cffmpeg_interrupt_expired(guard->interrupt)))
        return cffmpeg_open_guard_refuse(guard, url, CFFMPEG_REFUSED_STOPPED);
    if (!cffmpeg_protocol_allowed(url, whitelist)) return cffmpeg_open_guard_refuse(guard, url, CFFMPEG_REFUSED_PROTOCOL);
    if (guard->counting) {
        guard->opens++;
        if (guard->opens > guard->max_opens) return cffmpeg_open_guard_refuse(guard, url, CFFMPEG_REFUSED_OPENS);
        const char *local = (flags & AVIO_FLAG_WRITE) ? NULL : cffmpeg_local_path(url);
        int why = local ? cffmpeg_open_guard_screen_local(guard, local, guard->opens > 1) : 0;
        if (why) return cffmpeg_open_guard_refuse(guard, url, why);
    }
    return 0;
}

/// The input itself read through a spool when it cannot seek (`spool_reader.h`: an MP4
/// whose index is at its end must be read there and then played from its start), else as
/// it is. On failure (out of memory) `*pb` is left as it was and the error returned.
static inline int cffmpeg_open_guard_spool(cffmpeg_open_guard *guard, AVIOContext **pb) {
    if (guard->spool_limit <= 0 || ((*pb)->seekable & AVIO_SEEKABLE_NORMAL)) return 0;
    AVIOContext *spool = cffmpeg_spool_wrap(*pb, guard->spool_limit, guard->interrupt, guard->spool_patience_ns);
    if (!spool) return AVERROR(ENOMEM);
    *pb = spool;
    return 0;
}

/// Frees a spool `pb` may be, and answers what is under it (`pb` itself when no spool).
static inline AVIOContext *cffmpeg_open_guard_unspool(AVIOContext *pb) {
    AVIOContext *inner = cffmpeg_spool_inner(pb);
    if (!inner) return pb;
    cffmpeg_spool_free(pb);
    return inner;
}

/// `*pb` read through a counted reader from now on; on failure `*pb` is closed by `close`.
static inline int cffmpeg_open_guard_count(cffmpeg_open_guard *guard, AVIOContext **pb, struct AVFormatContext *s,
                                           int (*close)(struct AVFormatContext *, AVIOContext *)) {
    AVIOContext *counted = cffmpeg_counted_reader_wrap(*pb, &guard->documents, s != NULL);
    if (!counted) {
        if (close) close(s, *pb); else avio_close(*pb);
        *pb = NULL;
        return AVERROR(ENOMEM);
    }
    *pb = counted;
    return 0;
}

/// Whether `url` is on `host` (its host name, any port, letters in either case); a NULL
/// host is every URL's.
static inline int cffmpeg_same_host(const char *url, const char *host) {
    if (!host) return 1;
    char name[1024];
    av_url_split(NULL, 0, NULL, 0, name, sizeof name, NULL, NULL, 0, url);
    return av_strcasecmp(name, host) == 0;
}

static int cffmpeg_guarded_io_open(struct AVFormatContext *s, AVIOContext **pb, const char *url, int flags,
                                   AVDictionary **options) {
    cffmpeg_open_guard *guard = (cffmpeg_open_guard *)s->opaque;
    if (!guard || !guard->default_open) return AVERROR(ENOSYS);
    int refused = cffmpeg_open_guard_check(guard, url, flags, s->protocol_whitelist);
    if (refused) return refused;
    // The hls and dash demuxers copy headers only from an input of libavformat's own http
    // context, which a counted reader is not: the guard adds them to every nested open, the
    // page's only on the page's host.
    AVDictionary *local = NULL;
    AVDictionary **used = options ? options : &local;
    int own_host = cffmpeg_same_host(url, guard->page_host);
    const char *headers = own_host ? guard->headers : guard->common_headers;
    if (headers) av_dict_set(used, "headers", headers, AV_DICT_DONT_OVERWRITE);
    if (own_host && guard->cookies) av_dict_set(used, "cookies", guard->cookies, AV_DICT_DONT_OVERWRITE);
    int result = guard->default_open(s, pb, url, flags, used);
    av_dict_free(&local);
    if (result < 0 && guard->counting) cffmpeg_open_guard_note_failure(guard, url, result);
    if (result < 0 || (flags & AVIO_FLAG_WRITE)) return result;
    return cffmpeg_open_guard_count(guard, pb, s, guard->default_close);
}

/// Closes what `cffmpeg_guarded_io_open` opened: a counted reader and the context it reads.
static int cffmpeg_guarded_io_close(struct AVFormatContext *s, AVIOContext *pb) {
    cffmpeg_open_guard *guard = (cffmpeg_open_guard *)s->opaque;
    int (*close)(struct AVFormatContext *, AVIOContext *) = guard ? guard->default_close : NULL;
    AVIOContext *inner = cffmpeg_counted_reader_inner(pb);
    if (inner) {
        cffmpeg_counted_reader_free(pb);
        pb = inner;
    }
    if (close) return close(s, pb);
    return avio_close(pb);
}

/// Puts `guard` between `context` and its opens and closes. Call before
/// avformat_open_input; the guard must outlive the context (segments are opened while it
/// plays).
static inline void cffmpeg_open_guard_install(AVFormatContext *context, cffmpeg_open_guard *guard) {
    guard->default_open = context->io_open;
    guard->default_close = context->io_close2;
    context->opaque = guard;
    context->io_open = cffmpeg_guarded_io_open;
    context->io_close2 = cffmpeg_guarded_io_close;
}

/// Opens the input itself, `url`, as avformat_open_input would (the same whitelist, and the
/// `extra` options as `key=value` pairs joined by `:`), through the guard's checks, a spool
/// when it cannot seek (an http server without Range) and a counted reader, and hands it to
/// `context` as its I/O: libavformat closes its own input with avio_close, which knows
/// nothing of either. The caller frees what it gets back in `*input` with
/// `cffmpeg_open_guard_close_input` after avformat_close_input.
static inline int cffmpeg_open_guard_open_input(cffmpeg_open_guard *guard, AVFormatContext *context, const char *url,
                                                const char *whitelist, const char *extra, AVIOContext **input) {
    *input = NULL;
    int refused = cffmpeg_open_guard_check(guard, url, AVIO_FLAG_READ, whitelist);
    if (refused) return refused;
    AVDictionary *options = NULL;
    av_dict_set(&options, "protocol_whitelist", whitelist, 0);
    if (extra) av_dict_parse_string(&options, extra, "=", ":", 0);
    if (guard->headers) av_dict_set(&options, "headers", guard->headers, 0);
    if (guard->cookies) av_dict_set(&options, "cookies", guard->cookies, 0);
    AVIOContext *inner = NULL;
    int result = avio_open2(&inner, url, AVIO_FLAG_READ, &context->interrupt_callback, &options);
    av_dict_free(&options);
    if (result < 0) return result;
    if ((result = cffmpeg_open_guard_spool(guard, &inner)) < 0) { avio_close(inner); return result; }
    AVIOContext *counted = cffmpeg_counted_reader_wrap(inner, &guard->documents, 0);
    if (!counted) {
        avio_close(cffmpeg_open_guard_unspool(inner));
        return AVERROR(ENOMEM);
    }
    *input = counted;
    context->pb = counted;
    context->flags |= AVFMT_FLAG_CUSTOM_IO;
    return 0;
}

/// Gives `context` our reader of standard input or a growing file, `reader`, through a
/// counted reader, and for standard input (`spools`) a spool under it; the caller frees
/// them after avformat_close_input with `cffmpeg_open_guard_close_custom`, then `reader`.
/// NULL when out of memory.
static inline AVIOContext *cffmpeg_open_guard_count_custom(cffmpeg_open_guard *guard, AVFormatContext *context,
                                                           AVIOContext *reader, int spools) {
    AVIOContext *inner = reader;
    if (spools && cffmpeg_open_guard_spool(guard, &inner) < 0) return NULL;
    AVIOContext *counted = cffmpeg_counted_reader_wrap(inner, &guard->documents, 0);
    if (!counted) {
        cffmpeg_open_guard_unspool(inner);
        return NULL;
    }
    context->pb = counted;
    context->flags |= AVFMT_FLAG_CUSTOM_IO;
    return counted;
}

/// The spool under what `cffmpeg_open_guard_open_input` or `_count_custom` made; NULL when
/// there is none.
static inline AVIOContext *cffmpeg_open_guard_input_spool(AVIOContext *input) {
    AVIOContext *inner = cffmpeg_counted_reader_inner(input);
    return cffmpeg_is_spool(inner) ? inner : NULL;
}

/// Frees what `cffmpeg_open_guard_count_custom` made, not the reader under it (NULL is let
/// through).
static inline void cffmpeg_open_guard_close_custom(AVIOContext *input) {
    AVIOContext *inner = cffmpeg_counted_reader_inner(input);
    cffmpeg_counted_reader_free(input);
    if (inner) cffmpeg_open_guard_unspool(inner);
}

/// Closes what `cffmpeg_open_guard_open_input` opened (NULL is let through).
static inline void cffmpeg_open_guard_close_input(AVIOContext *input) {
    AVIOContext *inner = cffmpeg_counted_reader_inner(input);
    cffmpeg_counted_reader_free(input);
    if (inner) avio_close(cffmpeg_open_guard_unspool(inner));
}

static inline int cffmpeg_open_guard_refused_documents(cffmpeg_open_guard *guard) {
    return __atomic_load_n(&guard->documents.refusals, __ATOMIC_ACQUIRE);
}

/// avformat_open_input with a protocol whitelist and, when `extra` is not NULL, the
/// options it lists as `key=value` pairs joined by `:` (the http protocol's reconnect
/// options for a URL); options no part of libavformat takes are left unused.
static inline int cffmpeg_open_input_whitelisted(AVFormatContext **context, const char *url, const char *whitelist,
                                                 const char *extra) {
    AVDictionary *options = NULL;
    av_dict_set(&options, "protocol_whitelist", whitelist, 0);
    if (extra) av_dict_parse_string(&options, extra, "=", ":", 0);
    int result = avformat_open_input(context, url, NULL, &options);
    av_dict_free(&options);
    return result;
}

#endif
