#ifndef INSET_CFFMPEG_COUNTED_READER_H
#define INSET_CFFMPEG_COUNTED_READER_H

// A reader that counts what it hands on and holds documents to their bounds
// (counted_reader.c; what it reads, counted_reader_scan.c).
#include <stdint.h>
#include <libavformat/avio.h>
#include "interrupt.h"

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

/// What the first bytes of an input are: a document, media, or undecided (more bytes are
/// needed; `at_end` decides with what there is). A UTF-8 byte order mark and leading blanks
/// are skipped; more than 64 blanks are a document (no media format starts so). Documents
/// are `#EXTM3U` (HLS), `<` (a DASH manifest, any XML or HTML), `WEBVTT` and `[Script Info]`
/// (text subtitles, which their demuxers read whole).
int cffmpeg_classify_head(const unsigned char *head, int length, int blanks, int at_end);
/// Feeds the first bytes read into the reader's decision.
void cffmpeg_counted_reader_look(cffmpeg_counted_reader *reader, const unsigned char *bytes, int count, int at_end);
/// Counts what the document's bytes name: HLS variant and rendition lines, DASH
/// representations. Returns the reason to refuse it, or 0.
int cffmpeg_counted_reader_scan(cffmpeg_counted_reader *reader, const unsigned char *bytes, int count);
/// `inner` read through a new counted reader, its documents held to `bounds` (NULL: none);
/// `nested` when the input named it. NULL when out of memory (`inner` is then still the
/// caller's).
AVIOContext *cffmpeg_counted_reader_wrap(AVIOContext *inner, cffmpeg_document_bounds *bounds, int nested);
/// `inner` read through a new counted reader that holds it to `bounds` as a document
/// whatever its first bytes are: a subtitle file (SubRip starts with a number, and
/// /dev/zero with nothing a document starts with) is text a demuxer reads whole, so all
/// of it is bounded, not only what looks like a playlist. NULL when out of memory.
AVIOContext *cffmpeg_counted_reader_wrap_document(AVIOContext *inner, cffmpeg_document_bounds *bounds);
/// Whether `pb` is a counted reader's: by its class's name. When these functions lived in
/// headers each Swift file had its own copy of them (and of the class), so a reader made
/// from one file did not compare equal by address from another; compiled once now, the name
/// is kept as the rule for every context the guard looks under. Only for contexts
/// libavformat or the guard opened, whose opaque begins with an AVClass (a URLContext, or
/// the reader).
int cffmpeg_is_counted_reader(const AVIOContext *pb);
/// The context a counted reader reads.
AVIOContext *cffmpeg_counted_reader_inner(AVIOContext *pb);
/// Forgets a read the interrupt cut short in the input's context `pb` and in the context
/// its counted reader reads: avio keeps an error (AVERROR_EXIT here) through a seek, and
/// the first read after the seek that woke the interrupt would fail with it.
void cffmpeg_io_forget_interrupt(AVIOContext *pb);
/// Bytes read through a counted reader so far, and what it found it reads.
long long cffmpeg_counted_reader_bytes(const AVIOContext *pb);
int cffmpeg_counted_reader_kind(const AVIOContext *pb);
/// Frees the reader itself (not its inner context, which the caller closes as it was
/// opened); NULL is let through.
void cffmpeg_counted_reader_free(AVIOContext *pb);

#endif
