#include "open_guard.h"
#include "spool_reader.h"
#include <libavutil/avstring.h>

/// The input itself read through a spool when it cannot seek (`spool_reader.h`: an MP4
/// whose index is at its end must be read there and then played from its start), else as
/// it is. On failure (out of memory) `*pb` is left as it was and the error returned.
static int cffmpeg_open_guard_spool(cffmpeg_open_guard *guard, AVIOContext **pb) {
    if (guard->spool_limit <= 0 || ((*pb)->seekable & AVIO_SEEKABLE_NORMAL)) return 0;
    AVIOContext *spool = cffmpeg_spool_wrap(*pb, guard->spool_limit, guard->interrupt, guard->spool_patience_ns);
    if (!spool) return AVERROR(ENOMEM);
    *pb = spool;
    return 0;
}

/// Frees a spool `pb` may be, and answers what is under it (`pb` itself when no spool).
static AVIOContext *cffmpeg_open_guard_unspool(AVIOContext *pb) {
    AVIOContext *inner = cffmpeg_spool_inner(pb);
    if (!inner) return pb;
    cffmpeg_spool_free(pb);
    return inner;
}

/// `*pb` read through a counted reader from now on; on failure `*pb` is closed by `close`.
static int cffmpeg_open_guard_count(cffmpeg_open_guard *guard, AVIOContext **pb, struct AVFormatContext *s,
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
static int cffmpeg_same_host(const char *url, const char *host) {
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

void cffmpeg_open_guard_install(AVFormatContext *context, cffmpeg_open_guard *guard) {
    guard->default_open = context->io_open;
    guard->default_close = context->io_close2;
    context->opaque = guard;
    context->io_open = cffmpeg_guarded_io_open;
    context->io_close2 = cffmpeg_guarded_io_close;
}

int cffmpeg_open_guard_open_input(cffmpeg_open_guard *guard, AVFormatContext *context, const char *url,
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

AVIOContext *cffmpeg_open_guard_count_custom(cffmpeg_open_guard *guard, AVFormatContext *context,
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

AVIOContext *cffmpeg_open_guard_input_spool(AVIOContext *input) {
    AVIOContext *inner = cffmpeg_counted_reader_inner(input);
    return cffmpeg_is_spool(inner) ? inner : NULL;
}

void cffmpeg_open_guard_close_custom(AVIOContext *input) {
    AVIOContext *inner = cffmpeg_counted_reader_inner(input);
    cffmpeg_counted_reader_free(input);
    if (inner) cffmpeg_open_guard_unspool(inner);
}

void cffmpeg_open_guard_close_input(AVIOContext *input) {
    AVIOContext *inner = cffmpeg_counted_reader_inner(input);
    cffmpeg_counted_reader_free(input);
    if (inner) avio_close(cffmpeg_open_guard_unspool(inner));
}

int cffmpeg_open_guard_refused_documents(cffmpeg_open_guard *guard) {
    return __atomic_load_n(&guard->documents.refusals, __ATOMIC_ACQUIRE);
}

int cffmpeg_open_input_whitelisted(AVFormatContext **context, const char *url, const char *whitelist,
                                   const char *extra) {
    AVDictionary *options = NULL;
    av_dict_set(&options, "protocol_whitelist", whitelist, 0);
    if (extra) av_dict_parse_string(&options, extra, "=", ":", 0);
    int result = avformat_open_input(context, url, NULL, &options);
    av_dict_free(&options);
    return result;
}
