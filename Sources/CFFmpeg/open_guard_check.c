// The checks every open of an input gets before anything is touched: the stop flag and
// the deadline, the protocol whitelist, the count of opens and a local playlist's text.
#include "open_guard.h"
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <libavutil/avstring.h>

void cffmpeg_open_guard_note_failure(cffmpeg_open_guard *guard, const char *url, int error) {
    if (guard->opens <= 1 || guard->failed_url[0]) return;
    size_t length = strlen(url);
    if (length >= sizeof guard->failed_url) length = sizeof guard->failed_url - 1;
    memcpy(guard->failed_url, url, length);
    guard->failed_url[length] = 0;
    guard->failed_error = error;
}

static int cffmpeg_open_guard_refuse(cffmpeg_open_guard *guard, const char *url, int why) {
    if (!guard->refused) guard->refused = why;
    cffmpeg_open_guard_note_failure(guard, url, AVERROR(EPERM));
    return AVERROR(EPERM);
}

/// Counts the variants and renditions of the local playlist at `path`, and its bytes, into
/// the guard; returns the reason to refuse it, or 0. A file that is not a playlist (no
/// #EXTM3U at its start) costs one short read. A playlist the input names (`nested`) must
/// be a media playlist, as HLS has it: a master there is how a playlist names itself for
/// ever, and libavformat 59's hls demuxer dereferences NULL when a rendition is a master.
static int cffmpeg_open_guard_screen_local(cffmpeg_open_guard *guard, const char *path, int nested) {
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
static const char *cffmpeg_local_path(const char *url) {
    if (strncmp(url, "file:", 5) == 0) return url + 5;
    return url[0] == '/' ? url : NULL;
}

/// Whether `url`'s protocol is on `whitelist` (libavformat's own reading of both); a NULL
/// whitelist allows everything, an unknown protocol nothing.
static int cffmpeg_protocol_allowed(const char *url, const char *whitelist) {
    if (!whitelist) return 1;
    const char *protocol = avio_find_protocol_name(url);
    return protocol && av_match_list(protocol, whitelist, ',') > 0;
}

int cffmpeg_open_guard_check(cffmpeg_open_guard *guard, const char *url, int flags, const char *whitelist) {
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
